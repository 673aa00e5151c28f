import { sql, type SQL } from 'drizzle-orm';
import {
  addDays,
  daysBetween,
  jakartaDay,
  jakartaDayStart,
  outstandingVoucherRow,
  outstandingVoucherTotals,
  salesRedeemRow,
  voucherFlowTotals,
  voucherRecapRow,
  voucherRedeemRow,
  voucherReportOption,
  voucherReportPeriod,
  voucherSellingRow,
  voucherSellingTotals,
  type ListMeta,
  type OutstandingVoucherQuery,
  type OutstandingVoucherRow,
  type OutstandingVoucherTotals,
  type OutstandingVoucherTotalsQuery,
  type SalesRedeemQuery,
  type SalesRedeemRow,
  type VoucherFlowQuery,
  type VoucherFlowTotals,
  type VoucherRecapQuery,
  type VoucherRecapRow,
  type VoucherRedeemQuery,
  type VoucherRedeemRow,
  type VoucherRedeemTotals,
  type VoucherRedeemTotalsQuery,
  type VoucherReportOption,
  type VoucherSellingQuery,
  type VoucherSellingRow,
  type VoucherSellingTotals,
  type VoucherSellingTotalsQuery,
} from '@portal/contract';
import { queryRows, type Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { groupedPage, listOnly, ResourceService, type GroupedReport, type ListOnly, type ResourceDef } from '../../platform/crud/index.ts';
import { likePattern, whereOf } from '../../platform/pagination.ts';
import { rowReader } from '../../platform/sql/row-reader.ts';

/*
 * pandora's E-voucher Reports. Totals and aggregates read `voucher_day_totals` (per Jakarta day, partner, voucher product
 * and store: released on the release day, used on the use day at its store, expired on the day after the last valid
 * day), which the release job and the POS redemption keep exact: a month is at most days × partners × products × stores
 * rows whatever the number of vouchers. Lists of vouchers and orders read their tables through an index on the period.
 */

/** The instants a period of Jakarta days covers: from the first day's start up to (not including) the day after the last. */
const instants = (p: { from: string; to: string }) => ({ start: jakartaDayStart(p.from), end: jakartaDayStart(addDays(p.to, 1)) });
const partnerIs = (id: number | undefined): SQL => (id ? sql`and t.partner_id = ${id}` : sql``);

/** A period's flows over the day totals `t`, each by the day it happened; expiries only up to today (later ones may still be used). */
const flowSums = (today: string) => sql`coalesce(sum(t.released_count), 0)::bigint as released_count, coalesce(sum(t.released_value), 0)::bigint as released_value,
  coalesce(sum(t.used_count), 0)::bigint as used_count, coalesce(sum(t.used_value), 0)::bigint as used_value,
  coalesce(sum(t.expired_count) filter (where t.day <= ${today}::date), 0)::bigint as expired_count,
  coalesce(sum(t.expired_value) filter (where t.day <= ${today}::date), 0)::bigint as expired_value`;

/**
 * What was outstanding at the end of `end`, per partner and voucher product. Every voucher ever released is counted
 * once more in the totals, as used (its use day) or as expired (the day after its last valid day, future days included
 * while unused), so released − used − expired up to `end` equals used + expired − released after it. Both read the
 * same answer; `before` says which side of the day is read, the one with fewer days of rows.
 */
function outstandingAt(end: string, before: boolean, partnerId: number | undefined): SQL {
  const [sign, days] = before ? [sql``, sql`t.day <= ${end}::date`] : [sql`-`, sql`t.day > ${end}::date`];
  return sql`select t.partner_id, t.voucher_product_id,
      ${sign}sum(t.released_count - t.used_count - t.expired_count) as outstanding_count,
      ${sign}sum(t.released_value - t.used_value - t.expired_value) as outstanding_value
    from voucher_day_totals t where ${days} ${partnerIs(partnerId)} group by t.partner_id, t.voucher_product_id
    having sum(t.released_count - t.used_count - t.expired_count) <> 0`;
}

/** The partner and voucher product of an aggregate `r`, named. */
const NAMED = sql`join partners p on p.id = r.partner_id join voucher_products vp on vp.id = r.voucher_product_id`;
const PARTNER_PRODUCT = sql`select r.partner_id || ':' || r.voucher_product_id as id, r.partner_id, p.partner_code, p.name as partner_name,
  r.voucher_product_id, vp.voucher_code, vp.name as voucher_name`;
/** What makes a partner-and-product row unique, after the chosen sort. */
export const PARTNER_PRODUCT_TIE = ['r.partner_id', 'r.voucher_product_id'] as const;
const PARTNER_PRODUCT_SORT = { partner_name: 'lower(p.name)', voucher_name: 'lower(vp.name)' };

/** Voucher Redeem Report: the vouchers used at a store in the period, through the used-vouchers indexes. */
export function voucherRedeemDef(clock: Clock): ResourceDef<ListOnly<VoucherRedeemRow>, VoucherRedeemQuery> {
  return {
    entity: 'voucher',
    label: 'Voucher',
    table: 'vouchers',
    select: sql`select v.id, v.used_at, s.code as store_code, s.name as store_name, left(v.code, 4) || ' •••• •••• ' || right(v.code, 4) as masked_code,
      vp.voucher_code, vp.name as voucher_name, v.denomination, pa.name as partner_name, o.order_number, v.pos_transaction_no, v.used_at as updated_at`,
    from: sql`from vouchers v join stores s on s.id = v.used_store_id join voucher_products vp on vp.id = v.voucher_product_id
      join partners pa on pa.id = v.partner_id join voucher_orders o on o.id = v.order_id`,
    countFrom: () => sql`from vouchers v`,
    pageFrom: () => sql`from vouchers v`,
    id: 'v.id',
    toRow: listOnly(rowReader(voucherRedeemRow)),
    sort: { used_at: 'v.used_at' },
    where: (q) => {
      const { start, end } = instants(voucherReportPeriod(q, jakartaDay(clock.now())));
      return [
        sql`v.used_at >= ${start} and v.used_at < ${end}`,
        q.partner_id !== undefined ? sql`v.partner_id = ${q.partner_id}` : undefined,
        q.store_id !== undefined ? sql`v.used_store_id = ${q.store_id}` : undefined,
      ];
    },
    writable: [],
  };
}

/** The conditions of the Voucher Selling Report: orders released (status done, vouchers generated) in the period. */
function sellingConditions(q: VoucherSellingTotalsQuery, today: string): SQL[] {
  const { start, end } = instants(voucherReportPeriod(q, today));
  return [
    sql`o.status = 'done' and o.released_at is not null and o.released_at >= ${start} and o.released_at < ${end}`,
    ...(q.partner_id !== undefined ? [sql`o.partner_id = ${q.partner_id}`] : []),
    ...(q.payment_method !== undefined ? [sql`o.payment_method = ${q.payment_method}`] : []),
  ];
}

/** Voucher Selling Report: the orders whose vouchers were released in the period, by the release's end. */
export function voucherSellingDef(clock: Clock): ResourceDef<ListOnly<VoucherSellingRow>, VoucherSellingQuery> {
  return {
    entity: 'voucher-order',
    label: 'Voucher order',
    table: 'voucher_orders',
    select: sql`select o.id, o.order_number, o.partner_id, p.partner_code, p.name as partner_name, o.payment_method, o.voucher_count, o.released_count,
      o.total_amount, to_char(o.payment_date, 'YYYY-MM-DD') as payment_date, o.payment_ref, o.receipt_no, o.released_at, o.released_at as updated_at`,
    from: sql`from voucher_orders o join partners p on p.id = o.partner_id`,
    countFrom: () => sql`from voucher_orders o`,
    pageFrom: () => sql`from voucher_orders o`,
    id: 'o.id',
    toRow: listOnly(rowReader(voucherSellingRow)),
    sort: { released_at: 'o.released_at' },
    where: (q) => sellingConditions(q, jakartaDay(clock.now())),
    writable: [],
  };
}

/** Outstanding Voucher Report: the partner-and-product rows outstanding at the end of the `as_of` day. */
export const outstandingReport = (days: (end: string) => boolean, clock: Clock): GroupedReport<OutstandingVoucherTotalsQuery> => ({
  select: sql`${PARTNER_PRODUCT}, r.outstanding_count, r.outstanding_value, r.as_of`,
  from: (q) => {
    const end = asOf(q, clock);
    return sql`from (select o.*, ${end}::date as as_of from (${outstandingAt(end, days(end), q.partner_id)}) o) r ${NAMED}`;
  },
  sort: { ...PARTNER_PRODUCT_SORT, outstanding_count: 'r.outstanding_count', outstanding_value: 'r.outstanding_value' },
  tie: PARTNER_PRODUCT_TIE,
});

/** The day the outstanding report counts at the end of: `as_of`, never after today (Jakarta). */
const asOf = (q: { as_of?: string | undefined }, clock: Clock): string => {
  const today = jakartaDay(clock.now());
  return q.as_of && q.as_of < today ? q.as_of : today;
};

/** The end of a period the outstanding figures are counted at: its last day, or today when it ends later. */
const outstandingDay = (to: string, today: string) => (to < today ? to : today);

/** Recap Voucher Report: per partner and product, the period's flows and what was outstanding at its end. */
export const recapReport = (days: (end: string) => boolean, clock: Clock): GroupedReport<VoucherFlowQuery> => ({
  select: sql`${PARTNER_PRODUCT}, r.released_count, r.released_value, r.used_count, r.used_value, r.expired_count, r.expired_value, r.outstanding_count, r.outstanding_value`,
  from: (q) => {
    const today = jakartaDay(clock.now());
    const { from, to } = voucherReportPeriod(q, today);
    const end = outstandingDay(to, today);
    return sql`from (
        select coalesce(f.partner_id, o.partner_id) as partner_id, coalesce(f.voucher_product_id, o.voucher_product_id) as voucher_product_id,
          coalesce(f.released_count, 0) as released_count, coalesce(f.released_value, 0) as released_value, coalesce(f.used_count, 0) as used_count,
          coalesce(f.used_value, 0) as used_value, coalesce(f.expired_count, 0) as expired_count, coalesce(f.expired_value, 0) as expired_value,
          coalesce(o.outstanding_count, 0) as outstanding_count, coalesce(o.outstanding_value, 0) as outstanding_value
        from (select t.partner_id, t.voucher_product_id, ${flowSums(today)} from voucher_day_totals t
            where t.day between ${from}::date and ${to}::date ${partnerIs(q.partner_id)} group by t.partner_id, t.voucher_product_id
            having sum(t.released_count) <> 0 or sum(t.used_count) <> 0 or coalesce(sum(t.expired_count) filter (where t.day <= ${today}::date), 0) <> 0) f
        full join (${outstandingAt(end, days(end), q.partner_id)}) o on o.partner_id = f.partner_id and o.voucher_product_id = f.voucher_product_id
      ) r ${NAMED}`;
  },
  sort: { ...PARTNER_PRODUCT_SORT, released_value: 'r.released_value', used_value: 'r.used_value', expired_value: 'r.expired_value', outstanding_value: 'r.outstanding_value' },
  tie: PARTNER_PRODUCT_TIE,
});

/** Sales and Redeem Voucher Report: every day of the period, with what was sold (released) and redeemed (used) on it. */
export const salesRedeemReport = (clock: Clock): GroupedReport<VoucherFlowQuery> => ({
  select: sql`select r.day::text as id, r.day::text as day, r.released_count, r.released_value, r.used_count, r.used_value`,
  from: (q) => {
    const { from, to } = voucherReportPeriod(q, jakartaDay(clock.now()));
    return sql`from (
        select d.day::date as day, coalesce(x.released_count, 0) as released_count, coalesce(x.released_value, 0) as released_value,
          coalesce(x.used_count, 0) as used_count, coalesce(x.used_value, 0) as used_value
        from generate_series(${from}::date, ${to}::date, interval '1 day') as d(day)
        left join (select t.day, sum(t.released_count) as released_count, sum(t.released_value) as released_value, sum(t.used_count) as used_count,
            sum(t.used_value) as used_value
          from voucher_day_totals t where t.day between ${from}::date and ${to}::date ${partnerIs(q.partner_id)} group by t.day) x on x.day = d.day::date
      ) r`;
  },
  sort: { day: 'r.day' },
  tie: ['r.day'],
});

const readFlows = rowReader(voucherFlowTotals);
const readOutstandingTotals = rowReader(outstandingVoucherTotals);
const readOption = rowReader(voucherReportOption);
const readSellingTotals = rowReader(voucherSellingTotals);
const readOutstanding = rowReader(outstandingVoucherRow);
const readRecap = rowReader(voucherRecapRow);
const readSalesRedeem = rowReader(salesRedeemRow);

/** The six reports' reads (the Voucher Report's rows are the issued vouchers' list). */
export class VoucherReportService {
  readonly redeem: ResourceService<ListOnly<VoucherRedeemRow>, VoucherRedeemQuery>;
  readonly selling: ResourceService<ListOnly<VoucherSellingRow>, VoucherSellingQuery>;
  readonly outstandingReport: GroupedReport<OutstandingVoucherTotalsQuery>;
  readonly recapReport: GroupedReport<VoucherFlowQuery>;
  readonly salesRedeemReport: GroupedReport<VoucherFlowQuery>;
  /** The first day of the day totals, read once per statement that needs it (the primary key's first entry). */
  private first: string | null = null;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {
    this.redeem = new ResourceService(voucherRedeemDef(clock), db);
    this.selling = new ResourceService(voucherSellingDef(clock), db);
    this.outstandingReport = outstandingReport((end) => this.readsBefore(end), clock);
    this.recapReport = recapReport((end) => this.readsBefore(end), clock);
    this.salesRedeemReport = salesRedeemReport(clock);
  }

  /** Whether the day totals up to `end` span fewer days than those after it up to today (see outstandingAt). */
  private readsBefore(end: string): boolean {
    const today = jakartaDay(this.clock.now());
    return this.first === null || daysBetween(this.first, end) < daysBetween(end, today);
  }

  /** Reads the first day of the totals, for the choice of side in the statements built next. */
  async prepare(): Promise<void> {
    const [row] = await queryRows<{ first: string | null }>(this.db, sql`select min(day)::text as first from voucher_day_totals`);
    this.first = row?.first ?? null;
  }

  /** Released, used and expired on the period's days and outstanding at its end, for a partner or all. */
  async flowTotals(q: VoucherFlowQuery): Promise<VoucherFlowTotals> {
    await this.prepare();
    const today = jakartaDay(this.clock.now());
    const { from, to } = voucherReportPeriod(q, today);
    const end = outstandingDay(to, today);
    const [row] = await queryRows(
      this.db,
      sql`select ${from}::text as date_from, ${to}::text as date_until, ${end}::text as outstanding_on, f.*, o.outstanding_count, o.outstanding_value
        from (select ${flowSums(today)} from voucher_day_totals t where t.day between ${from}::date and ${to}::date ${partnerIs(q.partner_id)}) f
        cross join (select coalesce(sum(x.outstanding_count), 0)::bigint as outstanding_count, coalesce(sum(x.outstanding_value), 0)::bigint as outstanding_value
          from (${outstandingAt(end, this.readsBefore(end), q.partner_id)}) x) o`,
    );
    return readFlows(row ?? {});
  }

  async outstanding(q: OutstandingVoucherQuery): Promise<{ data: OutstandingVoucherRow[]; meta: ListMeta }> {
    await this.prepare();
    return groupedPage(this.db, this.outstandingReport, this.outstandingReport.from(q), q, readOutstanding);
  }

  async outstandingTotals(q: OutstandingVoucherTotalsQuery): Promise<OutstandingVoucherTotals> {
    await this.prepare();
    const end = asOf(q, this.clock);
    const [row] = await queryRows(
      this.db,
      sql`select ${end}::text as as_of, coalesce(sum(o.outstanding_count), 0)::bigint as outstanding_count, coalesce(sum(o.outstanding_value), 0)::bigint as outstanding_value
        from (${outstandingAt(end, this.readsBefore(end), q.partner_id)}) o`,
    );
    return readOutstandingTotals(row ?? {});
  }

  async recap(q: VoucherRecapQuery): Promise<{ data: VoucherRecapRow[]; meta: ListMeta }> {
    await this.prepare();
    return groupedPage(this.db, this.recapReport, this.recapReport.from(q), q, readRecap);
  }

  salesRedeem(q: SalesRedeemQuery): Promise<{ data: SalesRedeemRow[]; meta: ListMeta }> {
    return groupedPage(this.db, this.salesRedeemReport, this.salesRedeemReport.from(q), q, readSalesRedeem);
  }

  /** The redemptions of the period in all and per store (most redeemed first), from the day totals' store rows. */
  async redeemTotals(q: VoucherRedeemTotalsQuery): Promise<VoucherRedeemTotals> {
    const { from, to } = voucherReportPeriod(q, jakartaDay(this.clock.now()));
    const stores = await queryRows(
      this.db,
      sql`select t.store_id, s.code as store_code, s.name as store_name, sum(t.used_count)::bigint as used_count, sum(t.used_value)::bigint as used_value
        from voucher_day_totals t join stores s on s.id = t.store_id
        where t.day between ${from}::date and ${to}::date and t.store_id <> 0 ${partnerIs(q.partner_id)} ${q.store_id ? sql`and t.store_id = ${q.store_id}` : sql``}
        group by t.store_id, s.code, s.name having sum(t.used_count) <> 0 order by sum(t.used_value) desc, s.code`,
    );
    const rows = stores.map((s) => ({ store_id: Number(s.store_id), store_code: String(s.store_code), store_name: String(s.store_name), used_count: Number(s.used_count), used_value: Number(s.used_value) }));
    return {
      date_from: from,
      date_until: to,
      used_count: rows.reduce((n, s) => n + s.used_count, 0),
      used_value: rows.reduce((n, s) => n + s.used_value, 0),
      stores: rows,
    };
  }

  /** The released orders of the period: how many, their vouchers and their amount (orders are few; the index answers the range). */
  async sellingTotals(q: VoucherSellingTotalsQuery): Promise<VoucherSellingTotals> {
    const { from, to } = voucherReportPeriod(q, jakartaDay(this.clock.now()));
    const [row] = await queryRows(
      this.db,
      sql`select ${from}::text as date_from, ${to}::text as date_until, count(*)::int as orders, coalesce(sum(o.released_count), 0)::bigint as released_count,
          coalesce(sum(o.total_amount), 0)::bigint as total_amount
        from voucher_orders o ${whereOf(sellingConditions(q, jakartaDay(this.clock.now())))}`,
    );
    return readSellingTotals(row ?? {});
  }

  /** The reports' partner picker: every partner (an inactive one has history), by code or name. */
  partnerOptions(search: string | undefined, limit: number): Promise<VoucherReportOption[]> {
    return this.options(sql`partners`, sql`partner_code`, search, limit);
  }

  /** The Voucher Redeem Report's store picker, by code or name. */
  storeOptions(search: string | undefined, limit: number): Promise<VoucherReportOption[]> {
    return this.options(sql`stores`, sql`code`, search, limit);
  }

  private async options(table: SQL, code: SQL, search: string | undefined, limit: number): Promise<VoucherReportOption[]> {
    const like = search ? likePattern(search) : null;
    const rows = await queryRows(
      this.db,
      sql`select id, ${code} as code, name from ${table} ${like ? sql`where ${code} ilike ${like} or name ilike ${like}` : sql``} order by ${code} limit ${limit}`,
    );
    return rows.map(readOption);
  }
}
