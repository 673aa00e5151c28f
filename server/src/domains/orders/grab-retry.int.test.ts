import { sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AppOrderPlaced, CourierHandoverAttempt, GrabRetryRow, GuardedPreview, OperatorActionDetail, OrderDetail } from '@portal/contract';
import { queryRows } from '../../db/client.ts';
import { apiCalls } from '../../../test/api-calls.ts';
import { useHarness } from '../../../test/harness.ts';
import { orderShelf, payOrder } from '../../../test/orders.ts';
import { toolPeople } from '../../../test/tool-staff.ts';
import { SIMULATED_ADDRESS_REFUSAL, SIMULATED_OUTAGE, SimulatedCourier } from './courier.ts';

interface Page<T> {
  data: T[];
  meta: { total: number };
}

describe('the courier hand-over of 3PL delivery orders, and heimdal Grab Retry as a guarded write', () => {
  const h = useHarness();
  const db = () => h.testDb.database.db;
  const courier = () => h.orders.courier as SimulatedCourier;
  let admin: string;
  let retrier: string;
  let watcher: string;
  let consumer: string;
  let shelf: Awaited<ReturnType<typeof orderShelf>>;
  let reason: number;

  beforeAll(async () => {
    admin = await h.tokenOf('admin.cms');
    ({ editor: retrier, looker: watcher, consumer } = await toolPeople(h, 'heimdal.grab-retry', 'grab', [{ entry: 'cms.order-management', action: 'view' }]));
    shelf = await orderShelf(db(), 500);
    reason = Number((await queryRows<{ id: number }>(db(), sql`select id from cancel_reasons order by sort_order limit 1`))[0]!.id);
  });
  afterEach(() => {
    courier().outage = null;
  });

  const { call, ok } = apiCalls(h);
  const detail = (id: number) => ok<OrderDetail>('GET', `orders/${id}`, admin);
  const move = async (id: number, action: string, extra: object = {}) => ok<OrderDetail>('POST', `orders/${id}/move`, admin, { action, version: (await detail(id)).version, ...extra });

  /** A paid delivery order taken to Ready to Delivery by the store's staff over HTTP (3PL unless `mode` 2). */
  const readyOrder = async (address: string, mode: 1 | 2 = 1): Promise<AppOrderPlaced> => {
    const placed = await ok<AppOrderPlaced>('POST', 'app/orders', consumer, {
      store_code: shelf.store.code,
      fulfilment: 1,
      delivery_mode: mode,
      delivery_address: address,
      items: shelf.products.map((p, i) => ({ plu: p.plu, quantity: i + 1 })),
    });
    await payOrder(h, placed);
    await move(placed.order_id, 'check_stock');
    await move(placed.order_id, 'confirm_pick');
    return placed;
  };
  const attempts = (orderId: number, token = watcher) => ok<CourierHandoverAttempt[]>('GET', `grab-retry/orders/${orderId}/attempts`, token);
  /** Waits for the hand-over job to answer the order's latest attempt. */
  const settled = async (orderId: number): Promise<CourierHandoverAttempt> => {
    for (let i = 0; i < 150; i++) {
      const last = (await attempts(orderId)).at(-1);
      if (last && last.status !== 'pending') return last;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`the hand-over of order ${orderId} was never answered`);
  };
  const listed = async (query = '', token = watcher) => ok<Page<GrabRetryRow>>('GET', `grab-retry/orders?store_id=${shelf.store.id}&limit=100${query}`, token);

  it('books the courier when a 3PL delivery order is ready to deliver: its booking reference, its driver on the order as the system', async () => {
    const placed = await readyOrder('Jl. Melati No. 12, Bandung');
    const booked = await settled(placed.order_id);
    expect(booked).toMatchObject({ attempt: 1, status: 'booked', courier: 'simulated', booking_ref: `SIM-${placed.order_no}-1`, error: null, requested_by_name: null, operator_action_id: null });
    const order = await detail(placed.order_id);
    expect(order.driver_name).toEqual(expect.any(String));
    expect(order).toMatchObject({ status: 300, delivery_mode: 1 });
    expect(order.timeline.at(-1)).toMatchObject({ action: 'courier_booked', actor_kind: 'system', to_status: 300 });
    expect(order.timeline.at(-1)!.note).toContain(booked.booking_ref!);
    // With the courier's driver it goes out as any delivery does.
    expect((await move(placed.order_id, 'dispatch')).status).toBe(310);
    expect((await listed()).data.map((r) => r.order_id)).not.toContain(placed.order_id);

    // An internal delivery is the store's own: no courier is asked, a driver is assigned by hand.
    const internal = await readyOrder('Jl. Melati No. 14, Bandung', 2);
    expect(await attempts(internal.order_id)).toEqual([]);
  });

  it('records the courier’s refusal on the attempt and the timeline; the order is listed with its error, filtered and paged on the server', async () => {
    const noNumber = await readyOrder('Jalan Melati, dekat pasar, Bandung');
    const failed = await settled(noNumber.order_id);
    expect(failed).toMatchObject({ attempt: 1, status: 'failed', error: SIMULATED_ADDRESS_REFUSAL, booking_ref: null, courier: 'simulated' });
    const order = await detail(noNumber.order_id);
    expect(order.driver_name).toBeNull();
    expect(order.timeline.at(-1)).toMatchObject({ action: 'courier_failed', actor_kind: 'system', note: `Attempt 1: ${SIMULATED_ADDRESS_REFUSAL}` });

    courier().outage = SIMULATED_OUTAGE;
    const down = await readyOrder('Jl. Melati No. 16, Bandung');
    expect(await settled(down.order_id)).toMatchObject({ status: 'failed', error: SIMULATED_OUTAGE });

    const all = await listed();
    const row = all.data.find((r) => r.order_id === noNumber.order_id);
    expect(row).toMatchObject({ order_no: noNumber.order_no, store_code: shelf.store.code, status: 'failed', attempts: 1, error: SIMULATED_ADDRESS_REFUSAL, requested_by_name: null });
    expect(all.data.map((r) => r.order_id)).toContain(down.order_id);
    // The error's words, the order number's start, the period, the store; newest attempt first.
    expect((await listed('&error=address_not_found')).data.map((r) => r.order_id)).toEqual([noNumber.order_id]);
    expect((await listed(`&search=${noNumber.order_no.slice(0, -1).toLowerCase()}`)).data.map((r) => r.order_id)).toContain(noNumber.order_id);
    expect((await listed(`&search=${noNumber.order_no}`)).data.map((r) => r.order_id)).toEqual([noNumber.order_id]);
    expect((await listed('&date_from=2020-01-01&date_until=2020-01-31')).data).toEqual([]);
    const ids = all.data.map((r) => r.order_id);
    expect(ids.indexOf(down.order_id)).toBeLessThan(ids.indexOf(noNumber.order_id));
    const paged = await Promise.all([1, 2].map((p) => ok<Page<GrabRetryRow>>('GET', `grab-retry/orders?store_id=${shelf.store.id}&limit=1&page=${p}`, watcher)));
    expect(paged.flatMap((p) => p.data.map((r) => r.order_id))).toEqual(ids.slice(0, 2));
    expect(paged[0]!.meta.total).toBe(all.meta.total);
    // Bad input is a 400, never a 500; no right is a 403.
    expect((await call('GET', 'grab-retry/orders?date_from=2026-02-01&date_until=2026-01-01', watcher)).status).toBe(400);
    expect((await call('GET', 'grab-retry/orders?sort_by=error', watcher)).status).toBe(400);
    expect((await call('GET', 'grab-retry/orders', admin)).status).toBe(403);
    expect((await h.call('GET', '/api/v1/grab-retry/orders')).statusCode).toBe(401);
    expect((await ok<{ code: string }[]>('GET', `grab-retry/stores?search=${shelf.store.code}`, watcher)).map((s) => s.code)).toContain(shelf.store.code);

    // A staff member can still assign a driver by hand: the order no longer waits for a courier and leaves the list.
    await ok('POST', `orders/${down.order_id}/driver`, admin, { driver_name: 'Budi Santoso', driver_phone: '081234567890', delivery_mode: 2, version: (await detail(down.order_id)).version });
    expect((await listed()).data.map((r) => r.order_id)).not.toContain(down.order_id);
    await h.stepUp(retrier);
    const refused = await call('POST', 'grab-retry/preview', retrier, { order_ids: [down.order_id] });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toContain(down.order_no);
  });

  it('retries in bulk: the preview is what is applied, with a reason, the typed words and a recent second factor, audited, never undone; booked orders leave the list', async () => {
    courier().outage = 'NO_DRIVER_AVAILABLE: no driver accepted the booking near the store';
    const a = await readyOrder('Jl. Kamboja No. 1, Bandung');
    const b = await readyOrder('Jl. Kamboja No. 2, Bandung');
    await settled(a.order_id);
    await settled(b.order_id);
    courier().outage = null;
    const input = { order_ids: [b.order_id, a.order_id] };

    // Viewing is not retrying; the heimdal tools are no role's by default.
    expect((await call('POST', 'grab-retry/preview', watcher, input)).status).toBe(403);
    expect((await call('POST', 'grab-retry/preview', admin, input)).status).toBe(403);
    expect((await call('POST', 'grab-retry/preview', retrier, { order_ids: [] })).status).toBe(400);
    expect((await call('POST', 'grab-retry/preview', retrier, { order_ids: [a.order_id, a.order_id] })).status).toBe(400);

    const preview = await ok<GuardedPreview>('POST', 'grab-retry/preview', retrier, input);
    const [first, second] = [a, b].sort((x, y) => x.order_id - y.order_id);
    expect(preview.changes.map((c) => [c.entity, c.label, c.field, c.before, c.after])).toEqual([
      ['courier-handover', first!.order_no, 'hand-over', 'Failed (attempt 1)', 'Retrying (attempt 2)'],
      ['courier-handover', second!.order_no, 'hand-over', 'Failed (attempt 1)', 'Retrying (attempt 2)'],
    ]);
    expect(preview).toMatchObject({ total: 2, confirmation: 'RETRY 2 HAND-OVERS', undoable: false });
    // A preview writes nothing.
    expect(await attempts(a.order_id)).toHaveLength(1);

    const body = { ...input, reason: 'Courier app was down at night, retrying now', fingerprint: preview.fingerprint };
    const noReason = await call('POST', 'grab-retry', retrier, { ...input, fingerprint: preview.fingerprint, confirmation: 'RETRY 2 HAND-OVERS' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.details?.map((d) => d.path)).toContain('reason');
    h.clock.advance(16 * 60_000);
    const noStepUp = await call('POST', 'grab-retry', retrier, { ...body, confirmation: 'RETRY 2 HAND-OVERS' });
    expect(noStepUp.status).toBe(403);
    expect(noStepUp.body.error).toBe('step_up_required');
    await h.stepUp(retrier);
    const unconfirmed = await call('POST', 'grab-retry', retrier, body);
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.body.details?.map((d) => d.path)).toEqual(['confirmation']);
    expect((await call('POST', 'grab-retry', retrier, { ...body, confirmation: 'RETRY 2 HAND-OVERS', fingerprint: 'a'.repeat(64) })).status).toBe(409);
    expect((await call('POST', 'grab-retry', watcher, { ...body, confirmation: 'RETRY 2 HAND-OVERS' })).status).toBe(403);
    expect(await attempts(a.order_id)).toHaveLength(1);

    const applied = await ok<OperatorActionDetail>('POST', 'grab-retry', retrier, { ...body, confirmation: 'retry 2 hand-overs' });
    expect(applied).toMatchObject({ tool: 'grab-retry', reason: body.reason, total: 2, undoable: false, actor_name: 'grab.editor' });
    expect(applied.changes).toEqual(preview.changes);
    for (const o of [a, b]) {
      const asked = (await attempts(o.order_id))[1]!;
      expect(asked).toMatchObject({ attempt: 2, requested_by_name: 'grab.editor', operator_action_id: applied.id });
      expect(await settled(o.order_id)).toMatchObject({ attempt: 2, status: 'booked', booking_ref: `SIM-${o.order_no}-2` });
      const order = await detail(o.order_id);
      expect(order.driver_name).toEqual(expect.any(String));
      expect(order.timeline.map((e) => e.action).slice(-3)).toEqual(['courier_failed', 'courier_retry', 'courier_booked']);
      expect(order.timeline.find((e) => e.action === 'courier_retry')).toMatchObject({ actor_kind: 'staff', note: body.reason });
    }
    const ids = (await listed()).data.map((r) => r.order_id);
    expect(ids).not.toContain(a.order_id);
    expect(ids).not.toContain(b.order_id);

    const audit = await queryRows<{ action: string; actor_name: string; before: unknown; after: unknown }>(
      db(),
      sql`select action, actor_name, before, after from audit_log where entity = 'operator-action' and entity_id = ${String(applied.id)} order by id`,
    );
    expect(audit.map((x) => x.action)).toEqual(['grab-retry.apply']);
    expect(JSON.stringify(audit[0]!.before)).toContain('Failed (attempt 1)');
    expect(JSON.stringify(audit[0]!.after)).toContain(body.reason);
    // Applied once; a booking cannot be taken back.
    expect((await call('POST', 'grab-retry', retrier, { ...body, confirmation: 'RETRY 2 HAND-OVERS' })).status).toBe(422);
    const undo = await call('POST', `grab-retry/actions/${applied.id}/undo`, retrier, { reason: 'Retried the wrong orders' });
    expect(undo.status).toBe(409);
    expect((await ok<Page<{ id: number }>>('GET', 'grab-retry/actions?limit=5', watcher)).data[0]!.id).toBe(applied.id);
  });

  it('retries one order with its number typed; a refusal again is listed with the new attempt and who asked; an order moved on is refused in the preview', async () => {
    await h.stepUp(retrier);
    const placed = await readyOrder('Jalan Kenari, Bandung');
    await settled(placed.order_id);
    const preview = await ok<GuardedPreview>('POST', 'grab-retry/preview', retrier, { order_ids: [placed.order_id] });
    expect(preview.confirmation).toBe(placed.order_no);
    const applied = await ok<OperatorActionDetail>('POST', 'grab-retry', retrier, {
      order_ids: [placed.order_id],
      reason: 'Customer confirmed the address by phone',
      fingerprint: preview.fingerprint,
      confirmation: placed.order_no,
    });
    // Asked again and not yet answered, it stays listed as retrying; then refused again (the address is unchanged).
    const pending = (await listed()).data.find((r) => r.order_id === placed.order_id);
    if (pending?.status === 'pending') expect(pending.error).toBeNull();
    expect(await settled(placed.order_id)).toMatchObject({ attempt: 2, status: 'failed', error: SIMULATED_ADDRESS_REFUSAL, operator_action_id: applied.id });
    expect((await listed()).data.find((r) => r.order_id === placed.order_id)).toMatchObject({ attempts: 2, status: 'failed', requested_by_name: 'grab.editor' });
    expect((await listed('&sort_by=attempts&sort_dir=desc')).data[0]).toMatchObject({ attempts: 2 });

    // Cancelled meanwhile: it leaves the list, and a retry is refused with the reason.
    const again = await ok<GuardedPreview>('POST', 'grab-retry/preview', retrier, { order_ids: [placed.order_id] });
    await move(placed.order_id, 'cancel', { cancel_reason_id: reason });
    expect((await listed()).data.map((r) => r.order_id)).not.toContain(placed.order_id);
    const refused = await call('POST', 'grab-retry/preview', retrier, { order_ids: [placed.order_id] });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toContain('Cancel');
    const stale = await call('POST', 'grab-retry', retrier, { order_ids: [placed.order_id], reason: 'Customer confirmed the address by phone', fingerprint: again.fingerprint, confirmation: placed.order_no });
    expect(stale.status).toBe(422);
    expect(await attempts(placed.order_id)).toHaveLength(2);
    expect((await call('POST', 'grab-retry/preview', retrier, { order_ids: [2_000_000_000] })).status).toBe(400);
  });

  it('the demo has failed hand-overs made through the hand-over job', async () => {
    const rows = await queryRows<{ error: string; n: number }>(db(), sql`select error, count(*)::int as n from courier_handovers where latest and status = 'failed' and order_no in (select order_no from orders where client_ref like 'DEMO-COURIER-%') group by error order by error`);
    expect(rows.map((r) => r.error)).toEqual(expect.arrayContaining([SIMULATED_ADDRESS_REFUSAL, SIMULATED_OUTAGE]));
    const [booked] = await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from courier_handovers h join orders o on o.id = h.order_id where h.status = 'booked' and o.client_ref like 'DEMO-COURIER-%' and o.driver_name is not null`);
    expect(Number(booked!.n)).toBe(1);
  });
});
