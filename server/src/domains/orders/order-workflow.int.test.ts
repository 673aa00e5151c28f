import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AppOrderBody, OrderAction } from '@portal/contract';
import { queryRows } from '../../db/client.ts';
import type { AuditContext } from '../../platform/audit.ts';
import { AppError } from '../../platform/errors.ts';
import { useHarness } from '../../../test/harness.ts';
import { expireUnpaidOrders } from './order-expiry.job.ts';
import { OrderPlacementService } from './order-placement.service.ts';
import { OrderWorkflowService } from './order-workflow.service.ts';

describe('the order workflow on the server: declared moves only, versioned, timed, audited, stock given back', () => {
  const h = useHarness();
  const db = () => h.testDb.database.db;
  let placement: OrderPlacementService;
  let workflow: OrderWorkflowService;
  let store: { id: number; code: string };
  let product: { id: number; plu: string };
  let consumer: number;
  let staff: AuditContext;
  let reason: number;

  beforeAll(async () => {
    placement = new OrderPlacementService(db());
    workflow = new OrderWorkflowService(db());
    [store] = (await queryRows<{ id: number; code: string }>(db(), sql`select id, code from stores where status = 1 order by id limit 1`)) as [{ id: number; code: string }];
    [product] = (await queryRows<{ id: number; plu: string }>(
      db(),
      sql`select p.id, p.plu from store_products sp join products p on p.id = sp.product_id where sp.store_id = ${store.id} and sp.is_active and p.status = 1
        and not exists (select 1 from max_purchase_limitations m where m.product_id = p.id) order by p.id desc limit 1`,
    )) as [{ id: number; plu: string }];
    consumer = Number((await queryRows<{ id: number }>(db(), sql`select id from consumers where status = 1 order by id limit 1`))[0]!.id);
    const [admin] = await queryRows<{ id: number; name: string }>(db(), sql`select id, name from users where username = 'admin.cms'`);
    staff = { actor: { userId: Number(admin!.id), name: admin!.name }, ip: '127.0.0.1', now: new Date() };
    reason = Number((await queryRows<{ id: number }>(db(), sql`select id from cancel_reasons order by sort_order limit 1`))[0]!.id);
    await db().execute(sql`update store_products set stock = 50 where store_id = ${store.id} and product_id = ${product.id}`);
  });

  const stock = async () => Number((await queryRows<{ stock: number }>(db(), sql`select stock from store_products where store_id = ${store.id} and product_id = ${product.id}`))[0]!.stock);
  const place = (fulfilment: 1 | 2, quantity = 2) => {
    const body: AppOrderBody = {
      store_code: store.code,
      fulfilment,
      delivery_mode: fulfilment === 1 ? 2 : null,
      delivery_address: fulfilment === 1 ? 'Jl. Kenanga No. 7, Jakarta' : null,
      items: [{ plu: product.plu, quantity }],
      client_ref: null,
    };
    return placement.place(consumer, body, new Date());
  };
  const byStaff = (action: OrderAction, extra: { version?: number; cancelReasonId?: number; note?: string } = {}) => ({ action, actor: { kind: 'staff' as const, audit: staff }, ...extra });
  const system = (action: OrderAction) => ({ action, actor: { kind: 'system' as const } });
  const refused = async (promise: Promise<unknown>) => {
    const err = await promise.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(AppError);
    return { status: (err as AppError).status, message: (err as AppError).message };
  };

  it('walks a delivery order from payment to the customer, each move on the timeline, staff moves audited', async () => {
    const order = await place(1);
    const id = order.order_id;
    await workflow.move(id, { ...system('pay'), paymentRef: 'PG-123' }, new Date());
    await workflow.move(id, system('queue'), new Date());
    for (const action of ['check_stock', 'confirm_pick'] as const) await workflow.move(id, byStaff(action), new Date());
    // Out for delivery only with a driver.
    expect(await refused(workflow.move(id, byStaff('dispatch'), new Date()))).toMatchObject({ status: 422, message: 'Assign a driver first' });
    await db().execute(sql`update orders set driver_name = 'Budi', driver_phone = '081200000000' where id = ${id}`);
    for (const action of ['dispatch', 'delivery_incomplete', 'redeliver', 'deliver'] as const) await workflow.move(id, byStaff(action), new Date());
    const events = await queryRows<{ action: string; from_status: number | null; to_status: number; actor_kind: string }>(
      db(),
      sql`select action, from_status, to_status, actor_kind from order_events where order_id = ${id} order by id`,
    );
    expect(events.map((e) => `${e.action} ${e.from_status ?? '-'}→${e.to_status} ${e.actor_kind}`)).toEqual([
      'place -→100 consumer',
      'pay 100→200 system',
      'queue 200→205 system',
      'check_stock 205→201 staff',
      'confirm_pick 201→300 staff',
      'dispatch 300→310 staff',
      'delivery_incomplete 310→410 staff',
      'redeliver 410→310 staff',
      'deliver 310→400 staff',
    ]);
    const [row] = await queryRows(db(), sql`select status, payment_status, payment_ref, paid_at is not null as paid, version from orders where id = ${id}`);
    expect(row).toMatchObject({ status: 400, payment_status: 'PAID', payment_ref: 'PG-123', paid: true, version: 9 });
    const audit = await queryRows<{ action: string }>(db(), sql`select action from audit_log where entity = 'order' and entity_id = ${String(id)} order by id`);
    expect(audit.map((a) => a.action)).toEqual(['order.check_stock', 'order.confirm_pick', 'order.dispatch', 'order.delivery_incomplete', 'order.redeliver', 'order.deliver']);
    // Sold: nothing comes back, and nothing leaves the final state.
    expect(await refused(workflow.move(id, byStaff('cancel', { cancelReasonId: reason }), new Date()))).toMatchObject({ status: 409 });
  });

  it('refuses moves the workflow does not declare, a stale version and a cancel without a listed reason, changing nothing', async () => {
    const order = await place(2);
    const id = order.order_id;
    expect(await refused(workflow.move(id, byStaff('check_stock'), new Date()))).toEqual({ status: 409, message: 'This order is Waiting for Payment: it cannot be moved by check stock' });
    await workflow.move(id, system('pay'), new Date());
    await workflow.move(id, system('queue'), new Date());
    await workflow.move(id, byStaff('check_stock'), new Date());
    const picked = await workflow.move(id, byStaff('confirm_pick'), new Date());
    expect(picked.status).toBe(301);
    // A pick-up order never goes on the road.
    expect((await refused(workflow.move(id, byStaff('dispatch'), new Date()))).status).toBe(409);
    expect((await refused(workflow.move(id, byStaff('hand_over', { version: picked.version - 1 }), new Date()))).status).toBe(409);
    expect((await refused(workflow.move(id, byStaff('cancel'), new Date()))).status).toBe(400);
    expect((await refused(workflow.move(id, byStaff('cancel', { cancelReasonId: 999_999 }), new Date()))).status).toBe(400);
    const [row] = await queryRows(db(), sql`select status, version from orders where id = ${id}`);
    expect(row).toMatchObject({ status: 301, version: picked.version });
    expect((await workflow.move(id, byStaff('hand_over', { version: picked.version }), new Date())).status).toBe(400);
  });

  it('expires the unpaid orders past their deadline, and only those', async () => {
    const before = await stock();
    const late = await place(2, 1);
    const paid = await place(2, 1);
    const fresh = await place(2, 1);
    await workflow.move(paid.order_id, system('pay'), new Date());
    await db().execute(sql`update orders set payment_expires_at = now() - interval '1 minute' where id in (${late.order_id}, ${paid.order_id})`);
    expect(await expireUnpaidOrders(db(), workflow, new Date())).toBe(1);
    const rows = await queryRows<{ id: number; status: number }>(db(), sql`select id, status from orders where id in (${late.order_id}, ${paid.order_id}, ${fresh.order_id}) order by id`);
    expect(rows.map((r) => Number(r.status))).toEqual([110, 200, 100]);
    expect(await stock()).toBe(before - 2);
  });

  it('gives the stock back when an order is cancelled with its reason or expires unpaid, and keeps it when paid', async () => {
    const before = await stock();
    const cancelled = await place(2, 3);
    const expired = await place(2, 4);
    const paid = await place(2, 5);
    expect(await stock()).toBe(before - 12);
    await workflow.move(cancelled.order_id, byStaff('cancel', { cancelReasonId: reason, note: 'Pelanggan menelepon' }), new Date());
    await workflow.move(expired.order_id, system('expire'), new Date());
    await workflow.move(paid.order_id, system('pay'), new Date());
    expect(await stock()).toBe(before - 5);
    const [c] = await queryRows(db(), sql`select status, cancel_reason_id, cancel_note from orders where id = ${cancelled.order_id}`);
    expect(c).toEqual({ status: 210, cancel_reason_id: reason, cancel_note: 'Pelanggan menelepon' });
    const [e] = await queryRows(db(), sql`select status, payment_status from orders where id = ${expired.order_id}`);
    expect(e).toEqual({ status: 110, payment_status: 'EXPIRED' });
  });
});
