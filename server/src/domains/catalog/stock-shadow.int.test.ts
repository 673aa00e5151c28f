import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AppOrderPlaced, AppStoreProduct, GuardedPreview, OperatorActionDetail, StockShadowRow } from '@portal/contract';
import { queryRows } from '../../db/client.ts';
import { apiCalls } from '../../../test/api-calls.ts';
import { useHarness } from '../../../test/harness.ts';
import { orderShelf } from '../../../test/orders.ts';
import { toolPeople } from '../../../test/tool-staff.ts';

describe('heimdal Stock Shadow: units of a PLU held back from online sale, changed as guarded writes, really not sold', () => {
  const h = useHarness();
  const db = () => h.testDb.database.db;
  let admin: string;
  let editor: string;
  let looker: string;
  let consumer: string;
  let shelf: Awaited<ReturnType<typeof orderShelf>>;

  beforeAll(async () => {
    admin = await h.tokenOf('admin.cms');
    ({ editor, looker, consumer } = await toolPeople(h, 'heimdal.update-force-stock', 'shadow'));
    shelf = await orderShelf(db(), 10);
  });

  const { call, ok } = apiCalls(h);
  /** Previews, then applies exactly that preview with a reason. */
  const change = async (input: Record<string, unknown>, token = editor) => {
    const preview = await ok<GuardedPreview>('POST', 'stock-shadow/preview', token, input);
    const applied = await ok<OperatorActionDetail>('POST', 'stock-shadow', token, { ...input, reason: 'Hold back units for the store display', fingerprint: preview.fingerprint });
    return { preview, applied };
  };
  const appStock = async (plu: string) =>
    (await ok<AppStoreProduct[]>('GET', `app/stores/${shelf.store.code}/products?search=${plu}`, consumer)).find((p) => p.plu === plu)?.stock;
  const stockOf = async (productId: number) =>
    Number((await queryRows<{ stock: number }>(db(), sql`select stock from store_products where store_id = ${shelf.store.id} and product_id = ${productId}`))[0]!.stock);
  const order = (plu: string, quantity: number) =>
    call<AppOrderPlaced>('POST', 'app/orders', consumer, { store_code: shelf.store.code, fulfilment: 2, delivery_mode: null, delivery_address: null, items: [{ plu, quantity }] });
  const byPlu = (plu: string) => call<StockShadowRow>('GET', `stock-shadow/by-plu/${plu}`, looker);
  const auditOf = (id: number) => queryRows<{ action: string; before: unknown; after: unknown }>(db(), sql`select action, before, after from audit_log where entity = 'operator-action' and entity_id = ${String(id)} order by id`);

  it('creates an entry as a guarded write: preview equals what is applied, refused without the right, a reason or the second factor', async () => {
    const p = shelf.products[0]!;
    const input = { operation: 'create', plu: p.plu, quantity: 4 };
    const preview = await ok<GuardedPreview>('POST', 'stock-shadow/preview', editor, input);
    expect(preview).toMatchObject({ total: 1, confirmation: null, undoable: true });
    expect(preview.changes).toEqual([{ entity: 'stock-shadow', entity_id: String(p.id), label: expect.stringContaining(`PLU ${p.plu}`), field: 'quantity', before: null, after: 4 }]);
    expect(preview.notes.join(' ')).toContain('held back from online sale');
    expect((await byPlu(p.plu)).status).toBe(404);

    expect((await call('POST', 'stock-shadow/preview', looker, input)).status).toBe(403);
    expect((await call('POST', 'stock-shadow/preview', admin, input)).status).toBe(403);
    expect((await call('GET', 'stock-shadow', admin)).status).toBe(403);
    const reason = 'Hold back units for the store display';
    expect((await call('POST', 'stock-shadow', looker, { ...input, reason, fingerprint: preview.fingerprint })).status).toBe(403);
    const noReason = await call('POST', 'stock-shadow', editor, { ...input, fingerprint: preview.fingerprint });
    expect(noReason.status).toBe(400);
    expect(noReason.body.details?.map((d) => d.path)).toContain('reason');
    const noStepUp = await call('POST', 'stock-shadow', editor, { ...input, reason, fingerprint: preview.fingerprint });
    expect(noStepUp.status).toBe(403);
    expect(noStepUp.body.error).toBe('step_up_required');
    expect((await byPlu(p.plu)).status).toBe(404);
    await h.stepUp(editor);
    expect((await call('POST', 'stock-shadow', editor, { ...input, reason, fingerprint: 'c'.repeat(64) })).status).toBe(409);

    const applied = await ok<OperatorActionDetail>('POST', 'stock-shadow', editor, { ...input, reason, fingerprint: preview.fingerprint });
    expect(applied).toMatchObject({ tool: 'stock-shadow', total: 1, reason, undoable: true });
    expect(applied.changes).toEqual(preview.changes);
    const row = (await byPlu(p.plu)).body.data;
    expect(row).toMatchObject({ plu: p.plu, quantity: 4, version: 1, created_by_name: 'shadow.editor' });
    expect(row.stores).toBeGreaterThan(0);
    const [audit] = await auditOf(applied.id);
    expect(audit).toMatchObject({ action: 'stock-shadow.apply' });
    expect(JSON.stringify(audit!.before)).toContain('"value":null');
    expect(JSON.stringify(audit!.after)).toContain('"value":4');
    const listed = await ok<{ data: StockShadowRow[]; meta: { total: number } }>('GET', `stock-shadow?search=${p.plu}&sort_by=quantity&sort_dir=asc`, looker);
    expect(listed.data.map((r) => r.plu)).toEqual([p.plu]);
    // One entry per PLU.
    expect((await call('POST', 'stock-shadow/preview', editor, input)).status).toBe(409);
    expect((await call('POST', 'stock-shadow/preview', editor, { operation: 'create', plu: '999999999', quantity: 1 })).status).toBe(422);
    expect((await call('POST', 'stock-shadow/preview', editor, { operation: 'create', plu: p.plu })).status).toBe(400);
    expect((await call('POST', 'stock-shadow/preview', editor, { operation: 'create', plu: p.plu, quantity: 0 })).status).toBe(400);
  });

  it('holds the units back: the consumer app shows the stock less them and an order cannot take them', async () => {
    const p = shelf.products[0]!;
    await db().execute(sql`update store_products set stock = 10 where store_id = ${shelf.store.id} and product_id = ${p.id}`);
    expect((await byPlu(p.plu)).body.data.held_units).toBeGreaterThanOrEqual(4);
    expect(await appStock(p.plu)).toBe(6);
    const refused = await order(p.plu, 7);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toContain('Only 6 of');
    expect(await stockOf(p.id)).toBe(10);
    expect((await order(p.plu, 6)).status).toBe(200);
    expect(await stockOf(p.id)).toBe(4);
    expect(await appStock(p.plu)).toBe(0);
    expect((await order(p.plu, 1)).status).toBe(422);
    // The other product has no shadow: all of its stock is on sale.
    expect(await appStock(shelf.products[1]!.plu)).toBe(await stockOf(shelf.products[1]!.id));
  });

  it('updates and deletes with the entry’s version, and undoes each while the entry is as the change left it', async () => {
    await h.stepUp(editor);
    const p = shelf.products[0]!;
    await db().execute(sql`update store_products set stock = 10 where store_id = ${shelf.store.id} and product_id = ${p.id}`);
    const row = (await byPlu(p.plu)).body.data;
    expect((await call('POST', 'stock-shadow/preview', editor, { operation: 'update', plu: p.plu, quantity: 2, version: row.version + 1 })).status).toBe(409);
    expect((await call('POST', 'stock-shadow/preview', editor, { operation: 'update', plu: p.plu, quantity: 2 })).status).toBe(400);
    const updated = await change({ operation: 'update', plu: p.plu, quantity: 2, version: row.version });
    expect(updated.preview.changes[0]).toMatchObject({ before: 4, after: 2 });
    expect(await appStock(p.plu)).toBe(8);
    const afterUpdate = (await byPlu(p.plu)).body.data;
    expect(afterUpdate).toMatchObject({ quantity: 2, version: row.version + 1 });

    // A stale preview: the entry changed after it was previewed.
    const stalePreview = await ok<GuardedPreview>('POST', 'stock-shadow/preview', editor, { operation: 'delete', plu: p.plu, version: afterUpdate.version });
    await db().execute(sql`update stock_shadows set quantity = 3, version = version + 1 where product_id = ${p.id}`);
    expect((await call('POST', 'stock-shadow', editor, { operation: 'delete', plu: p.plu, version: afterUpdate.version, reason: 'Display ended today', fingerprint: stalePreview.fingerprint })).status).toBe(409);
    // The update's undo finds the entry changed since: refused, nothing changed.
    const refused = await call('POST', `stock-shadow/actions/${updated.applied.id}/undo`, editor, { reason: 'Wrong product held back' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain(`PLU ${p.plu}`);
    await db().execute(sql`update stock_shadows set quantity = 2, version = version - 1 where product_id = ${p.id}`);
    await ok('POST', `stock-shadow/actions/${updated.applied.id}/undo`, editor, { reason: 'Wrong product held back' });
    expect((await byPlu(p.plu)).body.data.quantity).toBe(4);
    expect(await appStock(p.plu)).toBe(6);

    const current = (await byPlu(p.plu)).body.data;
    const deleted = await change({ operation: 'delete', plu: p.plu, version: current.version });
    expect(deleted.preview.changes[0]).toMatchObject({ before: 4, after: null });
    expect((await byPlu(p.plu)).status).toBe(404);
    expect(await appStock(p.plu)).toBe(10);
    expect((await order(p.plu, 10)).status).toBe(200);
    // Undoing the delete holds the units back again (the stock is now 0: nothing left to sell online).
    await ok('POST', `stock-shadow/actions/${deleted.applied.id}/undo`, editor, { reason: 'Display is still up' });
    expect((await byPlu(p.plu)).body.data.quantity).toBe(4);
    expect((await auditOf(deleted.applied.id)).map((a) => a.action)).toEqual(['stock-shadow.apply', 'stock-shadow.undo']);
    expect((await call('POST', `stock-shadow/actions/${deleted.applied.id}/undo`, editor, { reason: 'Display is still up' })).status).toBe(409);

    // A create's undo deletes the entry, unless it changed since.
    const other = shelf.products[1]!;
    const created = await change({ operation: 'create', plu: other.plu, quantity: 1 });
    await ok('POST', `stock-shadow/actions/${created.applied.id}/undo`, editor, { reason: 'Held back the wrong PLU' });
    expect((await byPlu(other.plu)).status).toBe(404);
    const actions = await ok<{ data: { id: number; undone_at: string | null }[] }>('GET', 'stock-shadow/actions?undone=true&limit=10', looker);
    expect(actions.data.map((a) => a.id)).toEqual(expect.arrayContaining([created.applied.id, deleted.applied.id, updated.applied.id]));
  });
});
