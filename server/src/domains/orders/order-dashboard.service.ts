import { sql, type SQL } from 'drizzle-orm';
import {
  ORDER_LATE_AFTER_MINUTES,
  ORDER_LATE_LIST_LIMIT,
  ORDER_REVENUE_STATUSES,
  ORDER_TOP_STORES,
  dashboardPeriods,
  dashboardDayOf,
  orderDashboardLateRow,
  storeCodesOf,
  type DashboardPeriod,
  type OrderDashboardDayRow,
  type OrderDashboardFigures,
  type OrderDashboardHourRow,
  type OrderDashboardLate,
  type OrderDashboardQuery,
  type OrderDashboardStatusRow,
  type OrderDashboardStoreRow,
  type OrderDashboardSummary,
} from '@portal/contract';
import { queryRows, type Db } from '../../db/client.ts';
import { rowReader } from '../../platform/sql/row-reader.ts';
import { inStoreCodes } from './order.resource.ts';

const REVENUE = sql.raw(`status in (${ORDER_REVENUE_STATUSES.join(', ')})`);
const LATE_ENTRIES = Object.entries(ORDER_LATE_AFTER_MINUTES).map(([status, minutes]) => ({ status: Number(status), minutes }));
const WORKING = sql.raw(LATE_ENTRIES.map((e) => e.status).join(', '));
const ALLOWANCE = sql.raw(`case o.status ${LATE_ENTRIES.map((e) => `when ${e.status} then ${e.minutes}`).join(' ')} end`);
const HOUR_MS = 3_600_000;
const toLate = rowReader(orderDashboardLateRow);

/** Where a widget's counters come from: the chosen stores' own rows, or the all-stores rows when none is chosen. */
interface Source {
  table: SQL;
  stores: SQL;
}

const inPeriod = (p: DashboardPeriod) => sql`hour >= ${p.from} and hour < ${p.to}`;
type PeriodName = 'day' | 'previous_day' | 'week' | 'previous_week';
/** A period's orders, paid orders and revenue, as `<name>_orders`, `<name>_paid`, `<name>_revenue`. */
const figures = (p: DashboardPeriod, name: PeriodName): SQL =>
  sql`coalesce(sum(orders) filter (where ${inPeriod(p)}), 0) as ${sql.raw(`${name}_orders`)},
    coalesce(sum(orders) filter (where ${inPeriod(p)} and ${REVENUE}), 0) as ${sql.raw(`${name}_paid`)},
    coalesce(sum(amount) filter (where ${inPeriod(p)} and ${REVENUE}), 0) as ${sql.raw(`${name}_revenue`)}`;
const asFigures = (row: Record<string, unknown> | undefined, name: PeriodName): OrderDashboardFigures => ({
  orders: Number(row?.[`${name}_orders`] ?? 0),
  paid_orders: Number(row?.[`${name}_paid`] ?? 0),
  revenue: Number(row?.[`${name}_revenue`] ?? 0),
});

/**
 * The cms dashboard's figures, read from the order rollups (migration 0027, kept by `countOrderMove`) and, for the late
 * orders, from the orders in a working status by their partial index: never a scan of the orders.
 */
export class OrderDashboardService {
  constructor(private readonly db: Db) {}

  async summary(q: OrderDashboardQuery, now: Date): Promise<OrderDashboardSummary> {
    const p = dashboardPeriods(q.date, now);
    const src = this.source(q);
    const from = new Date(Math.min(p.previousDay.from.getTime(), p.previousWeek.from.getTime()));
    const [row] = await queryRows(
      this.db,
      sql`select ${figures(p.day, 'day')}, ${figures(p.previousDay, 'previous_day')}, ${figures(p.week, 'week')}, ${figures(p.previousWeek, 'previous_week')}
        from ${src.table} where hour >= ${from} and hour < ${p.week.to} ${src.stores}`,
    );
    const of = (name: PeriodName) => asFigures(row, name);
    return { date: p.date, until: p.day.to.toISOString(), day: of('day'), previous_day: of('previous_day'), week: of('week'), previous_week: of('previous_week') };
  }

  async byStatus(q: OrderDashboardQuery, now: Date): Promise<OrderDashboardStatusRow[]> {
    const p = dashboardPeriods(q.date, now);
    const src = this.source(q);
    const rows = await queryRows<{ status: number; orders: number; amount: number }>(
      this.db,
      sql`select status, sum(orders) as orders, sum(amount) as amount from ${src.table} where ${inPeriod(p.day)} ${src.stores}
        group by status having sum(orders) > 0 order by status`,
    );
    return rows.map((r) => ({ status: Number(r.status), orders: Number(r.orders), amount: Number(r.amount) }));
  }

  async byStore(q: OrderDashboardQuery, now: Date): Promise<OrderDashboardStoreRow[]> {
    const p = dashboardPeriods(q.date, now);
    const src = this.source(q);
    const rows = await queryRows<{ store_id: number; store_code: string; store_name: string; orders: number; revenue: number }>(
      this.db,
      sql`with t as (select store_id, sum(orders) as orders, coalesce(sum(amount) filter (where ${REVENUE}), 0) as revenue
          from order_rollup_hourly where ${inPeriod(p.day)} ${src.stores} group by store_id having sum(orders) > 0
          order by revenue desc, orders desc, store_id limit ${ORDER_TOP_STORES})
        select t.store_id, s.code as store_code, s.name as store_name, t.orders, t.revenue from t join stores s on s.id = t.store_id
        order by t.revenue desc, t.orders desc, t.store_id`,
    );
    return rows.map((r) => ({ store_id: Number(r.store_id), store_code: r.store_code, store_name: r.store_name, orders: Number(r.orders), revenue: Number(r.revenue) }));
  }

  async byHour(q: OrderDashboardQuery, now: Date): Promise<OrderDashboardHourRow[]> {
    const p = dashboardPeriods(q.date, now);
    const rows = await this.hours(q, p.day);
    const byHour = new Map(rows.map((r) => [Math.round((new Date(r.hour).getTime() - p.day.from.getTime()) / HOUR_MS), r]));
    return Array.from({ length: 24 }, (_, hour) => ({ hour, orders: Number(byHour.get(hour)?.orders ?? 0), revenue: Number(byHour.get(hour)?.revenue ?? 0) }));
  }

  async byWeekday(q: OrderDashboardQuery, now: Date): Promise<OrderDashboardDayRow[]> {
    const p = dashboardPeriods(q.date, now);
    const rows = await this.hours(q, p.wholeWeek);
    const days = Array.from({ length: 7 }, (_, i) => ({ day: dashboardDayOf(new Date(p.wholeWeek.from.getTime() + i * 24 * HOUR_MS)), orders: 0, revenue: 0 }));
    for (const r of rows) {
      const day = days.find((d) => d.day === dashboardDayOf(new Date(r.hour)));
      if (!day) continue;
      day.orders += Number(r.orders);
      day.revenue += Number(r.revenue);
    }
    return days;
  }

  /** Late now, whatever the day shown: each working status against its allowance since the order's last change. */
  async late(q: OrderDashboardQuery, now: Date): Promise<OrderDashboardLate> {
    const src = this.source(q, 'o.store_id');
    const overdue = sql.join(
      LATE_ENTRIES.map((e) => sql`(o.status = ${sql.raw(String(e.status))} and o.updated_at < ${new Date(now.getTime() - e.minutes * 60_000)})`),
      sql` or `,
    );
    const rows = await queryRows<Record<string, unknown>>(
      this.db,
      sql`with late as (select o.id, o.order_no, o.store_id, o.status, o.updated_at,
            floor(extract(epoch from (${now}::timestamptz - o.updated_at)) / 60)::int - ${ALLOWANCE} as late_minutes
          from orders o where o.status in (${WORKING}) and (${overdue}) ${src.stores})
        select count(*) over () as total, l.id, l.order_no, s.code as store_code, s.name as store_name, l.status, l.updated_at as since, l.late_minutes
        from late l join stores s on s.id = l.store_id order by l.late_minutes desc, l.id limit ${ORDER_LATE_LIST_LIMIT}`,
    );
    return { total: Number(rows[0]?.total ?? 0), rows: rows.map((r) => toLate(r)) };
  }

  /** Orders and revenue of each hour of a period that has any. */
  private async hours(q: OrderDashboardQuery, period: DashboardPeriod): Promise<{ hour: Date | string; orders: number; revenue: number }[]> {
    const src = this.source(q);
    return queryRows(
      this.db,
      sql`select hour, sum(orders) as orders, coalesce(sum(amount) filter (where ${REVENUE}), 0) as revenue
        from ${src.table} where ${inPeriod(period)} ${src.stores} group by hour`,
    );
  }

  /** The counters to read: the chosen stores' rows (codes of no store choose none), or the all-stores rows. */
  private source(q: OrderDashboardQuery, storeColumn = 'store_id'): Source {
    const codes = storeCodesOf(q.store_code);
    if (!codes.length) return { table: sql`order_rollup_hourly_all`, stores: sql`` };
    return { table: sql`order_rollup_hourly`, stores: sql`and ${inStoreCodes(storeColumn, codes)}` };
  }
}
