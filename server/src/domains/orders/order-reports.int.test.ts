import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  MENU,
  ORDER_REVENUE_STATUSES,
  addDays,
  jakartaDay,
  jakartaDayStart,
  type AllItemRow,
  type AppOrderPlaced,
  type DisbursementRow,
  type DisbursementTotals,
  type MonthlyRecapRow,
  type MonthlyRecapTotals,
  type OrderDetail,
  type OrderLineRow,
  type OrderRow,
  type UnpickTotals,
} from '@portal/contract';
import { queryRows } from '../../db/client.ts';
import { DEMO_PASSWORD, useHarness } from '../../../test/harness.ts';
import { orderShelf, payOrder } from '../../../test/orders.ts';
import { createStaff } from '../../../test/staff.ts';

type Page<T> = { data: T[]; meta: { page: number; limit: number; total: number } };
const REPORTS = MENU.filter((e) => e.key.startsWith('pandora.report/') && ['all-transactions', 'detail-transaction', 'disbursement', 'unpick', 'all-item', 'monthly-recap'].includes(e.key.slice('pandora.report/'.length)));
const REVENUE = sql.raw(ORDER_REVENUE_STATUSES.join(', '));
const n = (v: unknown) => Number(v ?? 0);

describe('pandora order reports over HTTP: each report’s rows and totals are what the orders hold, with the list’s filters, paging and exports', () => {
  const h = useHarness();
  const db = () => h.testDb.database.db;
  let admin: string;
  let analyst: string;
  let orderViewer: string;
  let consumer: string;
  let store: { id: number; code: string };
  let products: { id: number; plu: string; price: number }[];
  let reason: number;
  /** The orders of this file, all at `store`: delivered with a line short, cancelled after unpicking all, handed over, unpaid, waiting for checking. */
  const o = {} as Record<'shortDelivered' | 'unpickedCancelled' | 'handedOver' | 'unpaid' | 'waiting', AppOrderPlaced>;
  let today: string;
  let month: string;

  const call = async <T>(method: string, url: string, token: string, body?: unknown) => {
    const res = await h.call(method, `/api/v1/${url}`, { token, ...(body === undefined ? {} : { body }) });
    return { status: res.statusCode, body: res.json<{ data: T; message: string }>() };
  };
  const ok = async <T>(url: string, token = analyst): Promise<T> => {
    const res = await call<T>('GET', url, token);
    expect(res.status, `${url}: ${JSON.stringify(res.body)}`).toBe(200);
    return res.body.data;
  };
  const place = async (fulfilment: 1 | 2, quantities: number[]) => {
    const res = await call<AppOrderPlaced>('POST', 'app/orders', consumer, {
      store_code: store.code,
      fulfilment,
      // Internal: the driver is assigned by hand (a 3PL order is handed to the courier by a job).
      delivery_mode: fulfilment === 1 ? 2 : null,
      delivery_address: fulfilment === 1 ? 'Jl. Kenanga No. 3, Denpasar' : null,
      items: products.map((p, i) => ({ plu: p.plu, quantity: quantities[i]! })),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };
  const pay = (order: AppOrderPlaced) => payOrder(h, order);
  const detail = async (id: number) => (await call<OrderDetail>('GET', `orders/${id}`, admin)).body.data;
  const staff = async (order: OrderDetail, method: string, path: string, body: object) => {
    const res = await call<OrderDetail>(method, `orders/${order.id}/${path}`, admin, { ...body, version: order.version });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };
  const moves = async (order: OrderDetail, ...actions: string[]) => {
    let at = order;
    for (const action of actions) at = await staff(at, 'POST', 'move', { action, ...(action === 'cancel' ? { cancel_reason_id: reason } : {}) });
    return at;
  };
  /** The ids of this file's orders (at its store) placed this month, newest first, as the orders table holds them. */
  const storeOrders = async (extra = sql``) =>
    (
      await queryRows<{ id: number }>(
        db(),
        sql`select id from orders o where store_id = ${store.id} and created_at >= ${jakartaDayStart(`${month}-01`)} ${extra} order by created_at desc, id desc`,
      )
    ).map((r) => Number(r.id));

  beforeAll(async () => {
    admin = await h.tokenOf('admin.cms');
    await createStaff(
      db(),
      'report.analyst',
      REPORTS.flatMap((e) => e.actions.map((action) => ({ entry: e.key, action }))),
    );
    analyst = await h.tokenOf('report.analyst');
    await createStaff(db(), 'order.only', [{ entry: 'cms.order-management', action: 'view' }]);
    orderViewer = await h.tokenOf('order.only');
    const [person] = await queryRows<{ phone: string }>(db(), sql`select phone from consumers where status = 1 order by id limit 1`);
    consumer = (await h.consumerAuth.signIn(person!.phone, DEMO_PASSWORD)).token;
    // The demo's orders are at the first four stores: this file's are alone at the last.
    ({ store, products } = await orderShelf(db(), 100));
    reason = Number((await queryRows<{ id: number }>(db(), sql`select id from cancel_reasons order by sort_order limit 1`))[0]!.id);
    today = jakartaDay(h.clock.now());
    month = today.slice(0, 7);

    o.shortDelivered = await place(1, [3, 2]);
    await pay(o.shortDelivered);
    let a = await detail(o.shortDelivered.order_id);
    a = await staff(a, 'PUT', 'items', { items: [{ id: a.items[0]!.id, picked_quantity: 1, unpick_reason: 2 }] });
    a = await moves(a, 'check_stock', 'confirm_pick');
    a = await staff(a, 'POST', 'driver', { driver_name: 'Made Wirawan', driver_phone: '081234567890', delivery_mode: 1 });
    await moves(a, 'dispatch', 'deliver');

    o.unpickedCancelled = await place(2, [1, 2]);
    await pay(o.unpickedCancelled);
    let b = await detail(o.unpickedCancelled.order_id);
    b = await staff(b, 'PUT', 'unpick-all', { unpick_reason: 1 });
    await moves(b, 'check_stock', 'cancel');

    o.handedOver = await place(2, [2, 1]);
    await pay(o.handedOver);
    await moves(await detail(o.handedOver.order_id), 'check_stock', 'confirm_pick', 'hand_over');

    o.unpaid = await place(2, [1, 1]);
    o.waiting = await place(1, [1, 4]);
    await pay(o.waiting);
  });

  it('All Transactions: every order of the period with the order list’s filters, paged and sorted; the order read-only, the consumer masked', async () => {
    const byStore = `report/all-transactions?store_code=${store.code.toLowerCase()}&limit=50`;
    const all = await ok<Page<OrderRow>>(byStore);
    expect(all.data.map((r) => r.id)).toEqual(await storeOrders());
    expect(all.data.map((r) => r.id).sort()).toEqual(Object.values(o).map((x) => x.order_id).sort());
    expect(all.meta.total).toBe(5);
    // This month by default: the same rows as the month named.
    expect((await ok<Page<OrderRow>>(`${byStore}&date_from=${month}-01&date_until=${today}`)).data).toEqual(all.data);
    expect((await ok<Page<OrderRow>>(`${byStore}&date_from=2020-01-01&date_until=2020-01-31`)).data).toEqual([]);
    expect((await ok<Page<OrderRow>>(`${byStore}&status=400`)).data.map((r) => r.id)).toEqual(await storeOrders(sql`and status = 400`));
    expect((await ok<Page<OrderRow>>(`report/all-transactions?order_id=${o.waiting.order_no}`)).data.map((r) => r.id)).toEqual([o.waiting.order_id]);
    // Pages of two, and the sort by total.
    const pages = [1, 2, 3].map((p) => ok<Page<OrderRow>>(`report/all-transactions?store_code=${store.code}&limit=2&page=${p}`));
    expect((await Promise.all(pages)).flatMap((p) => p.data.map((r) => r.id))).toEqual(all.data.map((r) => r.id));
    const byTotal = await ok<Page<OrderRow>>(`${byStore}&sort_by=total&sort_dir=asc`);
    expect(byTotal.data.map((r) => r.total)).toEqual(all.data.map((r) => r.total).sort((x, y) => x - y));
    // Every store: the month's orders as the table holds them.
    const [month_] = await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from orders where created_at >= ${jakartaDayStart(`${month}-01`)}`);
    expect((await ok<Page<OrderRow>>('report/all-transactions')).meta.total).toBe(n(month_?.n));
    // A period that ends before it starts, or runs past a year, is refused.
    expect((await call('GET', 'report/all-transactions?date_from=2026-02-01&date_until=2026-01-01', analyst)).status).toBe(400);
    expect((await call('GET', 'report/all-transactions?date_from=2024-01-01&date_until=2026-01-01', analyst)).status).toBe(400);

    // The order: its lines, payment, delivery, store and timeline, the consumer's contact masked without the right.
    const order = await ok<OrderDetail>(`report/all-transactions/${o.shortDelivered.order_id}`);
    expect(order).toMatchObject({ status: 400, store_code: store.code, personal_masked: true, delivery_address: '••••', driver_name: 'Made Wirawan' });
    expect(order.items.map((i) => [i.plu, i.quantity, i.picked_quantity, i.unpick_reason])).toEqual([
      [products[0]!.plu, 3, 1, 2],
      [products[1]!.plu, 2, 2, null],
    ]);
    expect(order.timeline.map((e) => e.action)).toEqual(['place', 'pay', 'queue', 'pick_items', 'check_stock', 'confirm_pick', 'assign_driver', 'dispatch', 'deliver']);
    expect((await call('GET', 'report/all-transactions/999999', analyst)).status).toBe(404);
  });

  it('Disbursement: the delivered orders of the period, what each paid, owes back and leaves for its store, and their totals', async () => {
    const rows = await ok<Page<DisbursementRow>>(`report/disbursement?store_code=${store.code}&limit=50`);
    expect(rows.data.map((r) => r.id)).toEqual(await storeOrders(sql`and status = 400`));
    expect(rows.data.map((r) => r.id).sort()).toEqual([o.shortDelivered.order_id, o.handedOver.order_id].sort());
    const short = rows.data.find((r) => r.id === o.shortDelivered.order_id)!;
    expect(short).toMatchObject({ refund_due: 2 * products[0]!.price, total: o.shortDelivered.total, disbursement: o.shortDelivered.total - 2 * products[0]!.price });
    expect(short.delivered_at).not.toBeNull();
    expect(short.picked_total + short.delivery_fee).toBe(short.disbursement);

    const totals = await ok<DisbursementTotals>(`report/disbursement/totals?store_code=${store.code}`);
    const sum = (k: 'total' | 'refund_due' | 'disbursement' | 'delivery_fee') => rows.data.reduce((s, r) => s + r[k], 0);
    expect(totals).toMatchObject({ date_from: `${month}-01`, date_until: today, orders: 2, total: sum('total'), refund_due: sum('refund_due'), disbursement: sum('disbursement'), delivery_fee: sum('delivery_fee') });
    // Every store: the month's delivered orders as the table holds them.
    const [whole] = await queryRows<Record<string, unknown>>(
      db(),
      sql`select count(*) as orders, coalesce(sum(total), 0) as total, coalesce(sum(items_total - picked_total), 0) as refund_due
        from orders where status = 400 and created_at >= ${jakartaDayStart(`${month}-01`)}`,
    );
    expect(await ok<DisbursementTotals>('report/disbursement/totals')).toMatchObject({ orders: n(whole?.orders), total: n(whole?.total), refund_due: n(whole?.refund_due) });
    // Whole months from the monthly counters and the other days from the hourly ones, as the orders hold them; one order by its number.
    const from = addDays(`${month}-01`, -45);
    const [span] = await queryRows<Record<string, unknown>>(
      db(),
      sql`select count(*) as orders, coalesce(sum(items_total), 0) as items_total, coalesce(sum(picked_total), 0) as picked_total, coalesce(sum(delivery_fee), 0) as delivery_fee,
          coalesce(sum(total), 0) as total, coalesce(sum(items_total - picked_total), 0) as refund_due
        from orders where status = 400 and created_at >= ${jakartaDayStart(from)} and created_at < ${jakartaDayStart(addDays(today, 1))}`,
    );
    const spanned = await ok<DisbursementTotals>(`report/disbursement/totals?date_from=${from}&date_until=${today}`);
    expect(spanned).toMatchObject({ date_from: from, orders: n(span?.orders), items_total: n(span?.items_total), picked_total: n(span?.picked_total), delivery_fee: n(span?.delivery_fee), total: n(span?.total), refund_due: n(span?.refund_due), disbursement: n(span?.total) - n(span?.refund_due) });
    expect(await ok<DisbursementTotals>(`report/disbursement/totals?order_id=${o.shortDelivered.order_no}`)).toMatchObject({ orders: 1, total: short.total, refund_due: short.refund_due, disbursement: short.disbursement });
    expect((await ok<Page<DisbursementRow>>(`report/disbursement?order_id=${o.handedOver.order_no}`)).data.map((r) => r.id)).toEqual([o.handedOver.order_id]);
    expect((await ok<Page<DisbursementRow>>(`report/disbursement?order_id=${o.waiting.order_no}`)).data).toEqual([]);
  });

  it('Detail Transaction and Unpick: one row an order line, with what was ordered, picked and not picked, and the unpick totals per reason', async () => {
    const lines = await ok<Page<OrderLineRow>>(`report/detail-transaction?store_code=${store.code}&limit=100`);
    const held = await queryRows<{ id: number; quantity: number; picked_quantity: number; price: number }>(
      db(),
      sql`select i.id, i.quantity, i.picked_quantity, i.price from order_items i join orders o on o.id = i.order_id
        where o.store_id = ${store.id} order by o.created_at desc, i.id desc`,
    );
    expect(lines.data.map((l) => [l.id, l.quantity, l.picked_quantity, l.unpicked_quantity, l.amount])).toEqual(
      held.map((l) => [n(l.id), n(l.quantity), n(l.picked_quantity), n(l.quantity) - n(l.picked_quantity), n(l.price) * n(l.picked_quantity)]),
    );
    expect(lines.meta.total).toBe(10);
    const byPlu = await ok<Page<OrderLineRow>>(`report/detail-transaction?store_code=${store.code}&plu=${products[1]!.plu.toLowerCase()}&limit=100`);
    expect(byPlu.data).toHaveLength(5);
    expect(byPlu.data.every((l) => l.plu === products[1]!.plu)).toBe(true);
    const two = await ok<Page<OrderLineRow>>(`report/detail-transaction?store_code=${store.code}&limit=4&page=3`);
    expect(two.data.map((l) => l.id)).toEqual(lines.data.slice(8).map((l) => l.id));

    const unpicked = await ok<Page<OrderLineRow>>(`report/unpick?store_code=${store.code}&limit=50`);
    const cancelled = await detail(o.unpickedCancelled.order_id);
    expect(unpicked.data.map((l) => [l.order_id, l.plu, l.unpicked_quantity, l.unpick_reason])).toEqual([
      [o.unpickedCancelled.order_id, products[1]!.plu, 2, 1],
      [o.unpickedCancelled.order_id, products[0]!.plu, 1, 1],
      [o.shortDelivered.order_id, products[0]!.plu, 2, 2],
    ]);
    expect(unpicked.data.every((l) => l.unpicked_value === l.price * l.unpicked_quantity)).toBe(true);
    const totals = await ok<UnpickTotals>(`report/unpick/totals?store_code=${store.code}`);
    expect(totals).toMatchObject({ orders: 2, lines: 3, unpicked_quantity: 5, unpicked_value: cancelled.items_total + 2 * products[0]!.price });
    expect(totals.reasons).toEqual([
      { unpick_reason: 1, lines: 2, unpicked_quantity: 3, unpicked_value: cancelled.items_total },
      { unpick_reason: 2, lines: 1, unpicked_quantity: 2, unpicked_value: 2 * products[0]!.price },
    ]);
    const damaged = await ok<Page<OrderLineRow>>(`report/unpick?store_code=${store.code}&unpick_reason=2`);
    expect(damaged.data.map((l) => l.order_id)).toEqual([o.shortDelivered.order_id]);
    expect(await ok<UnpickTotals>(`report/unpick/totals?store_code=${store.code}&unpick_reason=2`)).toMatchObject({ orders: 1, lines: 1, reasons: [{ unpick_reason: 2 }] });
    // Every store: the month's short lines as the table holds them.
    const [whole] = await queryRows<Record<string, unknown>>(
      db(),
      sql`select count(*) as lines, coalesce(sum(i.price * (i.quantity - i.picked_quantity)), 0) as value from order_items i join orders o on o.id = i.order_id
        where i.picked_quantity < i.quantity and o.created_at >= ${jakartaDayStart(`${month}-01`)}`,
    );
    expect(await ok<UnpickTotals>('report/unpick/totals')).toMatchObject({ lines: n(whole?.lines), unpicked_value: n(whole?.value) });
  });

  it('All Item: per product, the lines of the period’s paid orders, ranked by what was sold', async () => {
    const items = await ok<Page<AllItemRow>>(`report/all-item?store_code=${store.code}`);
    // The delivered, the handed-over and the waiting orders: paid and not cancelled.
    const paid = [o.shortDelivered, o.handedOver, o.waiting];
    const [first, second] = products as [(typeof products)[0], (typeof products)[0]];
    const expected = [
      { plu: first.plu, orders: 3, quantity: 3 + 2 + 1, picked_quantity: 1 + 2 + 1, unpicked_quantity: 2, amount: (1 + 2 + 1) * first.price },
      { plu: second.plu, orders: 3, quantity: 2 + 1 + 4, picked_quantity: 2 + 1 + 4, unpicked_quantity: 0, amount: (2 + 1 + 4) * second.price },
    ].sort((x, y) => y.amount - x.amount || y.plu.localeCompare(x.plu));
    expect(paid).toHaveLength(3);
    expect(items.data.map(({ plu, orders, quantity, picked_quantity, unpicked_quantity, amount }) => ({ plu, orders, quantity, picked_quantity, unpicked_quantity, amount }))).toEqual(expected);
    expect(items.data.map((r) => r.rank)).toEqual(expected[0]!.amount === expected[1]!.amount ? [1, 1] : [1, 2]);
    expect((await ok<Page<AllItemRow>>(`report/all-item?store_code=${store.code}&sort_by=plu&sort_dir=asc`)).data.map((r) => r.plu)).toEqual([first.plu, second.plu].sort());
    expect((await ok<Page<AllItemRow>>(`report/all-item?store_code=${store.code}&search=${second.plu}`)).data.map((r) => r.plu)).toEqual([second.plu]);
    // A status narrows to its orders: the cancelled one's lines, all unpicked.
    const cancelled = await ok<Page<AllItemRow>>(`report/all-item?store_code=${store.code}&status=210`);
    expect(cancelled.data.every((r) => r.picked_quantity === 0 && r.amount === 0 && r.orders === 1)).toBe(true);
    // Every store: the month's paid lines per product as the table holds them; a page of ten, then the next.
    const held = await queryRows<{ product_id: number; amount: number }>(
      db(),
      sql`select i.product_id, sum(i.price * i.picked_quantity) as amount from order_items i join orders o on o.id = i.order_id
        where o.status in (${REVENUE}) and o.created_at >= ${jakartaDayStart(`${month}-01`)} group by i.product_id order by 2 desc, 1 desc`,
    );
    const top = await ok<Page<AllItemRow>>('report/all-item?limit=10');
    const next = await ok<Page<AllItemRow>>('report/all-item?limit=10&page=2');
    expect(top.meta.total).toBe(held.length);
    expect([...top.data, ...next.data].map((r) => [r.id, r.amount])).toEqual(held.slice(0, 20).map((r) => [n(r.product_id), n(r.amount)]));
  });

  it('Monthly Recap: per month and store of the year, from the dashboard’s counters, equal to the orders themselves', async () => {
    const mine = await ok<Page<MonthlyRecapRow>>(`report/monthly-recap?store_code=${store.code}`);
    const cancelled = await detail(o.unpickedCancelled.order_id);
    const short = await detail(o.shortDelivered.order_id);
    expect(mine.data).toEqual([
      {
        id: `${month}:${store.id}`,
        month,
        store_id: store.id,
        store_code: store.code,
        store_name: expect.any(String),
        orders: 5,
        paid_orders: 3,
        revenue: o.shortDelivered.total + o.handedOver.total + o.waiting.total,
        cancelled_orders: 1,
        unpicked_orders: 2,
        unpicked_value: cancelled.items_total - cancelled.picked_total + short.items_total - short.picked_total,
      },
    ]);
    expect(await ok<MonthlyRecapTotals>(`report/monthly-recap/totals?store_code=${store.code}`)).toMatchObject({ year: Number(today.slice(0, 4)), orders: 5, paid_orders: 3 });
    // The Unpick report's value for the same month and store.
    expect(mine.data[0]!.unpicked_value).toBe((await ok<UnpickTotals>(`report/unpick/totals?store_code=${store.code}`)).unpicked_value);
    expect((await ok<Page<MonthlyRecapRow>>(`report/monthly-recap?store_code=${store.code}&year=2021`)).data).toEqual([]);

    // Every store and month of the year: the rollup's figures are the orders' own.
    const year = Number(today.slice(0, 4));
    const held = await queryRows<Record<string, unknown>>(
      db(),
      sql`select to_char(created_at at time zone 'Asia/Jakarta', 'YYYY-MM') || ':' || store_id as id, count(*) as orders,
          count(*) filter (where status in (${REVENUE})) as paid_orders, coalesce(sum(total) filter (where status in (${REVENUE})), 0) as revenue,
          count(*) filter (where status = 210) as cancelled_orders, count(*) filter (where has_unpick) as unpicked_orders,
          coalesce(sum(items_total - picked_total) filter (where has_unpick), 0) as unpicked_value
        from orders where created_at >= ${jakartaDayStart(`${year}-01-01`)} and created_at < ${jakartaDayStart(`${year + 1}-01-01`)}
        group by 1 order by 1`,
    );
    const recap = await ok<Page<MonthlyRecapRow>>('report/monthly-recap?limit=100&sort_by=month&sort_dir=asc');
    const figures = (r: Record<string, unknown>) => ['orders', 'paid_orders', 'revenue', 'cancelled_orders', 'unpicked_orders', 'unpicked_value'].map((k) => n(r[k]));
    expect(recap.data.map((r) => [r.id, ...figures(r)]).sort()).toEqual(held.map((r) => [r.id, ...figures(r)]).sort());
    const totals = await ok<MonthlyRecapTotals>('report/monthly-recap/totals');
    expect(figures(totals)).toEqual(held.reduce((s, r) => s.map((v, i) => v + figures(r)[i]!), [0, 0, 0, 0, 0, 0]));
  });

  it('exports each report with its filters under its spec name; the whole month of All Transactions as XLSX', async () => {
    const file = async (url: string) => {
      const res = await h.call('GET', `/api/v1/${url}`, { token: analyst });
      expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
      return { name: /filename="([^"]+)"/.exec(String(res.headers['content-disposition']))?.[1] ?? '', rows: res.body.replace(/^\uFEFF/, '').trim().split(/\r?\n/), raw: res.rawPayload };
    };
    const all = await file(`report/all-transactions/export?format=csv&store_code=${store.code}`);
    expect(all.name).toBe('All transaction Report.csv');
    expect(all.rows).toHaveLength(6);
    expect(all.rows[0]).toMatch(/^Order No,Order Date \(WIB\),Store Code/);
    for (const x of Object.values(o)) expect(all.rows.some((r) => r.startsWith(`${x.order_no},`))).toBe(true);
    // Masked for a user without the personal-data right, as on screen.
    expect(all.rows.join('\n')).not.toContain(String((await detail(o.waiting.order_id)).consumer_phone));

    const xlsx = await file(`report/all-transactions/export?format=xlsx&store_code=${store.code}&status=400`);
    expect(xlsx.name).toBe('All transaction Report.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.raw as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.name).toBe('All Transactions');
    expect(sheet.rowCount).toBe(3);

    const lines = await file(`report/detail-transaction/export?format=csv&store_code=${store.code}`);
    expect(lines.name).toMatch(/^Export-detail_transaction_\d{8}_\d{6}\.csv$/);
    expect(lines.rows).toHaveLength(11);
    expect(lines.rows[0]).toBe('Order No,Order Date (WIB),Store Code,Store,Order Status,PLU,Product,Ordered,Picked,Unpicked,Price (Rp),Picked Amount (Rp)');

    const disbursed = await file(`report/disbursement/export?format=csv&store_code=${store.code}`);
    expect(disbursed.name).toBe(`Disbursement Report - ${today}.csv`);
    expect(disbursed.rows).toHaveLength(3);
    expect(disbursed.rows[0]).toContain('Refund Due (Rp),Disbursement (Rp)');

    const unpick = await file(`report/unpick/export?format=csv&store_code=${store.code}&unpick_reason=1`);
    expect(unpick.name).toMatch(/^Export-unpick_\d{8}_\d{6}\.csv$/);
    expect(unpick.rows).toHaveLength(3);
    expect(unpick.rows.slice(1).every((r) => r.includes('Out of stock'))).toBe(true);

    const items = await file(`report/all-item/export?format=csv&store_code=${store.code}`);
    expect(items.name).toMatch(/^Export-all_item_\d{8}_\d{6}\.csv$/);
    expect(items.rows.slice(1).map((r) => r.split(',')[1])).toEqual((await ok<Page<AllItemRow>>(`report/all-item?store_code=${store.code}`)).data.map((r) => r.plu));

    const recap = await file(`report/monthly-recap/export?format=xlsx&store_code=${store.code}`);
    expect(recap.name).toBe('Export Monthly Recap.xlsx');
    const recapBook = new ExcelJS.Workbook();
    await recapBook.xlsx.load(recap.raw as unknown as ArrayBuffer);
    expect(recapBook.worksheets[0]!.getRow(2).getCell(1).value).toBe(month);
    expect(recapBook.worksheets[0]!.getRow(2).getCell(4).value).toBe(5);
  });

  it('opens each report to its own entry only: a report analyst reads the reports but takes no cms order action; others get 403', async () => {
    const id = o.waiting.order_id;
    // The analyst: no cms order list, record, move, picking or export.
    for (const [method, url, body] of [
      ['GET', 'orders', undefined],
      ['GET', `orders/${id}`, undefined],
      ['POST', `orders/${id}/move`, { action: 'check_stock', version: 1 }],
      ['PUT', `orders/${id}/unpick-all`, { unpick_reason: 1, version: 1 }],
      ['GET', 'orders/export?format=csv', undefined],
    ] as const) {
      expect((await call(method, url, analyst, body)).status, `${method} ${url}`).toBe(403);
    }
    // Order Management's viewer and a user of one report see no other report.
    const reports = ['report/all-transactions', `report/all-transactions/${id}`, 'report/detail-transaction', 'report/disbursement/totals', 'report/unpick', 'report/all-item', 'report/monthly-recap', 'report/monthly-recap/export?format=csv'];
    for (const url of reports) expect((await call('GET', url, orderViewer)).status, url).toBe(403);
    await createStaff(db(), 'recap.only', [{ entry: 'pandora.report/monthly-recap', action: 'view' }]);
    const recapOnly = await h.tokenOf('recap.only');
    expect((await call('GET', 'report/monthly-recap', recapOnly)).status).toBe(200);
    expect((await call('GET', 'report/monthly-recap/export?format=csv', recapOnly)).status).toBe(403);
    expect((await call('GET', 'report/disbursement', recapOnly)).status).toBe(403);
    expect((await h.call('GET', '/api/v1/report/unpick')).statusCode).toBe(401);
  });
});
