import { sql, type SQL } from 'drizzle-orm';
import {
  maskPhone,
  voucherUsedLogDetail,
  voucherUsedLogOption,
  voucherUsedLogRow,
  voucherUsedReceipt,
  type VoucherUsedLogDetail,
  type VoucherUsedLogListQuery,
  type VoucherUsedLogOption,
  type VoucherUsedLogRow,
  type VoucherUsedReceipt,
} from '@portal/contract';
import { queryRows, type Db } from '../../db/client.ts';
import { listOnly, ResourceService, type ListOnly, type ResourceDef } from '../../platform/crud/index.ts';
import { notFound } from '../../platform/errors.ts';
import { likePattern } from '../../platform/pagination.ts';
import { daysBetween } from '../../platform/sql/day-range.ts';
import { rowReader } from '../../platform/sql/row-reader.ts';

type UsedRecord = ListOnly<VoucherUsedLogRow>;

/** A voucher's code as the vouchers domain shows it on screen: its first and last four digits (the file has it whole). */
export const MASKED_CODE = sql`left(v.code, 4) || ' •••• •••• ' || right(v.code, 4)`;

/**
 * The vouchers' own tables, and the receipt the voucher paid: the POS's transaction whose number the redemption carried
 * (`sales_transactions.transaction_id`, unique), whose member card names the consumer. A receipt not yet sent by the
 * POS, or rung up without a card, leaves the consumer empty.
 */
const FROM = sql`from vouchers v join voucher_products vp on vp.id = v.voucher_product_id join partners pa on pa.id = v.partner_id
  join voucher_orders o on o.id = v.order_id join stores s on s.id = v.used_store_id
  left join sales_transactions st on st.transaction_id = v.pos_transaction_no left join consumers c on c.id = st.consumer_id`;

/** A whole voucher code: the barcode's 18 digits. */
const BARCODE = /^\d{18}$/;

/**
 * heimdal Voucher Used Log: the used vouchers (`used_at` set by the POS's redemption), newest first. The period, store
 * and partner filters are on the voucher itself with the use time beside them (partial indexes of 0037 and 0048), so a
 * page is chosen on `vouchers` alone and only its rows are joined; a consumer's redemptions are the vouchers of their
 * receipts (the receipts' consumer index, then the vouchers' transaction index).
 */
export const voucherUsedLogDef: ResourceDef<UsedRecord, VoucherUsedLogListQuery> = {
  entity: 'voucher',
  label: 'Voucher redemption',
  table: 'vouchers',
  select: sql`select v.id, v.used_at, ${MASKED_CODE} as masked_code, v.voucher_product_id, vp.voucher_code, vp.name as voucher_name, v.denomination,
    v.partner_id, pa.partner_code, pa.name as partner_name, v.order_id, o.order_number, v.used_store_id as store_id, s.code as store_code, s.name as store_name,
    v.pos_ref, v.pos_transaction_no, c.id as consumer_id, c.name as consumer_name, c.phone as consumer_phone, false as personal_masked, v.used_at as updated_at`,
  from: FROM,
  scope: sql`v.used_at is not null`,
  countFrom: () => sql`from vouchers v`,
  pageFrom: () => sql`from vouchers v`,
  id: 'v.id',
  toRow: listOnly(rowReader(voucherUsedLogRow)),
  sort: { used_at: 'v.used_at' },
  // A whole barcode is its voucher (the code's unique index); other text a POS transaction number or a voucher order
  // number, both index reads on the vouchers (the order's number read first, once).
  search: (_pattern, text) => {
    const typed = text.trim();
    if (BARCODE.test(typed)) return sql`v.code = ${typed}`;
    return sql`(v.pos_transaction_no = ${typed} or v.order_id = (select x.id from voucher_orders x where x.order_number = ${typed.toUpperCase()}))`;
  },
  where: (q) => [
    ...daysBetween('v.used_at', q.date_from, q.date_until),
    q.store_id !== undefined ? sql`v.used_store_id = ${q.store_id}` : undefined,
    q.partner_id !== undefined ? sql`v.partner_id = ${q.partner_id}` : undefined,
    q.consumer_id !== undefined
      ? sql`v.pos_transaction_no in (select r.transaction_id from sales_transactions r where r.consumer_id = ${q.consumer_id})`
      : undefined,
  ],
  writable: [],
};

/** A redemption as the caller may see it: the consumer's phone masked without the personal-data right. */
export function presentRedemption<T extends VoucherUsedLogRow>(row: T, unmasked: boolean): T {
  const { updated_at: _u, updated_by_name: _b, version: _v, ...shown } = row as T & Partial<UsedRecord>;
  const own = shown as T;
  return unmasked ? { ...own, personal_masked: false } : { ...own, consumer_phone: maskPhone(own.consumer_phone), personal_masked: true };
}

const readReceipt = rowReader(voucherUsedReceipt.omit({ lines: true }));
const readLine = rowReader(voucherUsedReceipt.shape.lines.element);
const readOption = rowReader(voucherUsedLogOption);
const readValidity = rowReader(voucherUsedLogDetail.pick({ released_at: true, valid_until: true }));

/** The log's redemptions, read-only; one with its voucher's validity and the receipt it paid; the filters' pickers. */
export class VoucherUsedLogService extends ResourceService<UsedRecord, VoucherUsedLogListQuery> {
  constructor(db: Db) {
    super(voucherUsedLogDef, db);
  }

  async detail(id: number): Promise<VoucherUsedLogDetail> {
    const row = await this.get(id);
    const [extra] = await queryRows<{ receipt_pk: string | null }>(
      this.db,
      sql`select v.released_at, to_char(v.valid_until, 'YYYY-MM-DD') as valid_until, st.id as receipt_pk
        from vouchers v left join sales_transactions st on st.transaction_id = v.pos_transaction_no where v.id = ${id}`,
    );
    if (!extra) throw notFound('Voucher redemption');
    return { ...row, ...readValidity(extra), receipt: extra.receipt_pk === null ? null : await this.receipt(Number(extra.receipt_pk)) };
  }

  /** The till receipt with its lines as rung up (the product's name where the catalogue knows its PLU). */
  private async receipt(pk: number): Promise<VoucherUsedReceipt> {
    const [head] = await queryRows(
      this.db,
      sql`select st.transaction_id, st.at, st.channel, s.code as store_code, s.name as store_name, st.total, st.quantity, st.consumer_id is not null as card_scanned
        from sales_transactions st join stores s on s.id = st.store_id where st.id = ${pk}`,
    );
    if (!head) throw notFound('Receipt');
    const lines = await queryRows(
      this.db,
      sql`select l.line_no, l.plu, p.name as product_name, l.quantity, l.price, l.amount, l.discount
        from sales_lines l left join products p on p.id = l.product_id where l.transaction_pk = ${pk} order by l.line_no`,
    );
    return { ...readReceipt(head), lines: lines.map(readLine) };
  }

  /** The store picker: by code or name. */
  stores(search: string | undefined, limit: number): Promise<VoucherUsedLogOption[]> {
    return this.options(sql`stores`, sql`code`, search, limit);
  }

  /** The partner picker: every partner (an inactive one has redemptions too), by code or name. */
  partners(search: string | undefined, limit: number): Promise<VoucherUsedLogOption[]> {
    return this.options(sql`partners`, sql`partner_code`, search, limit);
  }

  private async options(table: SQL, code: SQL, search: string | undefined, limit: number): Promise<VoucherUsedLogOption[]> {
    const like = search ? likePattern(search) : null;
    const rows = await queryRows(this.db, sql`select id, ${code} as code, name from ${table} ${like ? sql`where ${code} ilike ${like} or name ilike ${like}` : sql``} order by ${code} limit ${limit}`);
    return rows.map(readOption);
  }
}
