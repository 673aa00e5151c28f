import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { jakartaDayStart, type AppOrderBody, type OrderAction, type OrderDashboardLate, type OrderDashboardSummary } from '@portal/contract';
import { queryRows } from '../../db/client.ts';
import type { AuditContext } from '../../platform/audit.ts';
import { useHarness } from '../../../test/harness.ts';
import { rebuildOrderRollup } from './order-rollup.ts';
import { expectOrderRollupKept } from '../../../test/order-rollup-kept.ts';
import { OrderPlacementService } from './order-placement.service.ts';
import { OrderWorkflowService } from './order-workflow.service.ts';

/** A Wednesday long before the demo orders: its week runs from Monday 2025-06-09. */
const DAY = '2025-06-11';
const MINUTE = 60_000;
const at = (day: string, hour: number, minute = 0) => new Date(jakartaDayStart(day).getTime() + (hour * 60 + minute) * MINUTE);

describe('the cms dashboard: figures from the order rollup, equal to the orders themselves', () => {
  const h = useHarness();
  const db = () => h.testDb.database.db;
  let placement: OrderPlacementService;
  let workflow: OrderWorkflowService;
  let stores: { id: number; code: string; name: string; plu: string }[];
  let consumer: number;
  let staff: AuditContext;
  let reason: number;
  let token: string;

  /** Places an order of `quantity` units at `store` at `when`, then makes the moves, each a minute later. */
  async function order(store: number, when: Date, actions: readonly OrderAction[], quantity = 1) {
    const s = stores[store]!;
    const body: AppOrderBody = { store_code: s.code, fulfilment: 2, delivery_mode: null, delivery_address: null, items: [{ plu: s.plu, quantity }], client_ref: null };
    const placed = await placement.place(consumer, body, when);
    let step = when.getTime();
    for (const action of actions) {
      step += MINUTE;
      const actor = action === 'pay' || action === 'queue' || action === 'expire' || action === 'payment_fail' ? { kind: 'system' as const } : { kind: 'staff' as const, audit: staff };
      await workflow.move(placed.order_id, { action, actor, ...(action === 'cancel' ? { cancelReasonId: reason } : {}) }, new Date(step));
    }
    return { id: placed.order_id, total: placed.total };
  }
  const PAID = ['pay', 'queue'] as const;

  const get = async <T>(widget: string, query: Record<string, string>, as = token) => {
    const res = await h.call('GET', `/api/v1/order-dashboard/${widget}?${new URLSearchParams(query).toString()}`, { token: as });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: T }>().data;
  };

  beforeAll(async () => {
    placement = new OrderPlacementService(db());
    workflow = new OrderWorkflowService(db());
    stores = await queryRows(
      db(),
      sql`select distinct on (s.id) s.id, s.code, s.name, p.plu from stores s join store_products sp on sp.store_id = s.id and sp.is_active
        join products p on p.id = sp.product_id and p.status = 1 and not exists (select 1 from max_purchase_limitations m where m.product_id = p.id)
        where s.status = 1 order by s.id, p.id limit 2`,
    );
    expect(stores).toHaveLength(2);
    await db().execute(sql`update store_products set stock = 10000 where store_id in (${stores[0]!.id}, ${stores[1]!.id})`);
    consumer = Number((await queryRows<{ id: number }>(db(), sql`select id from consumers where status = 1 order by id limit 1`))[0]!.id);
    const [admin] = await queryRows<{ id: number; name: string }>(db(), sql`select id, name from users where username = 'admin.cms'`);
    staff = { actor: { userId: Number(admin!.id), name: admin!.name }, ip: '127.0.0.1', now: new Date() };
    reason = Number((await queryRows<{ id: number }>(db(), sql`select id from cancel_reasons order by sort_order limit 1`))[0]!.id);
    token = await h.tokenOf('viewer');
  });

  it('answers the day, the week and the same spans before, counting revenue only of paid orders not cancelled', async () => {
    const a = stores[0]!.code;
    const queued = await order(0, at(DAY, 9, 10), PAID);
    const ready = await order(0, at(DAY, 9, 20), [...PAID, 'check_stock', 'confirm_pick'], 2);
    const collected = await order(1, at(DAY, 9, 50), [...PAID, 'check_stock', 'confirm_pick', 'hand_over'], 3);
    const unpaid = await order(0, at(DAY, 10, 5), []);
    const cancelled = await order(0, at(DAY, 10, 30), [...PAID, 'cancel']);
    const failed = await order(0, at(DAY, 11, 0), ['payment_fail']);
    const expired = await order(0, at(DAY, 23, 40), ['expire']);
    const yesterday = await order(0, at('2025-06-10', 9, 30), PAID, 4);
    const yesterdayLate = await order(0, at('2025-06-10', 20, 0), PAID);
    const monday = await order(0, at('2025-06-09', 7, 0), PAID, 5);
    const lastWeek = await order(0, at('2025-06-04', 8, 0), PAID, 2);
    await order(0, at('2025-06-12', 8, 0), PAID); // Thursday: in the week's chart, not in the week so far

    const summary = await get<OrderDashboardSummary>('summary', { date: DAY, store_code: a });
    const dayPaid = [queued, ready];
    const sum = (os: { total: number }[]) => os.reduce((n, o) => n + o.total, 0);
    expect(summary).toEqual({
      date: DAY,
      until: at('2025-06-12', 0).toISOString(),
      day: { orders: 6, paid_orders: 2, revenue: sum(dayPaid) },
      previous_day: { orders: 2, paid_orders: 2, revenue: sum([yesterday, yesterdayLate]) },
      week: { orders: 9, paid_orders: 5, revenue: sum([...dayPaid, yesterday, yesterdayLate, monday]) },
      previous_week: { orders: 1, paid_orders: 1, revenue: lastWeek.total },
    });
    // Both stores: the all-stores counters.
    const both = await get<OrderDashboardSummary>('summary', { date: DAY, store_code: `${a}, ${stores[1]!.code.toLowerCase()}` });
    expect(both.day).toEqual({ orders: 7, paid_orders: 3, revenue: sum([...dayPaid, collected]) });
    const all = await get<OrderDashboardSummary>('summary', { date: DAY });
    expect(all.day).toEqual(both.day);

    expect(await get('by-status', { date: DAY, store_code: a })).toEqual([
      { status: 100, orders: 1, amount: unpaid.total },
      { status: 110, orders: 1, amount: expired.total },
      { status: 111, orders: 1, amount: failed.total },
      { status: 205, orders: 1, amount: queued.total },
      { status: 210, orders: 1, amount: cancelled.total },
      { status: 301, orders: 1, amount: ready.total },
    ]);
    expect(await get('by-store', { date: DAY })).toEqual([
      { store_id: stores[0]!.id, store_code: a, store_name: stores[0]!.name, orders: 6, revenue: sum(dayPaid) },
      { store_id: stores[1]!.id, store_code: stores[1]!.code, store_name: stores[1]!.name, orders: 1, revenue: collected.total },
    ].sort((x, y) => y.revenue - x.revenue || y.orders - x.orders));

    const hours = await get<{ hour: number; orders: number; revenue: number }[]>('by-hour', { date: DAY, store_code: a });
    expect(hours).toHaveLength(24);
    expect(hours.filter((x) => x.orders > 0)).toEqual([
      { hour: 9, orders: 2, revenue: sum(dayPaid) },
      { hour: 10, orders: 2, revenue: 0 },
      { hour: 11, orders: 1, revenue: 0 },
      { hour: 23, orders: 1, revenue: 0 },
    ]);
    const week = await get<{ day: string; orders: number; revenue: number }[]>('by-weekday', { date: DAY, store_code: a });
    expect(week.map((d) => d.day)).toEqual(['2025-06-09', '2025-06-10', '2025-06-11', '2025-06-12', '2025-06-13', '2025-06-14', '2025-06-15']);
    expect(week.map((d) => d.orders)).toEqual([1, 2, 6, 1, 0, 0, 0]);
    expect(week[1]!.revenue).toBe(sum([yesterday, yesterdayLate]));
  });

  it('cuts today at the end of the current hour and compares the same span of yesterday', async () => {
    const now = h.clock.now();
    const summary = await get<OrderDashboardSummary>('summary', {});
    expect(new Date(summary.until).getTime()).toBe(Math.ceil((now.getTime() + 1) / 3_600_000) * 3_600_000);
  });

  it('lists the orders resting in a working status past its allowance, with a link-worthy id, the longest late first', async () => {
    const store = stores[1]!.code;
    const before = await get<OrderDashboardLate>('late', { store_code: store });
    const now = h.clock.now();
    // Queued 20 minutes ago (15 allowed): 5 minutes late. Queued 5 minutes ago: not late.
    const late = await order(1, new Date(now.getTime() - 22 * MINUTE), PAID);
    await order(1, new Date(now.getTime() - 7 * MINUTE), PAID);
    const after = await get<OrderDashboardLate>('late', { store_code: store });
    expect(after.total).toBe(before.total + 1);
    const row = after.rows.find((r) => r.id === late.id);
    expect(row).toMatchObject({ status: 205, store_code: store, late_minutes: 5, since: new Date(now.getTime() - 20 * MINUTE).toISOString() });
    const lateness = after.rows.map((r) => r.late_minutes);
    expect(lateness.every((m, i) => i === 0 || m <= lateness[i - 1]!)).toBe(true);
  });

  it('keeps the rollup equal to an aggregate over the orders, and rebuilds it the same', async () => {
    await expectOrderRollupKept(db());
    expect(Number((await queryRows<{ n: string }>(db(), sql`select count(*) as n from orders where status = 400`))[0]!.n)).toBeGreaterThan(0);
    await rebuildOrderRollup(db());
    await expectOrderRollupKept(db());
  });

  it('answers 401 without a session and 403 without the dashboard', async () => {
    expect((await h.call('GET', '/api/v1/order-dashboard/summary')).statusCode).toBe(401);
    const none = await h.tokenOf('no.access');
    for (const widget of ['summary', 'by-status', 'by-store', 'by-hour', 'by-weekday', 'late']) {
      expect((await h.call('GET', `/api/v1/order-dashboard/${widget}`, { token: none })).statusCode).toBe(403);
    }
    expect((await h.call('GET', '/api/v1/order-dashboard/summary?date=2025-02-30', { token })).statusCode).toBe(400);
  });
});
