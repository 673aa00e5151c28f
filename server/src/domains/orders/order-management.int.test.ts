import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AppOrderDetail, AppOrderPlaced, AppOrderRow, AppStoreProduct, OrderDetail, OrderRow } from '@portal/contract';
import { queryRows } from '../../db/client.ts';
import { DEMO_PASSWORD, useHarness } from '../../../test/harness.ts';
import { orderShelf, payOrder } from '../../../test/orders.ts';
import { createStaff } from '../../../test/staff.ts';

type Page<T> = { data: T[]; meta: { total: number } };

describe('cms Order Management over HTTP: the list and its filters, the order, its workflow, picking and drivers; the consumer’s side', () => {
  const h = useHarness();
  const db = () => h.testDb.database.db;
  let admin: string;
  let viewer: string;
  let consumer: string;
  let consumerId: number;
  let other: string;
  let store: { id: number; code: string };
  let products: { id: number; plu: string; price: number }[];
  let reason: number;

  beforeAll(async () => {
    admin = await h.tokenOf('admin.cms');
    await createStaff(db(), 'order.viewer', [{ entry: 'cms.order-management', action: 'view' }]);
    viewer = await h.tokenOf('order.viewer');
    const people = await queryRows<{ id: number; phone: string }>(db(), sql`select id, phone from consumers where status = 1 order by id limit 2`);
    consumerId = Number(people[0]!.id);
    consumer = (await h.consumerAuth.signIn(people[0]!.phone, DEMO_PASSWORD)).token;
    other = (await h.consumerAuth.signIn(people[1]!.phone, DEMO_PASSWORD)).token;
    ({ store, products } = await orderShelf(db(), 40));
    reason = Number((await queryRows<{ id: number }>(db(), sql`select id from cancel_reasons order by sort_order limit 1`))[0]!.id);
  });

  const call = async <T>(method: string, url: string, token: string, body?: unknown) => {
    const res = await h.call(method, `/api/v1/${url}`, { token, ...(body === undefined ? {} : { body }) });
    return { status: res.statusCode, body: res.json<{ data: T; message: string }>() };
  };
  const ok = async <T>(method: string, url: string, token: string, body?: unknown): Promise<T> => {
    const res = await call<T>(method, url, token, body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };
  const stock = async (productId: number) =>
    Number((await queryRows<{ stock: number }>(db(), sql`select stock from store_products where store_id = ${store.id} and product_id = ${productId}`))[0]!.stock);
  const place = (fulfilment: 1 | 2, quantities = [3, 2]) =>
    ok<AppOrderPlaced>('POST', 'app/orders', consumer, {
      store_code: store.code,
      fulfilment,
      // Internal: the store's own driver, assigned by hand (a 3PL order is handed to the courier by a job: courier-handover.int.test.ts).
      delivery_mode: fulfilment === 1 ? 2 : null,
      delivery_address: fulfilment === 1 ? 'Jl. Melati No. 12, Bandung' : null,
      items: products.map((p, i) => ({ plu: p.plu, quantity: quantities[i]! })),
    });
  const pay = (order: AppOrderPlaced) => payOrder(h, order);
  const detail = (id: number) => ok<OrderDetail>('GET', `orders/${id}`, admin);
  const move = (o: OrderDetail, action: string, extra: object = {}) => call<OrderDetail>('POST', `orders/${o.id}/move`, admin, { action, version: o.version, ...extra });

  it('walks a paid delivery order through picking, a short line, a driver and delivery, each step on the timeline', async () => {
    const placed = await place(1);
    const before = [await stock(products[0]!.id), await stock(products[1]!.id)];
    await pay(placed);
    let order = await detail(placed.order_id);
    expect(order).toMatchObject({ status: 205, payment_status: 'PAID', store_code: store.code, fulfilment: 1, delivery_mode: 2, refund_due: 0, has_unpick: false });
    expect(order.items.map((i) => i.picked_quantity)).toEqual([3, 2]);

    // A line picked short needs its reason; more than ordered is refused; the stock gets back what was not picked.
    const line = order.items[0]!;
    const noReason = await call('PUT', `orders/${order.id}/items`, admin, { items: [{ id: line.id, picked_quantity: 1 }], version: order.version });
    expect(noReason.status).toBe(400);
    const tooMany = await call('PUT', `orders/${order.id}/items`, admin, { items: [{ id: line.id, picked_quantity: 4 }], version: order.version });
    expect(tooMany.status).toBe(422);
    order = await ok<OrderDetail>('PUT', `orders/${order.id}/items`, admin, { items: [{ id: line.id, picked_quantity: 1, unpick_reason: 2 }], version: order.version });
    expect(order.items[0]).toMatchObject({ picked_quantity: 1, unpick_reason: 2 });
    expect(order).toMatchObject({ has_unpick: true, picked_total: products[0]!.price + 2 * products[1]!.price, refund_due: 2 * products[0]!.price });
    expect(await stock(products[0]!.id)).toBe(before[0]! + 2);
    // Raised again by one: one unit taken back from the stock.
    order = await ok<OrderDetail>('PUT', `orders/${order.id}/items`, admin, { items: [{ id: line.id, picked_quantity: 2, unpick_reason: 2 }], version: order.version });
    expect(await stock(products[0]!.id)).toBe(before[0]! + 1);

    // A stale version is refused with 409 and changes nothing.
    expect((await call('PUT', `orders/${order.id}/items`, admin, { items: [{ id: line.id, picked_quantity: 0, unpick_reason: 1 }], version: order.version - 1 })).status).toBe(409);

    order = (await move(order, 'check_stock')).body.data;
    order = (await move(order, 'confirm_pick')).body.data;
    expect(order.status).toBe(300);
    // Out for delivery only with a driver; a refused move says why.
    const noDriver = await move(order, 'dispatch');
    expect(noDriver.status).toBe(422);
    expect(noDriver.body.message).toMatch(/driver/i);
    expect((await call('POST', `orders/${order.id}/driver`, admin, { driver_name: 'Budi', driver_phone: '12345', delivery_mode: 1, version: order.version })).status).toBe(400);
    order = await ok<OrderDetail>('POST', `orders/${order.id}/driver`, admin, { driver_name: 'Budi Santoso', driver_phone: '081234567890', delivery_mode: 2, version: order.version });
    expect(order).toMatchObject({ driver_name: 'Budi Santoso', delivery_mode: 2 });
    order = (await move(order, 'dispatch')).body.data;
    // Items are fixed once the order is on the road; cancelling it there is refused.
    expect((await call('PUT', `orders/${order.id}/items`, admin, { items: [{ id: line.id, picked_quantity: 0, unpick_reason: 1 }], version: order.version })).status).toBe(409);
    expect((await move(order, 'cancel', { cancel_reason_id: reason })).status).toBe(409);
    order = (await move(order, 'deliver')).body.data;
    expect(order.status).toBe(400);

    expect(order.timeline.map((e) => [e.action, e.to_status])).toEqual([
      ['place', 100],
      ['pay', 200],
      ['queue', 205],
      ['pick_items', 205],
      ['pick_items', 205],
      ['check_stock', 201],
      ['confirm_pick', 300],
      ['assign_driver', 300],
      ['dispatch', 310],
      ['deliver', 400],
    ]);
    const staffName = (await queryRows<{ name: string }>(db(), sql`select name from users where username = 'admin.cms'`))[0]!.name;
    expect(order.timeline.filter((e) => e.actor_kind === 'staff').every((e) => e.actor_name === staffName)).toBe(true);
    expect(order.timeline.find((e) => e.action === 'pick_items')?.note).toMatch(/3 → 1 \(Damaged\)/);
    const audits = await queryRows<{ action: string }>(db(), sql`select action from audit_log where entity = 'order' and entity_id = ${String(order.id)} order by id`);
    expect(audits.map((a) => a.action)).toEqual(['order.pick_items', 'order.pick_items', 'order.check_stock', 'order.confirm_pick', 'order.assign_driver', 'order.dispatch', 'order.deliver']);

    // Delivered, it is an online sale of what was picked: in the consumer's point-of-sale history.
    await expect
      .poll(async () => (await ok<{ data: { receipt_no: string; total: number }[] }>('GET', `consumers/${consumerId}/pos-sales?limit=50`, admin)).data.find((p) => p.receipt_no === order.order_no), {
        timeout: 15_000,
      })
      .toMatchObject({ total: order.picked_total });

    // The consumer sees the lines as picked and the statuses it went through; another consumer gets 404.
    const mine = await ok<AppOrderDetail>('GET', `app/orders/${order.id}`, consumer);
    expect(mine).toMatchObject({ status: 400, refund_due: products[0]!.price, driver_name: 'Budi Santoso' });
    expect(mine.items.map((i) => i.picked_quantity)).toEqual([2, 2]);
    expect(mine.statuses.map((s) => s.status)).toEqual([100, 200, 205, 201, 300, 310, 400]);
    expect((await call('GET', `app/orders/${order.id}`, other)).status).toBe(404);
    expect((await ok<AppOrderRow[]>('GET', 'app/orders', consumer)).map((o) => o.order_id)).toContain(order.id);
    const sales = await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from pos_sales where receipt_no = ${order.order_no}`);
    expect(Number(sales[0]!.n)).toBe(1);
  });

  it('unpicks a whole order, refuses to confirm an empty pick, and cancels it with its money due back', async () => {
    const placed = await place(2, [1, 1]);
    const before = [await stock(products[0]!.id), await stock(products[1]!.id)];
    await pay(placed);
    let order = await detail(placed.order_id);
    order = await ok<OrderDetail>('PUT', `orders/${order.id}/unpick-all`, admin, { unpick_reason: 1, version: order.version });
    expect(order.items.every((i) => i.picked_quantity === 0 && i.unpick_reason === 1)).toBe(true);
    expect([await stock(products[0]!.id), await stock(products[1]!.id)]).toEqual([before[0]! + 1, before[1]! + 1]);
    order = (await move(order, 'check_stock')).body.data;
    expect((await move(order, 'confirm_pick')).status).toBe(422);
    expect((await move(order, 'cancel')).status).toBe(400);
    order = (await move(order, 'cancel', { cancel_reason_id: reason, note: 'Stok kosong' })).body.data;
    expect(order).toMatchObject({ status: 210, refund_due: order.total, cancel_note: 'Stok kosong' });
    // Nothing was given back twice: the unpicked lines held nothing when the order was cancelled.
    expect([await stock(products[0]!.id), await stock(products[1]!.id)]).toEqual([before[0]! + 1, before[1]! + 1]);
  });

  it('filters the list by the spec’s filters and keeps the consumer’s phone masked without the right', async () => {
    const a = await place(2, [1, 1]);
    await pay(a);
    const list = (query: string, token = admin) => ok<Page<OrderRow>>('GET', `orders?limit=50&${query}`, token);
    expect((await list(`order_id=${a.order_no}`)).data.map((r) => r.id)).toEqual([a.order_id]);
    expect((await list(`order_id=${a.order_id}`)).data.map((r) => r.id)).toEqual([a.order_id]);
    expect((await list(`order_id=${a.order_no.slice(0, 12).toLowerCase()}`)).data.map((r) => r.id)).toContain(a.order_id);
    // A prefix into the number's date (a day, a month, a span of days) lists exactly the orders it matches, the date's days added.
    for (const cut of [5, 9, 10, 11, 12, 13]) {
      const prefix = a.order_no.slice(0, cut);
      const matching = await queryRows<{ id: number }>(db(), sql`select id from orders where order_no like ${`${prefix}%`} order by created_at desc, id desc limit 50`);
      expect((await list(`order_id=${prefix}`)).data.map((r) => r.id), prefix).toEqual(matching.map((m) => Number(m.id)));
    }
    expect((await list(`store_code=NOPE,${store.code.toLowerCase()}`)).data.every((r) => r.store_code === store.code)).toBe(true);
    expect((await list('store_code=NOPE')).data).toEqual([]);
    const today = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
    expect((await list(`date_from=${today}&date_until=${today}`)).data.map((r) => r.id)).toContain(a.order_id);
    expect((await list('date_from=2020-01-01&date_until=2020-01-02')).data).toEqual([]);
    expect((await call('GET', 'orders?date_from=2020-01-05&date_until=2020-01-02', admin)).status).toBe(400);
    const unpicked = await list('report=unpick');
    expect(unpicked.data.length).toBeGreaterThan(0);
    expect(unpicked.data.every((r) => r.has_unpick)).toBe(true);
    // A reason lists the orders with a line short for it, as the lines themselves say.
    const withReason = [1, 2, 3, 4, 5].map(async (reason) => {
      const listed = (await list(`unpick_reason=${reason}`)).data.map((r) => r.id);
      const lines = await queryRows<{ id: number }>(
        db(),
        sql`select o.id from orders o where exists (select 1 from order_items i where i.order_id = o.id and i.unpick_reason = ${reason} and i.picked_quantity < i.quantity)
          order by o.created_at desc, o.id desc limit 50`,
      );
      expect(listed, `unpick_reason=${reason}`).toEqual(lines.map((l) => Number(l.id)));
      return listed.length;
    });
    expect((await Promise.all(withReason)).some((n) => n > 0)).toBe(true);
    expect((await list('report=disbursement')).data.every((r) => r.status === 400)).toBe(true);
    expect((await list('status=205')).data.every((r) => r.status === 205)).toBe(true);
    const own = await list(`consumer_id=${consumerId}`);
    expect(own.data.map((r) => r.id)).toContain(a.order_id);
    expect(own.data.every((r) => r.consumer_id === consumerId)).toBe(true);
    expect((await call('GET', 'orders?status=999', admin)).status).toBe(400);
    expect((await call('GET', 'orders?report=weekly', admin)).status).toBe(400);

    const admins = await list(`order_id=${a.order_no}`);
    const viewers = await list(`order_id=${a.order_no}`, viewer);
    expect(admins.data[0]!.personal_masked).toBe(false);
    expect(viewers.data[0]).toMatchObject({ personal_masked: true });
    expect(viewers.data[0]!.consumer_phone).not.toBe(admins.data[0]!.consumer_phone);
    // The viewer may read but not act.
    const viewed = await ok<OrderDetail>('GET', `orders/${a.order_id}`, viewer);
    expect(viewed.delivery_address).toBeNull();
    expect((await call('POST', `orders/${a.order_id}/move`, viewer, { action: 'check_stock', version: viewed.version })).status).toBe(403);
    expect((await h.call('GET', '/api/v1/orders')).statusCode).toBe(401);
  });

  it('exports the filtered list, one row an order or, on the detail tab, one row a line', async () => {
    const a = await place(2, [2, 1]);
    // The file shows phone numbers unmasked to this user: a recent second factor first.
    await h.stepUp(admin);
    const orders = await h.call('GET', `/api/v1/orders/export?format=csv&order_id=${a.order_no}`, { token: admin });
    expect(orders.statusCode, orders.body).toBe(200);
    expect(orders.headers['content-disposition']).toMatch(/Export-order_management_\d{8}_\d{6}\.csv/);
    const rows = orders.body.replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatch(/^Order No,Order Date \(WIB\),Store Code/);
    expect(rows[1]).toContain(a.order_no);
    const lines = await h.call('GET', `/api/v1/orders/export?format=csv&report=detail&order_id=${a.order_no}`, { token: admin });
    const lineRows = lines.body.replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    expect(lineRows).toHaveLength(3);
    expect(lineRows[0]).toContain('PLU,Item,Price (Rp),Ordered,Picked');
    expect((await h.call('GET', '/api/v1/orders/export?format=csv', { token: viewer })).statusCode).toBe(403);
  });

  it('shows the consumer a store’s products with price and stock, by name or PLU', async () => {
    const found = await ok<AppStoreProduct[]>('GET', `app/stores/${store.code}/products?search=${products[0]!.plu}`, consumer);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ plu: products[0]!.plu, price: expect.any(Number), stock: await stock(products[0]!.id) });
    expect((await call('GET', 'app/stores/NOPE-STORE/products', consumer)).status).toBe(404);
    expect((await call('GET', `app/stores/${store.code}/products?limit=500`, consumer)).status).toBe(400);
    expect((await h.call('GET', `/api/v1/app/stores/${store.code}/products`)).statusCode).toBe(401);
  });

  it('lists the consumer’s own orders newest first, a page at a time', async () => {
    const a = await place(2, [1, 1]);
    const b = await place(2, [1, 1]);
    const first = await ok<AppOrderRow[]>('GET', 'app/orders?limit=1', consumer);
    expect(first.map((o) => o.order_id)).toEqual([b.order_id]);
    const next = await ok<AppOrderRow[]>('GET', `app/orders?limit=1&before_id=${b.order_id}`, consumer);
    expect(next.map((o) => o.order_id)).toEqual([a.order_id]);
    expect((await ok<AppOrderRow[]>('GET', 'app/orders', other)).some((o) => o.order_id === a.order_id)).toBe(false);
  });
});
