import { sql, type SQL } from 'drizzle-orm';
import {
  ORDER_CANCELLED,
  ORDER_DISTRIBUTED,
  ORDER_REVENUE_STATUSES,
  TIME_ZONE,
  addDays,
  allItemRow,
  disbursementRow,
  disbursementTotals,
  jakartaDay,
  jakartaDayStart,
  monthlyRecapRow,
  monthlyRecapTotals,
  orderLineRow,
  orderReportPeriod,
  periodParts,
  storeCodesOf,
  unpickTotals,
  type AllItemQuery,
  type AllItemRow,
  type AllTransactionsQuery,
  type DetailTransactionQuery,
  type DisbursementQuery,
  type DisbursementRow,
  type DisbursementTotals,
  type DisbursementTotalsQuery,
  type ListMeta,
  type MonthlyRecapQuery,
  type MonthlyRecapRow,
  type MonthlyRecapTotals,
  type MonthlyRecapTotalsQuery,
  type OrderDetail,
  type OrderLineRow,
  type OrderRow,
  type UnpickQuery,
  type UnpickTotals,
  type UnpickTotalsQuery,
} from '@portal/contract';
import { queryRows, type Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { groupedPage, listOnly, ResourceService, type GroupedReport, type ListOnly, type ResourceDef } from '../../platform/crud/index.ts';
import { likePattern, whereOf } from '../../platform/pagination.ts';
import { rowReader } from '../../platform/sql/row-reader.ts';
import { inStoreCodes, orderConditions, orderDef, REFUND_DUE, type OrderFilters, type OrderService } from './order.resource.ts';

/*
 * pandora's order Reports: the orders of a period (Jakarta days, this month by default) through the order list's own
 * filters (`orderConditions`) and indexes, read-only. What each report counts is in docs/decisions.md, "Pandora order
 * reports". The Monthly Recap reads monthly order counters (migration 0045) and the unpicked orders' partial
 * index, never a year of orders.
 */

/** Paid and not ended badly: the cms dashboard's revenue statuses. */
const REVENUE = sql.raw(`in (${ORDER_REVENUE_STATUSES.join(', ')})`);

/** The report's filters with its period filled in (this month when the query names no day). */
export function inReportPeriod<Q extends OrderFilters>(q: Q, clock: Clock): Q & { date_from: string; date_until: string } {
  const p = orderReportPeriod(q, jakartaDay(clock.now()));
  return { ...q, date_from: p.from, date_until: p.to };
}

/** The lines of one product, by its PLU as typed (the products' `upper(plu)` index, then the lines' product index). */
const pluIs = (plu: string | undefined): SQL | undefined => (plu ? sql`i.product_id in (select id from products where upper(plu) = ${plu.toUpperCase()})` : undefined);

/** All Transactions: the order list (its select, its page on the orders alone, its search) over the period. */
const allTransactionsDef = (clock: Clock): ResourceDef<OrderRow, AllTransactionsQuery> => ({ ...orderDef, where: (q) => orderConditions(inReportPeriod(q, clock)) });

/** Disbursement: the delivered orders (the disbursement tab) of the period; what is due to the store is what was paid less what is owed back. */
const disbursementConditions = (q: DisbursementTotalsQuery, clock: Clock) => orderConditions({ ...inReportPeriod(q, clock), report: 'disbursement' });
const disbursementDef = (clock: Clock): ResourceDef<ListOnly<DisbursementRow>, DisbursementQuery> => ({
  entity: 'order',
  label: 'Order',
  table: 'orders',
  select: sql`select o.id, o.order_no, o.created_at,
      (select max(e.at) from order_events e where e.order_id = o.id and e.to_status = ${ORDER_DISTRIBUTED}) as delivered_at,
      o.paid_at, o.payment_ref, s.code as store_code, s.name as store_name, o.fulfilment, o.delivery_mode, o.items_total, o.picked_total,
      o.delivery_fee, o.total, ${REFUND_DUE} as refund_due, o.total - ${REFUND_DUE} as disbursement, o.updated_at`,
  from: sql`from orders o join stores s on s.id = o.store_id`,
  countFrom: () => sql`from orders o`,
  pageFrom: () => sql`from orders o`,
  id: 'o.id',
  toRow: listOnly(rowReader(disbursementRow)),
  sort: { created_at: 'o.created_at' },
  where: (q) => disbursementConditions(q, clock),
  writable: [],
});

/** Order lines with their order and store; a line's reason only while it is short. */
const LINES = sql`from order_items i join orders o on o.id = i.order_id`;
const orderLinesDef = <Q extends DetailTransactionQuery | UnpickQuery>(where: (q: Q) => (SQL | undefined)[], pageConditions?: (q: Q) => (SQL | undefined)[]): ResourceDef<ListOnly<OrderLineRow>, Q> => ({
  entity: 'order',
  label: 'Order line',
  table: 'order_items',
  select: sql`select i.id, o.id as order_id, o.order_no, o.created_at, o.status, s.code as store_code, s.name as store_name, i.plu, i.name as product_name,
      i.price, i.quantity, i.picked_quantity, i.quantity - i.picked_quantity as unpicked_quantity, i.price * i.picked_quantity as amount,
      i.price * (i.quantity - i.picked_quantity) as unpicked_value, case when i.picked_quantity < i.quantity then i.unpick_reason end as unpick_reason, o.updated_at`,
  from: sql`${LINES} join stores s on s.id = o.store_id`,
  countFrom: () => LINES,
  pageFrom: () => LINES,
  id: 'i.id',
  toRow: listOnly(rowReader(orderLineRow)),
  sort: { created_at: 'o.created_at' },
  where,
  ...(pageConditions ? { pageConditions } : {}),
  writable: [],
});

/** Unpick: the lines picked short of the unpick tab's orders (by its partial index, or the reason's GIN index), narrowed to a reason. */
const unpickConditions = (q: UnpickTotalsQuery, clock: Clock): (SQL | undefined)[] => [
  ...orderConditions({ ...inReportPeriod(q, clock), report: 'unpick' }),
  sql`i.picked_quantity < i.quantity`,
  q.unpick_reason !== undefined ? sql`i.unpick_reason = ${q.unpick_reason}` : undefined,
  pluIs(q.plu),
];

/** All Item: per product, the lines of the period's orders in a revenue status (or in the status chosen), ranked by what was sold. */
const allItemReport = (clock: Clock): GroupedReport<AllItemQuery> => ({
  select: sql`select r.product_id as id, r.rank, p.plu, p.name as product_name, r.orders, r.quantity, r.picked_quantity, r.unpicked_quantity, r.amount`,
  from: (q) => {
    const where = [...orderConditions(inReportPeriod(q, clock)), q.status === undefined ? sql`o.status ${REVENUE}` : undefined];
    const search = q.search ? sql`where (p.plu like upper(${likePattern(q.search)}) or lower(p.name) like lower(${likePattern(q.search)}))` : sql``;
    return sql`from (select a.*, rank() over (order by a.amount desc) as rank
        from (select i.product_id, count(distinct i.order_id) as orders, sum(i.quantity) as quantity, sum(i.picked_quantity) as picked_quantity,
            sum(i.quantity - i.picked_quantity) as unpicked_quantity, sum(i.price * i.picked_quantity) as amount
          ${LINES} ${whereOf(where)} group by i.product_id) a) r
      join products p on p.id = r.product_id ${search}`;
  },
  sort: { amount: 'r.amount', quantity: 'r.quantity', picked_quantity: 'r.picked_quantity', unpicked_quantity: 'r.unpicked_quantity', orders: 'r.orders', plu: 'p.plu' },
  tie: ['r.product_id'],
});

/** The Jakarta year a recap covers: the one asked for, else this year. */
const recapYear = (q: MonthlyRecapTotalsQuery, clock: Clock): number => q.year ?? Number(jakartaDay(clock.now()).slice(0, 4));

/**
 * Monthly Recap: per Jakarta month and store, from the monthly order counters (migration 0045, kept with the dashboard's
 * hourly ones: each order counted once, in its current status, in the month it was placed) and the unpicked orders'
 * partial index (its own columns: no order row is read).
 */
const monthlyRecapReport = (clock: Clock): GroupedReport<MonthlyRecapTotalsQuery> => ({
  select: sql`select r.month || ':' || r.store_id as id, r.month, r.store_id, s.code as store_code, s.name as store_name, r.orders, r.paid_orders,
    r.revenue, r.cancelled_orders, r.unpicked_orders, r.unpicked_value`,
  from: (q) => {
    const year = recapYear(q, clock);
    const [start, end] = [jakartaDayStart(`${year}-01-01`), jakartaDayStart(`${year + 1}-01-01`)];
    const codes = storeCodesOf(q.store_code);
    const stores = (column: string) => (codes.length ? sql`and ${inStoreCodes(column, codes)}` : sql``);
    // Months as dates while grouping (a cheap truncation per order), as text only once per group.
    const month = (column: string) => sql.raw(`date_trunc('month', ${column} at time zone '${TIME_ZONE}')`);
    return sql`from (
        select t.month, t.store_id, t.orders, t.paid_orders, t.revenue, t.cancelled_orders,
          coalesce(u.unpicked_orders, 0) as unpicked_orders, coalesce(u.unpicked_value, 0) as unpicked_value
        from (select to_char(t.month, 'YYYY-MM') as month, t.store_id, sum(t.orders) as orders,
            coalesce(sum(t.orders) filter (where t.status ${REVENUE}), 0) as paid_orders,
            coalesce(sum(t.amount) filter (where t.status ${REVENUE}), 0) as revenue,
            coalesce(sum(t.orders) filter (where t.status = ${ORDER_CANCELLED}), 0) as cancelled_orders
          from order_rollup_monthly t where t.month >= ${`${year}-01-01`}::date and t.month < ${`${year + 1}-01-01`}::date ${stores('t.store_id')}
          group by 1, 2 having sum(t.orders) <> 0) t
        left join (select to_char(u0.month, 'YYYY-MM') as month, u0.store_id, u0.unpicked_orders, u0.unpicked_value
          from (select ${month('o.created_at')} as month, o.store_id, count(*) as unpicked_orders, sum(o.items_total - o.picked_total) as unpicked_value
            from orders o where o.has_unpick and o.created_at >= ${start} and o.created_at < ${end} ${stores('o.store_id')}
            group by 1, 2) u0) u on u.month = t.month and u.store_id = t.store_id
      ) r join stores s on s.id = r.store_id`;
  },
  sort: {
    month: 'r.month',
    store_code: 's.code',
    orders: 'r.orders',
    revenue: 'r.revenue',
    cancelled_orders: 'r.cancelled_orders',
    unpicked_value: 'r.unpicked_value',
  },
  tie: ['r.month', 'r.store_id'],
});

/**
 * The counter rows of the delivered orders placed in the Jakarta days `p` (of the stores `codes`, else all): whole
 * months from the monthly counters, the other days' hours from the hourly ones (per store, or the all-stores shards).
 */
function deliveredCounters(p: { from: string; to: string }, codes: string[]): SQL {
  const parts = periodParts(p);
  const COLUMNS = sql`orders, amount, items_total, picked_total, delivery_fee, refund_due`;
  const stores = (column: string) => (codes.length ? sql` and ${inStoreCodes(column, codes)}` : sql``);
  const pieces: SQL[] = [];
  if (parts.months) pieces.push(sql`select ${COLUMNS} from order_rollup_monthly where status = ${ORDER_DISTRIBUTED} and month between ${parts.months.from}::date and ${parts.months.to}::date${stores('store_id')}`);
  for (const d of parts.days) {
    const hours = sql`status = ${ORDER_DISTRIBUTED} and hour >= ${jakartaDayStart(d.from)} and hour < ${jakartaDayStart(addDays(d.to, 1))}`;
    pieces.push(codes.length ? sql`select ${COLUMNS} from order_rollup_hourly where ${hours}${stores('store_id')}` : sql`select ${COLUMNS} from order_rollup_hourly_all where ${hours}`);
  }
  return sql`(${sql.join(pieces, sql` union all `)})`;
}

const readDisbursementTotals = rowReader(disbursementTotals);
const readUnpickTotals = rowReader(unpickTotals);
const readAllItem = rowReader(allItemRow);
const readRecap = rowReader(monthlyRecapRow);
const readRecapTotals = rowReader(monthlyRecapTotals);

/** The six reports' reads; the cms order's record for All Transactions' detail and preview. */
export class OrderReportService {
  readonly allTransactions: ResourceService<OrderRow, AllTransactionsQuery>;
  readonly disbursement: ResourceService<ListOnly<DisbursementRow>, DisbursementQuery>;
  readonly detailTransaction: ResourceService<ListOnly<OrderLineRow>, DetailTransactionQuery>;
  readonly unpick: ResourceService<ListOnly<OrderLineRow>, UnpickQuery>;
  readonly allItemReport: GroupedReport<AllItemQuery>;
  readonly monthlyRecapReport: GroupedReport<MonthlyRecapTotalsQuery>;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly orders: OrderService,
  ) {
    this.allTransactions = new ResourceService(allTransactionsDef(clock), db);
    this.disbursement = new ResourceService(disbursementDef(clock), db);
    this.detailTransaction = new ResourceService(
      orderLinesDef<DetailTransactionQuery>((q) => [...orderConditions(inReportPeriod(q, clock)), pluIs(q.plu)]),
      db,
    );
    // A reason's orders are all among the unpicked ones: the page walks their partial index, as the order list's does.
    this.unpick = new ResourceService(orderLinesDef<UnpickQuery>((q) => unpickConditions(q, clock), orderDef.pageConditions), db);
    this.allItemReport = allItemReport(clock);
    this.monthlyRecapReport = monthlyRecapReport(clock);
  }

  /** An order as All Transactions shows it: the cms order's record (its lines, payment, delivery, store and timeline). */
  order(id: number): Promise<OrderDetail> {
    return this.orders.detail(id);
  }

  /**
   * The delivered orders' totals: from the order counters' delivered money (migration 0053; the period's whole months
   * from the monthly counters, its other days from the hourly ones), or, for one order asked for by number, from the
   * orders.
   */
  async disbursementTotals(q: DisbursementTotalsQuery): Promise<DisbursementTotals> {
    const p = orderReportPeriod(q, jakartaDay(this.clock.now()));
    const money = sql`coalesce(sum(items_total), 0) as items_total, coalesce(sum(picked_total), 0) as picked_total, coalesce(sum(delivery_fee), 0) as delivery_fee`;
    const [row] = await queryRows(
      this.db,
      q.order_id
        ? sql`select count(*) as orders, ${money}, coalesce(sum(o.total), 0) as total, coalesce(sum(${REFUND_DUE}), 0) as refund_due
            from orders o ${whereOf(disbursementConditions(q, this.clock))}`
        : sql`select coalesce(sum(orders), 0) as orders, ${money}, coalesce(sum(amount), 0) as total, coalesce(sum(refund_due), 0) as refund_due
            from ${deliveredCounters(p, storeCodesOf(q.store_code))} c`,
    );
    return readDisbursementTotals({ ...row, date_from: p.from, date_until: p.to, disbursement: Number(row?.total ?? 0) - Number(row?.refund_due ?? 0) });
  }

  /** The lines picked short over the filters, in all and per reason (one statement: grouping sets). */
  async unpickTotals(q: UnpickTotalsQuery): Promise<UnpickTotals> {
    const p = orderReportPeriod(q, jakartaDay(this.clock.now()));
    const rows = await queryRows<Record<string, unknown>>(
      this.db,
      sql`select grouping(i.unpick_reason) as whole, i.unpick_reason, count(distinct i.order_id) as orders, count(*) as lines,
          coalesce(sum(i.quantity - i.picked_quantity), 0) as unpicked_quantity, coalesce(sum(i.price * (i.quantity - i.picked_quantity)), 0) as unpicked_value
        ${LINES} ${whereOf(unpickConditions(q, this.clock))} group by grouping sets ((i.unpick_reason), ())`,
    );
    const whole = rows.find((r) => Number(r.whole) === 1);
    const reasons = rows
      .filter((r) => Number(r.whole) === 0 && r.unpick_reason !== null)
      .map((r) => ({ unpick_reason: r.unpick_reason, lines: r.lines, unpicked_quantity: r.unpicked_quantity, unpicked_value: r.unpicked_value }))
      .sort((a, b) => Number(a.unpick_reason) - Number(b.unpick_reason));
    return readUnpickTotals({ date_from: p.from, date_until: p.to, orders: 0, lines: 0, unpicked_quantity: 0, unpicked_value: 0, ...whole, reasons });
  }

  allItem(q: AllItemQuery): Promise<{ data: AllItemRow[]; meta: ListMeta }> {
    return groupedPage(this.db, this.allItemReport, this.allItemReport.from(q), q, readAllItem);
  }

  monthlyRecap(q: MonthlyRecapQuery): Promise<{ data: MonthlyRecapRow[]; meta: ListMeta }> {
    return groupedPage(this.db, this.monthlyRecapReport, this.monthlyRecapReport.from(q), q, readRecap);
  }

  /** The year's figures: the recap's rows summed. */
  async monthlyRecapTotals(q: MonthlyRecapTotalsQuery): Promise<MonthlyRecapTotals> {
    const sums = ['orders', 'paid_orders', 'revenue', 'cancelled_orders', 'unpicked_orders', 'unpicked_value'].map((k) => sql.raw(`coalesce(sum(r.${k}), 0) as ${k}`));
    const [row] = await queryRows(this.db, sql`select ${recapYear(q, this.clock)}::int as year, ${sql.join(sums, sql`, `)} ${this.monthlyRecapReport.from(q)}`);
    return readRecapTotals(row ?? {});
  }
}
