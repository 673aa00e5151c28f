import { sql } from 'drizzle-orm';
import { posSalesSignedText, type PosSale, type PosSalesBody, type PosSalesResult } from '@portal/contract';
import { queryRows, type Db, type Tx } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import type { Config } from '../../config.ts';
import { staffPurchaseOf, type StaffPurchase, type TillReceipt, type TillReceiptParts } from '../../platform/till-receipts.ts';
import { verifyWebhook, webhookSecretOf } from '../../platform/webhook-signature.ts';
import { holdWriterLock } from './rollup-engine.ts';
import { SALES_SOURCE } from './sales-rollup.ts';

/** The secret the POS signs its sales batches with: POS_SECRET, else derived from the app key. */
export const posSalesSecretOf = (config: Pick<Config, 'POS_SECRET' | 'APP_SECRET' | 'APP_ENV' | 'DATA_DIR'>): string | Buffer => webhookSecretOf(config.POS_SECRET, config, 'pos-sales');

/** A sale as the portal records it: from the POS (a member card, if any) or from a delivered order (its consumer). */
export type SaleInput = PosSale & { consumer_id?: number | null };

/**
 * Records the stores' sales: each transaction once by its id, with its lines, its store and its member (by the card
 * scanned), in one statement per table. The rollups are not touched here: a job counts what is new from a watermark
 * (sales-rollup.ts), so a busy till never waits on a dashboard's counters.
 */
export class PosSalesService {
  constructor(
    private readonly db: Db,
    private readonly secret: string | Buffer,
    /** Called in the transaction that recorded new sales (the module queues the rollups' catch-up). */
    private readonly recorded: (tx: Tx, now: Date) => Promise<void> = async () => {},
    /** The other domains' rules over what a till applied (promos, free gifts, staff purchases); without them a receipt carrying any is refused. */
    private readonly till?: TillReceiptParts,
  ) {}

  /** The POS's signed batch: the signature first, then every store known, then the new transactions recorded. */
  async ingest(body: PosSalesBody, now: Date): Promise<PosSalesResult> {
    verifyWebhook(this.secret, posSalesSignedText(body.transactions), body.signature);
    return this.record(body.transactions, now);
  }

  async record(sales: readonly SaleInput[], now: Date): Promise<PosSalesResult> {
    const stores = await this.storeIds(sales);
    const seen = new Set<string>();
    const batchRepeats: string[] = [];
    const receipts: TillReceipt[] = [];
    const rows = sales.flatMap((s, index) => {
      if (seen.has(s.transaction_id)) {
        batchRepeats.push(s.transaction_id);
        return [];
      }
      seen.add(s.transaction_id);
      const storeId = stores.get(s.store_code.toLowerCase())!;
      receipts.push({ index, sale: s, storeId });
      const total = s.lines.reduce((n, l) => n + l.quantity * l.price, 0);
      const quantity = s.lines.reduce((n, l) => n + l.quantity, 0);
      return [{ tid: s.transaction_id, store_id: storeId, channel: s.channel, card: s.card_id, consumer_id: s.consumer_id ?? null, at: s.at, total, quantity, line_count: s.lines.length }];
    });
    const applied = await this.checkApplied(receipts);
    const promoIdOf = (code: string | undefined) => (code === undefined ? null : (applied.promoIds.get(code.toLowerCase()) ?? null));
    const lines = receipts.flatMap(({ sale: s }) =>
      s.lines.map((l, i) => ({ tid: s.transaction_id, line_no: i + 1, plu: l.plu.toUpperCase(), quantity: l.quantity, price: l.price, promo_id: promoIdOf(l.promo_code), discount: l.discount ?? null })),
    );
    const gifts = receipts.flatMap(({ sale: s }) => (s.gifts ?? []).map((g) => ({ tid: s.transaction_id, free_gift_id: applied.giftIds.get(g.code.toLowerCase()), plu: g.plu.toUpperCase(), quantity: g.quantity })));
    const inserted = await this.db.transaction(async (tx) => {
      // Held until commit: the rollups' watermark never passes an id that is not yet visible (rollup-engine.ts).
      await holdWriterLock(tx, SALES_SOURCE);
      const added = await queryRows<{ id: string; transaction_id: string; store_id: number; consumer_id: number | null; at: string }>(
        tx,
        sql`insert into sales_transactions (transaction_id, store_id, channel, consumer_id, at, total, quantity, line_count, received_at)
          select r.tid, r.store_id, r.channel, coalesce(r.consumer_id, c.id), r.at, r.total, r.quantity, r.line_count, ${now}
          from json_to_recordset(${JSON.stringify(rows)}::json) as r(tid text, store_id int, channel smallint, card text, consumer_id int, at timestamptz, total bigint, quantity int, line_count smallint)
          left join lateral (select id from consumers where r.card is not null and (app_card_id = r.card or physical_card_id = r.card) order by id limit 1) c on true
          order by r.tid
          on conflict (transaction_id) do nothing
          returning id, transaction_id, store_id, consumer_id, at`,
      );
      if (added.length) {
        await tx.execute(sql`insert into sales_lines (transaction_pk, line_no, plu, product_id, category_id, quantity, price, amount, promo_id, discount)
          select t.id, l.line_no, l.plu, p.id, p.category_id, l.quantity, l.price, l.quantity * l.price, l.promo_id, l.discount
          from json_to_recordset(${JSON.stringify(lines)}::json) as l(tid text, line_no smallint, plu text, quantity int, price bigint, promo_id int, discount bigint)
          join json_to_recordset(${JSON.stringify(added)}::json) as t(id bigint, transaction_id text) on t.transaction_id = l.tid
          left join products p on p.plu = l.plu`);
        if (gifts.length) {
          await tx.execute(sql`insert into sales_gifts (transaction_pk, free_gift_id, product_id, plu, quantity, store_id, consumer_id, at)
            select t.id, g.free_gift_id, p.id, g.plu, g.quantity, t.store_id, t.consumer_id, t.at
            from json_to_recordset(${JSON.stringify(gifts)}::json) as g(tid text, free_gift_id int, plu text, quantity int)
            join json_to_recordset(${JSON.stringify(added)}::json) as t(id bigint, transaction_id text, store_id int, consumer_id int, at timestamptz) on t.transaction_id = g.tid
            left join products p on p.plu = g.plu
            order by t.id`);
        }
        const ids = new Map(added.map((a) => [a.transaction_id, Number(a.id)]));
        const purchases = receipts.flatMap((r): StaffPurchase[] => {
          const id = ids.get(r.sale.transaction_id);
          const purchase = id === undefined ? null : staffPurchaseOf(r, id);
          return purchase ? [purchase] : [];
        });
        // checkApplied refused a staff purchase already when no ledger was given.
        if (purchases.length && this.till) await this.till.staff.record(tx, purchases);
        await this.recorded(tx, now);
      }
      return added;
    });
    const fresh = new Set(inserted.map((r) => r.transaction_id));
    return { accepted: inserted.length, duplicates: [...[...seen].filter((id) => !fresh.has(id)), ...batchRepeats] };
  }

  /**
   * What the tills applied (promos, free gifts, staff purchases), checked by the promotion and consumers domains' rules:
   * any refusal refuses the whole batch (422), naming each place. Receipts recorded before are not checked again: a
   * batch sent again is taken as it was, whatever changed since.
   */
  private async checkApplied(receipts: readonly TillReceipt[]): Promise<{ promoIds: ReadonlyMap<string, number>; giftIds: ReadonlyMap<string, number> }> {
    const carrying = receipts.filter((r) => r.sale.associate || r.sale.gifts || r.sale.lines.some((l) => l.promo_code !== undefined));
    if (!carrying.length) return { promoIds: new Map(), giftIds: new Map() };
    const known = await queryRows<{ transaction_id: string }>(
      this.db,
      sql`select transaction_id from sales_transactions where transaction_id in (select json_array_elements_text(${JSON.stringify(carrying.map((r) => r.sale.transaction_id))}::json))`,
    );
    const before = new Set(known.map((k) => k.transaction_id));
    const fresh = carrying.filter((r) => !before.has(r.sale.transaction_id));
    if (!fresh.length) return { promoIds: new Map(), giftIds: new Map() };
    if (!this.till) throw new AppError(422, 'unprocessable', 'This portal records no promos, free gifts or staff purchases from the tills', []);
    const offers = await this.till.offers.check(fresh, this.db);
    const refusals = [...offers.refusals, ...(await this.till.staff.check(fresh, this.db))].sort((a, b) => a.path.localeCompare(b.path, 'en', { numeric: true }));
    const [first] = refusals;
    if (first) throw new AppError(422, 'unprocessable', refusals.length > 1 ? `${first.message} (and ${refusals.length - 1} more)` : first.message, refusals.slice(0, 50));
    return offers;
  }

  /** The batch's stores by code (case aside); an unknown one refuses the whole batch, naming each place it appears. */
  private async storeIds(sales: readonly SaleInput[]): Promise<Map<string, number>> {
    const codes = [...new Set(sales.map((s) => s.store_code.toLowerCase()))];
    const found = await queryRows<{ id: number; code: string }>(
      this.db,
      sql`select id, lower(code) as code from stores where lower(code) in (select json_array_elements_text(${JSON.stringify(codes)}::json))`,
    );
    const ids = new Map(found.map((r) => [r.code, Number(r.id)]));
    const unknown = sales.flatMap((s, i) => (ids.has(s.store_code.toLowerCase()) ? [] : [{ path: `transactions.${i}.store_code`, message: `Store ${s.store_code} does not exist` }]));
    if (unknown.length) throw new AppError(422, 'unprocessable', `Unknown store: ${[...new Set(unknown.map((u) => u.message.split(' ')[1]))].join(', ')}`, unknown.slice(0, 50));
    return ids;
  }
}
