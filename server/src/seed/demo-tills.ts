import { sql } from 'drizzle-orm';
import { jakartaDay, type PosSale, type PosTerms, type PosTermsAssociate } from '@portal/contract';
import { queryRows, type Db } from '../db/client.ts';
import { ringUp } from './till-terms.ts';

/** About this share of the demo's till baskets are an associate's, with the staff discount. */
export const STAFF_PURCHASE_SHARE = 0.08;
/** The day of each month an associate makes a bulk purchase (a family celebration's shopping) that can pass a quota. */
const BULK_PURCHASE_DAY = 20;
const BULK_UNITS = 40;

type Dated = {
  start_date: string;
  end_date: string;
};
type PromoRow = PosTerms['promos'][number] & Dated & { stores: number[] | null };
type GiftRow = PosTerms['gifts'][number] & Dated & { stores: number[] | null; provinces: string[] };

/**
 * What the demo's tills know, read once for the whole seed (asking the portal per store and day, as the simulator's
 * tills do through GET pos/terms, would cost the first start seconds): the offline promos and free gifts with their
 * periods and places, and the active associates by store. The portal checks every receipt by its own rules, so a
 * receipt these terms got wrong would stop the seed.
 */
export async function loadDemoTills(db: Db) {
  const promos = await queryRows<PromoRow>(
    db,
    sql`select p.code, p.promo_type, p.value, p.max_discount, p.min_purchase, p.member_scope, p.start_date::text as start_date, p.end_date::text as end_date,
        (select json_agg(pr.plu) from promo_products x join products pr on pr.id = x.product_id where x.promo_id = p.id) as plus,
        exists (select 1 from promo_consumers x where x.promo_id = p.id) as listed_consumers,
        (select json_agg(x.store_id) from promo_stores x where x.promo_id = p.id) as stores
      from promos p where p.status = 1 and p.channel = 1 order by p.code`,
  );
  const gifts = await queryRows<GiftRow>(
    db,
    sql`select f.code, f.min_purchase, f.start_date::text as start_date, f.end_date::text as end_date,
        coalesce((select json_agg(json_build_object('plu', pr.plu, 'quantity', x.quantity)) from free_gift_products x join products pr on pr.id = x.product_id where x.free_gift_id = f.id), '[]'::json) as items,
        (select json_agg(x.store_id) from free_gift_stores x where x.free_gift_id = f.id) as stores,
        coalesce((select json_agg(x.province_code) from free_gift_regions x where x.free_gift_id = f.id), '[]'::json) as provinces
      from free_gifts f where f.status = 1 order by f.min_purchase desc, f.code`,
  );
  const stores = await queryRows<{ id: number; code: string; province_code: string }>(db, sql`select id, code, province_code from stores where status = 1`);
  const provinceOf = new Map(stores.map((s) => [Number(s.id), s.province_code]));
  const associates = await queryRows<{ store_id: number; employee_no: string; monthly_quota: string }>(
    db,
    sql`select a.store_id, a.employee_no, a.monthly_quota from associates a join stores s on s.id = a.store_id and s.status = 1 where a.status = 1 order by a.employee_no`,
  );
  const byStore = new Map<number, PosTermsAssociate[]>();
  for (const a of associates) {
    const list = byStore.get(Number(a.store_id)) ?? [];
    list.push({ employee_no: a.employee_no, monthly_quota: Number(a.monthly_quota), used_this_month: 0 });
    byStore.set(Number(a.store_id), list);
  }
  // The bulk buyers: the associates with the smallest quotas, one a month in turn.
  const bulkBuyers = [...associates].sort((a, b) => Number(a.monthly_quota) - Number(b.monthly_quota) || a.employee_no.localeCompare(b.employee_no)).slice(0, 3);
  const numbers = (v: unknown): number[] => (Array.isArray(v) ? v.map(Number) : []);
  const on = (r: Dated, day: string) => r.start_date <= day && day <= r.end_date;

  const termsAt = (storeId: number, day: string): Pick<PosTerms, 'promos' | 'gifts'> => ({
    promos: promos
      .filter((p) => on(p, day) && (!numbers(p.stores).length || numbers(p.stores).includes(storeId)))
      .map((p) => ({ ...p, value: Number(p.value), max_discount: p.max_discount === null ? null : Number(p.max_discount), min_purchase: Number(p.min_purchase), promo_type: Number(p.promo_type), member_scope: Number(p.member_scope), listed_consumers: p.listed_consumers === true || String(p.listed_consumers) === 't' })),
    gifts: gifts
      .filter((g) => on(g, day) && (numbers(g.stores).length ? numbers(g.stores).includes(storeId) : g.provinces.includes(provinceOf.get(storeId) ?? '')))
      .map((g) => ({ ...g, min_purchase: Number(g.min_purchase) })),
  });

  return {
    termsAt,
    associatesOf: (storeId: number): PosTermsAssociate[] => byStore.get(storeId) ?? [],
    /** The month's bulk purchase on its day (a Jakarta date as UTC midnight), rung up at the buyer's store; none on other days. */
    bulkPurchaseOn(day: Date, now: Date, products: readonly { plu: string; price: string }[]): PosSale | undefined {
      if (day.getUTCDate() !== BULK_PURCHASE_DAY || !bulkBuyers.length || products.length < 5) return undefined;
      const at = new Date(day.getTime() + 4 * 3_600_000);
      if (at > now) return undefined;
      const month = day.getUTCFullYear() * 12 + day.getUTCMonth();
      const buyer = bulkBuyers[month % bulkBuyers.length]!;
      const storeId = Number(buyer.store_id);
      const store = stores.find((s) => Number(s.id) === storeId);
      if (!store) return undefined;
      const code = `${jakartaDay(at).replaceAll('-', '').slice(0, 6)}`;
      const receipt = {
        transaction_id: `POS-DEMO-STAFF-${code}`,
        store_code: store.code,
        channel: 1 as const,
        card_id: null,
        at: at.toISOString(),
        lines: products.slice(0, 5).map((p) => ({ plu: p.plu, quantity: BULK_UNITS, price: Number(p.price) })),
      };
      const associate = byStore.get(storeId)?.find((a) => a.employee_no === buyer.employee_no);
      return ringUp(receipt, termsAt(storeId, jakartaDay(at)), associate);
    },
  };
}
