import { sql } from 'drizzle-orm';
import { CHANNEL, formatDateTime, formatRupiah, jakartaDay, posTermsGift, posTermsPromo, receiptGross, receiptPromoDiscount, type PosTermsGift, type PosTermsPromo } from '@portal/contract';
import { queryRows, type Db } from '../../db/client.ts';
import { rowReader } from '../../platform/sql/row-reader.ts';
import type { TillOfferCheck, TillOfferRules, TillReceipt, TillRefusal } from '../../platform/till-receipts.ts';

const readTermsPromo = rowReader(posTermsPromo);
const readTermsGift = rowReader(posTermsGift);

/** A day as people read it in a refusal (`05/Jan/2026`). */
const dayText = (day: string) => formatDateTime(`${day}T12:00:00+07:00`, 'en', false);
const channelText = (channel: number) => CHANNEL.options.find((o) => o.value === channel)?.label.toLowerCase() ?? String(channel);
/** What the customer paid for a receipt: its lines less their promo discounts and the staff discount. */
const paidOf = (r: TillReceipt) => receiptGross(r.sale.lines) - receiptPromoDiscount(r.sale.lines) - (r.sale.associate?.discount ?? 0);

interface PromoUse {
  path: string;
  receipt: string;
  code: string;
  plu: string;
  store_id: number;
  store_code: string;
  day: string;
  channel: number;
  card: string | null;
  gross: number;
}

type PromoFound = {
  path: string;
  id: number | null;
  status: number;
  channel: number;
  start_date: string;
  end_date: string;
  member_scope: number;
  min_purchase: string;
  at_store: boolean;
  has_product: boolean;
  member: boolean;
  listed_consumer: boolean;
};

interface GiftUse {
  path: string;
  receipt: string;
  code: string;
  plu: string;
  quantity: number;
  store_id: number;
  store_code: string;
  day: string;
  paid: number;
}

type GiftFound = {
  path: string;
  id: number | null;
  status: number;
  start_date: string;
  end_date: string;
  min_purchase: string;
  at_store: boolean;
  gift_quantity: number | null;
};

/**
 * The promotion domain's rules over what a till applied (POST pos/sales): a promo on a line must exist, be active, be
 * for the receipt's channel, run on the receipt's Jakarta day, apply at its store (no stores listed: every store) and
 * to the line's product (no products listed: every product), reach the receipt's gross by its minimum purchase, and
 * find its member: an app-member promo needs a member card scanned, a promo listing consumers one of them. A free gift
 * must exist, be active, run that day, be given at the store (its stores, or with none every store of its regions),
 * hand over one of its gift products at most in its quantity, and the receipt must reach its minimum purchase by what
 * the customer paid. Each refusal names its place in the batch.
 */
export class TillOfferService implements TillOfferRules {
  async check(receipts: readonly TillReceipt[], db: Db): Promise<TillOfferCheck> {
    const stores = await this.storeCodes(receipts, db);
    const promoUses: PromoUse[] = [];
    const giftUses: GiftUse[] = [];
    for (const r of receipts) {
      const base = { receipt: r.sale.transaction_id, store_id: r.storeId, store_code: stores.get(r.storeId) ?? String(r.storeId), day: jakartaDay(new Date(r.sale.at)) };
      r.sale.lines.forEach((l, j) => {
        if (l.promo_code !== undefined) {
          promoUses.push({ ...base, path: `transactions.${r.index}.lines.${j}.promo_code`, code: l.promo_code, plu: l.plu.toUpperCase(), channel: r.sale.channel, card: r.sale.card_id, gross: receiptGross(r.sale.lines) });
        }
      });
      (r.sale.gifts ?? []).forEach((g, k) => {
        giftUses.push({ ...base, path: `transactions.${r.index}.gifts.${k}.code`, code: g.code, plu: g.plu.toUpperCase(), quantity: g.quantity, paid: paidOf(r) });
      });
    }
    const [promos, gifts] = [await this.promosOf(promoUses, db), await this.giftsOf(giftUses, db)];
    return { refusals: [...promos.refusals, ...gifts.refusals], promoIds: promos.ids, giftIds: gifts.ids };
  }

  /** The offline promos and free gifts active at a store on a Jakarta day, as the rules above take them. */
  async termsAt(storeId: number, day: string, db: Db): Promise<{ promos: PosTermsPromo[]; gifts: PosTermsGift[] }> {
    const promos = await queryRows(
      db,
      sql`select p.code, p.promo_type, p.value, p.max_discount, p.min_purchase, p.member_scope,
          (select json_agg(pr.plu order by pr.plu) from promo_products x join products pr on pr.id = x.product_id where x.promo_id = p.id) as plus,
          exists (select 1 from promo_consumers x where x.promo_id = p.id) as listed_consumers
        from promos p
        where p.status = 1 and p.channel = 1 and p.start_date <= ${day}::date and p.end_date >= ${day}::date
          and (not exists (select 1 from promo_stores x where x.promo_id = p.id) or exists (select 1 from promo_stores x where x.promo_id = p.id and x.store_id = ${storeId}))
        order by p.code`,
    );
    const gifts = await queryRows(
      db,
      sql`select f.code, f.min_purchase,
          coalesce((select json_agg(json_build_object('plu', pr.plu, 'quantity', x.quantity) order by pr.plu) from free_gift_products x join products pr on pr.id = x.product_id where x.free_gift_id = f.id), '[]'::json) as items
        from free_gifts f
        where f.status = 1 and f.start_date <= ${day}::date and f.end_date >= ${day}::date
          and (exists (select 1 from free_gift_stores x where x.free_gift_id = f.id and x.store_id = ${storeId})
            or (not exists (select 1 from free_gift_stores x where x.free_gift_id = f.id)
              and exists (select 1 from free_gift_regions x join stores s on s.province_code = x.province_code where x.free_gift_id = f.id and s.id = ${storeId})))
        order by f.min_purchase desc, f.code`,
    );
    return { promos: promos.map(readTermsPromo), gifts: gifts.map(readTermsGift) };
  }

  private async storeCodes(receipts: readonly TillReceipt[], db: Db): Promise<Map<number, string>> {
    const ids = [...new Set(receipts.map((r) => r.storeId))];
    const rows = await queryRows<{ id: number; code: string }>(db, sql`select id, code from stores where id in (select (json_array_elements_text(${JSON.stringify(ids)}::json))::int)`);
    return new Map(rows.map((r) => [Number(r.id), r.code]));
  }

  private async promosOf(uses: PromoUse[], db: Db): Promise<{ refusals: TillRefusal[]; ids: Map<string, number> }> {
    if (!uses.length) return { refusals: [], ids: new Map() };
    const found = await queryRows<PromoFound>(
      db,
      sql`select u.path, p.id, p.status, p.channel, p.start_date::text as start_date, p.end_date::text as end_date, p.member_scope, p.min_purchase,
          (not exists (select 1 from promo_stores x where x.promo_id = p.id) or exists (select 1 from promo_stores x where x.promo_id = p.id and x.store_id = u.store_id)) as at_store,
          (not exists (select 1 from promo_products x where x.promo_id = p.id)
            or exists (select 1 from promo_products x join products pr on pr.id = x.product_id where x.promo_id = p.id and pr.plu = u.plu)) as has_product,
          c.id is not null as member,
          (not exists (select 1 from promo_consumers x where x.promo_id = p.id) or exists (select 1 from promo_consumers x where x.promo_id = p.id and x.phone = c.phone)) as listed_consumer
        from json_to_recordset(${JSON.stringify(uses)}::json) as u(path text, code text, plu text, store_id int, card text)
        left join promos p on lower(p.code) = lower(u.code)
        left join lateral (select id, phone from consumers where u.card is not null and (app_card_id = u.card or physical_card_id = u.card) order by id limit 1) c on true`,
    );
    const byPath = new Map(found.map((f) => [f.path, f]));
    const ids = new Map<string, number>();
    const refusals = uses.flatMap((u): TillRefusal[] => {
      const p = byPath.get(u.path);
      const problem = p ? promoProblem(u, p) : `Promo ${u.code} does not exist`;
      if (p?.id != null) ids.set(u.code.toLowerCase(), Number(p.id));
      return problem ? [{ path: u.path, message: `Transaction ${u.receipt}: ${problem}` }] : [];
    });
    return { refusals, ids };
  }

  private async giftsOf(uses: GiftUse[], db: Db): Promise<{ refusals: TillRefusal[]; ids: Map<string, number> }> {
    if (!uses.length) return { refusals: [], ids: new Map() };
    const found = await queryRows<GiftFound>(
      db,
      sql`select u.path, f.id, f.status, f.start_date::text as start_date, f.end_date::text as end_date, f.min_purchase,
          (exists (select 1 from free_gift_stores x where x.free_gift_id = f.id and x.store_id = u.store_id)
            or (not exists (select 1 from free_gift_stores x where x.free_gift_id = f.id)
              and exists (select 1 from free_gift_regions x join stores s on s.province_code = x.province_code where x.free_gift_id = f.id and s.id = u.store_id))) as at_store,
          (select x.quantity from free_gift_products x join products pr on pr.id = x.product_id where x.free_gift_id = f.id and pr.plu = u.plu) as gift_quantity
        from json_to_recordset(${JSON.stringify(uses)}::json) as u(path text, code text, plu text, store_id int)
        left join free_gifts f on lower(f.code) = lower(u.code)`,
    );
    const byPath = new Map(found.map((f) => [f.path, f]));
    const ids = new Map<string, number>();
    const refusals = uses.flatMap((u): TillRefusal[] => {
      const f = byPath.get(u.path);
      const problem = f ? giftProblem(u, f) : `Free gift ${u.code} does not exist`;
      if (f?.id != null) ids.set(u.code.toLowerCase(), Number(f.id));
      return problem ? [{ path: u.path, message: `Transaction ${u.receipt}: ${problem}` }] : [];
    });
    return { refusals, ids };
  }
}

/** Why a promo cannot be on this line, or null when it can. */
function promoProblem(u: PromoUse, p: PromoFound): string | null {
  if (p.id == null) return `Promo ${u.code} does not exist`;
  if (Number(p.status) !== 1) return `Promo ${u.code} is not active`;
  if (Number(p.channel) !== u.channel) return `Promo ${u.code} is for ${channelText(Number(p.channel))} sales, the receipt is ${channelText(u.channel)}`;
  if (u.day < p.start_date || u.day > p.end_date) return `Promo ${u.code} runs ${dayText(p.start_date)} – ${dayText(p.end_date)}, not on ${dayText(u.day)}`;
  if (!p.at_store) return `Promo ${u.code} does not apply at store ${u.store_code}`;
  if (!p.has_product) return `Product ${u.plu} is not in promo ${u.code}`;
  if (u.gross < Number(p.min_purchase)) return `Promo ${u.code} needs a purchase of at least ${formatRupiah(Number(p.min_purchase))}, the receipt comes to ${formatRupiah(u.gross)}`;
  if (Number(p.member_scope) === 1 && !p.member) return `Promo ${u.code} is for app members and the receipt carries no member's card`;
  if (!p.listed_consumer) return `Promo ${u.code} is for its listed consumers only`;
  return null;
}

/** Why a free gift cannot be handed over with this receipt, or null when it can. */
function giftProblem(u: GiftUse, f: GiftFound): string | null {
  if (f.id == null) return `Free gift ${u.code} does not exist`;
  if (Number(f.status) !== 1) return `Free gift ${u.code} is not active`;
  if (u.day < f.start_date || u.day > f.end_date) return `Free gift ${u.code} runs ${dayText(f.start_date)} – ${dayText(f.end_date)}, not on ${dayText(u.day)}`;
  if (!f.at_store) return `Free gift ${u.code} is not given at store ${u.store_code}`;
  if (f.gift_quantity == null) return `Product ${u.plu} is not a gift of ${u.code}`;
  if (u.quantity > Number(f.gift_quantity)) return `Free gift ${u.code} gives at most ${f.gift_quantity} of ${u.plu}`;
  if (u.paid < Number(f.min_purchase)) return `Free gift ${u.code} needs a purchase of at least ${formatRupiah(Number(f.min_purchase))}, the receipt comes to ${formatRupiah(u.paid)}`;
  return null;
}
