import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AppOrderPlaced, GuardedPreview, OperatorActionDetail, OperatorActionRow, OrderDetail, PatchOrderView } from '@portal/contract';
import { queryRows } from '../../db/client.ts';
import { apiCalls } from '../../../test/api-calls.ts';
import { useHarness } from '../../../test/harness.ts';
import { orderShelf, payOrder } from '../../../test/orders.ts';
import { expectOrderRollupKept } from '../../../test/order-rollup-kept.ts';
import { toolPeople } from '../../../test/tool-staff.ts';

describe('heimdal Patch Order: look-up with MSI and GM, a guarded patch (preview, reason, step-up, confirmation), its audit and its undo', () => {
  const h = useHarness();
  const db = () => h.testDb.database.db;
  let su: string;
  let admin: string;
  let patcher: string;
  let looker: string;
  let consumer: string;
  let shelf: Awaited<ReturnType<typeof orderShelf>>;

  beforeAll(async () => {
    su = await h.tokenOf('superadmin');
    admin = await h.tokenOf('admin.cms');
    ({ editor: patcher, looker, consumer } = await toolPeople(h, 'heimdal.patch-order', 'order'));
    shelf = await orderShelf(db(), 30);
  });

  const { call, ok } = apiCalls(h);
  const stock = async (productId: number) =>
    Number((await queryRows<{ stock: number }>(db(), sql`select stock from store_products where store_id = ${shelf.store.id} and product_id = ${productId}`))[0]!.stock);
  const paidOrder = async () => {
    const placed = await ok<AppOrderPlaced>('POST', 'app/orders', consumer, {
      store_code: shelf.store.code,
      fulfilment: 2,
      delivery_mode: null,
      delivery_address: null,
      items: shelf.products.map((p, i) => ({ plu: p.plu, quantity: i + 2 })),
    });
    await payOrder(h, placed);
    return placed;
  };
  const lookup = (no: string, token = patcher) => ok<PatchOrderView>('GET', `patch-order/orders/${no}`, token);
  const auditOf = (id: number) => queryRows<{ action: string; before: unknown; after: unknown; actor_name: string }>(db(), sql`select action, before, after, actor_name from audit_log where entity = 'operator-action' and entity_id = ${String(id)} order by id`);

  it('shows the order as staff, the store system and the goods movements see it', async () => {
    const placed = await paidOrder();
    const view = await lookup(placed.order_no, looker);
    expect(view).toMatchObject({ order_no: placed.order_no, status: 205, store_code: shelf.store.code });
    expect(view.msi.items.map((i) => [i.plu, i.quantity, i.picked_quantity])).toEqual(shelf.products.map((p, i) => [p.plu, i + 2, i + 2]));
    expect(view.gm.map((g) => [g.plu, g.taken, g.returned_by_picking, g.returned_by_ending, g.held])).toEqual(shelf.products.map((p, i) => [p.plu, i + 2, 0, 0, i + 2]));
    expect(view.gm[0]!.store_stock).toBe(await stock(shelf.products[0]!.id));
    expect(view.targets).not.toContain(205);
    expect(view.timeline.map((e) => e.action)).toContain('pay');
    expect((await call('GET', 'patch-order/orders/NO-SUCH-ORDER', looker)).status).toBe(404);
  });

  it('previews exactly what it then applies: the status and the stock given back, with the reason on the timeline and in the audit', async () => {
    const placed = await paidOrder();
    const view = await lookup(placed.order_no);
    const before = await Promise.all(shelf.products.map((p) => stock(p.id)));
    const input = { order_no: placed.order_no, to_status: 210, version: view.version };
    const preview = await ok<GuardedPreview>('POST', 'patch-order/preview', patcher, input);
    expect(preview.changes[0]).toMatchObject({ entity: 'order', label: placed.order_no, field: 'status', before: '205 Waiting for Checking', after: '210 Cancel' });
    expect(preview.changes.slice(1).map((c) => [c.field, c.before, c.after])).toEqual(before.map((b, i) => ['stock', b, b + i + 2]));
    expect(preview).toMatchObject({ total: 3, confirmation: null, undoable: true });
    // A preview writes nothing.
    expect((await lookup(placed.order_no)).status).toBe(205);
    expect(await stock(shelf.products[0]!.id)).toBe(before[0]);

    // Refused: without the edit right, without a reason, without a recent second factor, with another preview.
    expect((await call('POST', 'patch-order/preview', looker, input)).status).toBe(403);
    expect((await call('POST', 'patch-order', looker, { ...input, reason: 'Customer called twice', fingerprint: preview.fingerprint })).status).toBe(403);
    const noReason = await call('POST', 'patch-order', patcher, { ...input, fingerprint: preview.fingerprint });
    expect(noReason.status).toBe(400);
    expect(noReason.body.details?.map((d) => d.path)).toContain('reason');
    const shortReason = await call('POST', 'patch-order', patcher, { ...input, reason: 'because', fingerprint: preview.fingerprint });
    expect(shortReason.status).toBe(400);
    const reason = 'Payment gateway refunded it; customer asked to cancel';
    const noStepUp = await call('POST', 'patch-order', patcher, { ...input, reason, fingerprint: preview.fingerprint });
    expect(noStepUp.status).toBe(403);
    expect(noStepUp.body.error).toBe('step_up_required');
    await h.stepUp(patcher);
    expect((await call('POST', 'patch-order', patcher, { ...input, reason, fingerprint: 'a'.repeat(64) })).status).toBe(409);
    expect((await lookup(placed.order_no)).status).toBe(205);

    const applied = await ok<OperatorActionDetail>('POST', 'patch-order', patcher, { ...input, reason, fingerprint: preview.fingerprint });
    expect(applied).toMatchObject({ tool: 'patch-order', reason, total: 3, label: placed.order_no, undoable: true, undone_at: null });
    expect(applied.changes).toEqual(preview.changes);
    const after = await lookup(placed.order_no);
    expect(after.status).toBe(210);
    expect(after.gm.map((g) => g.held)).toEqual([0, 0]);
    expect(await Promise.all(shelf.products.map((p) => stock(p.id)))).toEqual(before.map((b, i) => b + i + 2));
    expect(after.timeline.at(-1)).toMatchObject({ action: 'patch', from_status: 205, to_status: 210, note: reason, actor_kind: 'staff' });
    const [audit] = await auditOf(applied.id);
    expect(audit).toMatchObject({ action: 'patch-order.apply', actor_name: expect.any(String) });
    expect(JSON.stringify(audit!.after)).toContain(reason);
    expect(JSON.stringify(audit!.before)).toContain('205 Waiting for Checking');
    // Applied once: the same fingerprint again finds another plan.
    expect((await call('POST', 'patch-order', patcher, { ...input, reason, fingerprint: preview.fingerprint })).status).toBe(409);

    const listed = await ok<{ data: OperatorActionRow[] }>('GET', 'patch-order/actions?limit=5', looker);
    expect(listed.data[0]).toMatchObject({ id: applied.id, undoable: true });

    // Undo: refused without the right or a reason; then the order and the stock are as they were, audited too.
    expect((await call('POST', `patch-order/actions/${applied.id}/undo`, looker, { reason: 'Patched the wrong order' })).status).toBe(403);
    expect((await call('POST', `patch-order/actions/${applied.id}/undo`, patcher, {})).status).toBe(400);
    const undone = await ok<OperatorActionDetail>('POST', `patch-order/actions/${applied.id}/undo`, patcher, { reason: 'Patched the wrong order by mistake' });
    expect(undone).toMatchObject({ undoable: false, undo_reason: 'Patched the wrong order by mistake' });
    expect((await lookup(placed.order_no)).status).toBe(205);
    expect(await Promise.all(shelf.products.map((p) => stock(p.id)))).toEqual(before);
    expect((await auditOf(applied.id)).map((a) => a.action)).toEqual(['patch-order.apply', 'patch-order.undo']);
    expect((await call('POST', `patch-order/actions/${applied.id}/undo`, patcher, { reason: 'Patched the wrong order by mistake' })).status).toBe(409);
  });

  it('refuses an undo once the order moved on, and a stale version', async () => {
    await h.stepUp(patcher);
    const placed = await paidOrder();
    const view = await lookup(placed.order_no);
    // The heimdal tools are no role's by default: the cms administrator may not patch.
    expect((await call('GET', `patch-order/orders/${placed.order_no}`, admin)).status).toBe(403);
    const input = { order_no: placed.order_no, to_status: 201, version: view.version };
    const preview = await ok<GuardedPreview>('POST', 'patch-order/preview', patcher, input);
    expect(preview.notes.join(' ')).toContain('Stock is not changed');
    const applied = await ok<OperatorActionDetail>('POST', 'patch-order', patcher, { ...input, reason: 'Store system lost the order, resend', fingerprint: preview.fingerprint });
    expect((await call('POST', 'patch-order/preview', patcher, input)).status).toBe(409);
    const order = await ok<OrderDetail>('GET', `orders/${view.id}`, admin);
    await ok('POST', `orders/${view.id}/move`, admin, { action: 'confirm_pick', version: order.version });
    const refused = await call('POST', `patch-order/actions/${applied.id}/undo`, patcher, { reason: 'Patched the wrong order by mistake' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('patch it again');
  });

  it('asks for the order number typed before the irreversible patch into Distribute to Customer, and offers no undo of it', async () => {
    await h.stepUp(su);
    const placed = await paidOrder();
    const view = await lookup(placed.order_no, su);
    const input = { order_no: placed.order_no, to_status: 400, version: view.version };
    const preview = await ok<GuardedPreview>('POST', 'patch-order/preview', su, input);
    expect(preview).toMatchObject({ confirmation: placed.order_no, undoable: false });
    const body = { ...input, reason: 'Customer received it, courier app failed', fingerprint: preview.fingerprint };
    const unconfirmed = await call('POST', 'patch-order', su, body);
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.body.details?.map((d) => d.path)).toEqual(['confirmation']);
    expect((await lookup(placed.order_no, su)).status).toBe(205);
    const applied = await ok<OperatorActionDetail>('POST', 'patch-order', su, { ...body, confirmation: placed.order_no.toLowerCase() });
    expect(applied.undoable).toBe(false);
    expect((await lookup(placed.order_no, su)).status).toBe(400);
    expect((await call('POST', `patch-order/actions/${applied.id}/undo`, su, { reason: 'Patched the wrong order by mistake' })).status).toBe(409);
    await expectOrderRollupKept(db());
  });

  it('refuses taking stock back the store no longer has', async () => {
    await h.stepUp(su);
    const placed = await paidOrder();
    const view = await lookup(placed.order_no, su);
    const cancel = await ok<GuardedPreview>('POST', 'patch-order/preview', su, { order_no: placed.order_no, to_status: 210, version: view.version });
    const applied = await ok<OperatorActionDetail>('POST', 'patch-order', su, { order_no: placed.order_no, to_status: 210, version: view.version, reason: 'Cancel requested by the store', fingerprint: cancel.fingerprint });
    await db().execute(sql`update store_products set stock = 0 where store_id = ${shelf.store.id} and product_id = ${shelf.products[0]!.id}`);
    const again = await lookup(placed.order_no, su);
    const refused = await call('POST', 'patch-order/preview', su, { order_no: placed.order_no, to_status: 205, version: again.version });
    expect(refused.status).toBe(422);
    expect((await call('POST', `patch-order/actions/${applied.id}/undo`, su, { reason: 'Patched the wrong order by mistake' })).status).toBe(409);
    expect((await lookup(placed.order_no, su)).status).toBe(210);
    await db().execute(sql`update store_products set stock = 30 where store_id = ${shelf.store.id} and product_id = ${shelf.products[0]!.id}`);
  });
});
