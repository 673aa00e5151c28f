import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AppOrderPlaced, GuardedPreview, ImportBatch, ImportRow, OperatorActionDetail, OperatorActionRow } from '@portal/contract';
import { queryRows } from '../../db/client.ts';
import { apiCalls } from '../../../test/api-calls.ts';
import { useHarness } from '../../../test/harness.ts';
import { csv, multipart } from '../../../test/import-files.ts';
import { orderShelf } from '../../../test/orders.ts';
import { toolPeople } from '../../../test/tool-staff.ts';

const HEADER = ['Store Code', 'PLU', 'Stock'];

describe('heimdal Update Force Stock: a store product’s stock set singly or by file as a guarded write, audited and undone', () => {
  const h = useHarness();
  const db = () => h.testDb.database.db;
  let su: string;
  let admin: string;
  let forcer: string;
  let looker: string;
  let consumer: string;
  let shelf: Awaited<ReturnType<typeof orderShelf>>;

  beforeAll(async () => {
    su = await h.tokenOf('superadmin');
    admin = await h.tokenOf('admin.cms');
    ({ editor: forcer, looker, consumer } = await toolPeople(h, 'heimdal.update-force-stock', 'stock'));
    shelf = await orderShelf(db(), 30);
  });

  const { call, ok } = apiCalls(h);
  const stockOf = async (productId: number, storeId = shelf.store.id) =>
    queryRows<{ stock: number; version: number; updated_by: number | null }>(db(), sql`select stock, version, updated_by from store_products where store_id = ${storeId} and product_id = ${productId}`).then((r) => ({
      stock: Number(r[0]!.stock),
      version: Number(r[0]!.version),
    }));
  const setStock = (productId: number, stock: number) => db().execute(sql`update store_products set stock = ${stock} where store_id = ${shelf.store.id} and product_id = ${productId}`);
  const auditOf = (id: number) =>
    queryRows<{ action: string; before: unknown; after: unknown; actor_name: string }>(db(), sql`select action, before, after, actor_name from audit_log where entity = 'operator-action' and entity_id = ${String(id)} order by id`);
  const upload = async (content: string, token = su) => {
    const body = multipart('force-stock.csv', content);
    const res = await h.call('POST', '/api/v1/imports/update-force-stock', { token, body: body.payload, headers: body.headers });
    expect(res.statusCode, res.body).toBe(200);
    return h.imports.waitFor(res.json<{ data: ImportBatch }>().data.id, ['VALIDATED', 'FAILED'], 120_000);
  };

  it('previews exactly what it then applies to one store product, with the reason in the audit, and undoes it', async () => {
    await setStock(shelf.products[0]!.id, 30);
    const p = shelf.products[0]!;
    const before = await stockOf(p.id);
    // The store code is matched without regard to case.
    const input = { items: [{ store_code: shelf.store.code.toLowerCase(), plu: p.plu, stock: 55 }] };
    const preview = await ok<GuardedPreview>('POST', 'update-force-stock/preview', forcer, input);
    expect(preview).toMatchObject({ total: 1, confirmation: null, undoable: true });
    expect(preview.changes).toEqual([{ entity: 'store-product', entity_id: expect.any(String), label: expect.stringContaining(`${shelf.store.code} · PLU ${p.plu}`), field: 'stock', before: 30, after: 55 }]);
    // A preview writes nothing.
    expect(await stockOf(p.id)).toEqual(before);

    // Refused: without the edit right (view only, or none), without a reason, without a recent second factor, with another preview.
    expect((await call('POST', 'update-force-stock/preview', looker, input)).status).toBe(403);
    expect((await call('POST', 'update-force-stock/preview', admin, input)).status).toBe(403);
    const reason = 'Stock opname at the store found 55 units';
    expect((await call('POST', 'update-force-stock', looker, { ...input, reason, fingerprint: preview.fingerprint })).status).toBe(403);
    const noReason = await call('POST', 'update-force-stock', forcer, { ...input, fingerprint: preview.fingerprint });
    expect(noReason.status).toBe(400);
    expect(noReason.body.details?.map((d) => d.path)).toContain('reason');
    const noStepUp = await call('POST', 'update-force-stock', forcer, { ...input, reason, fingerprint: preview.fingerprint });
    expect(noStepUp.status).toBe(403);
    expect(noStepUp.body.error).toBe('step_up_required');
    await h.stepUp(forcer);
    expect((await call('POST', 'update-force-stock', forcer, { ...input, reason, fingerprint: 'b'.repeat(64) })).status).toBe(409);
    expect(await stockOf(p.id)).toEqual(before);

    const applied = await ok<OperatorActionDetail>('POST', 'update-force-stock', forcer, { ...input, reason, fingerprint: preview.fingerprint });
    expect(applied).toMatchObject({ tool: 'update-force-stock', reason, total: 1, undoable: true, undone_at: null, undo_confirmation: null });
    expect(applied.changes).toEqual(preview.changes);
    const after = await stockOf(p.id);
    expect(after).toEqual({ stock: 55, version: before.version + 1 });
    const [audit] = await auditOf(applied.id);
    expect(audit).toMatchObject({ action: 'update-force-stock.apply', actor_name: 'stock.editor' });
    expect(JSON.stringify(audit!.before)).toContain('"value":30');
    expect(JSON.stringify(audit!.after)).toContain('"value":55');
    expect(JSON.stringify(audit!.after)).toContain(reason);
    // Applied once: the same preview again finds nothing to change.
    expect((await call('POST', 'update-force-stock', forcer, { ...input, reason, fingerprint: preview.fingerprint })).status).toBe(409);

    const listed = await ok<{ data: OperatorActionRow[] }>('GET', 'update-force-stock/actions?limit=5', looker);
    expect(listed.data[0]).toMatchObject({ id: applied.id, undoable: true, label: applied.changes[0]!.label });
    expect((await ok<OperatorActionDetail>('GET', `update-force-stock/actions/${applied.id}`, looker)).changes).toEqual(preview.changes);

    expect((await call('POST', `update-force-stock/actions/${applied.id}/undo`, looker, { reason: 'Counted the wrong shelf' })).status).toBe(403);
    expect((await call('POST', `update-force-stock/actions/${applied.id}/undo`, forcer, {})).status).toBe(400);
    const undone = await ok<OperatorActionDetail>('POST', `update-force-stock/actions/${applied.id}/undo`, forcer, { reason: 'Counted the wrong shelf, sorry' });
    expect(undone).toMatchObject({ undoable: false, undo_reason: 'Counted the wrong shelf, sorry' });
    expect((await stockOf(p.id)).stock).toBe(30);
    expect((await auditOf(applied.id)).map((a) => a.action)).toEqual(['update-force-stock.apply', 'update-force-stock.undo']);
    expect((await call('POST', `update-force-stock/actions/${applied.id}/undo`, forcer, { reason: 'Counted the wrong shelf, sorry' })).status).toBe(409);
  });

  it('refuses a stale preview, names what does not exist, and refuses an undo once an order moved the stock', async () => {
    await h.stepUp(su);
    const p = shelf.products[1]!;
    await setStock(p.id, 30);
    const input = { items: [{ store_code: shelf.store.code, plu: p.plu, stock: 12 }] };
    const preview = await ok<GuardedPreview>('POST', 'update-force-stock/preview', su, input);
    // The stock moved after the preview (an order, a till): the previewed change is not applied.
    await setStock(p.id, 29);
    const stale = await call('POST', 'update-force-stock', su, { ...input, reason: 'Stock opname correction', fingerprint: preview.fingerprint });
    expect(stale.status).toBe(409);
    expect((await stockOf(p.id)).stock).toBe(29);

    const again = await ok<GuardedPreview>('POST', 'update-force-stock/preview', su, input);
    expect(again.changes[0]).toMatchObject({ before: 29, after: 12 });
    const applied = await ok<OperatorActionDetail>('POST', 'update-force-stock', su, { ...input, reason: 'Stock opname correction', fingerprint: again.fingerprint });
    const placed = await ok<AppOrderPlaced>('POST', 'app/orders', consumer, { store_code: shelf.store.code, fulfilment: 2, delivery_mode: null, delivery_address: null, items: [{ plu: p.plu, quantity: 2 }] });
    expect(placed.order_no).toMatch(/^ORD-/);
    expect((await stockOf(p.id)).stock).toBe(10);
    const refused = await call('POST', `update-force-stock/actions/${applied.id}/undo`, su, { reason: 'Counted the wrong shelf' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain(`${shelf.store.code} · PLU ${p.plu}`);
    expect(refused.body.message).toContain('stock now 10');
    expect((await stockOf(p.id)).stock).toBe(10);

    const unknown = await call('POST', 'update-force-stock/preview', su, { items: [{ store_code: 'NOPE1', plu: p.plu, stock: 1 }] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.details).toEqual([{ path: 'items.0.store_code', message: 'No store has the code NOPE1' }]);
    const noPlu = await call('POST', 'update-force-stock/preview', su, { items: [{ store_code: shelf.store.code, plu: '999999999', stock: 1 }] });
    expect(noPlu.body.details).toEqual([{ path: 'items.0.plu', message: 'No product has the PLU 999999999' }]);
    expect((await call('POST', 'update-force-stock/preview', su, { items: [{ store_code: shelf.store.code, plu: p.plu, stock: -1 }] })).status).toBe(400);
    expect((await call('POST', 'update-force-stock/preview', su, {})).status).toBe(400);
    expect((await call('POST', 'update-force-stock/preview', su, { items: [{ store_code: shelf.store.code, plu: p.plu, stock: 1 }], import_batch_id: 1 })).status).toBe(400);
    const twice = await call('POST', 'update-force-stock/preview', su, { items: [input.items[0], { ...input.items[0], stock: 3 }] });
    expect(twice.status).toBe(400);
    expect(twice.body.details?.[0]?.path).toBe('items.1.plu');
    // Setting a stock it already holds changes nothing, and there is nothing to apply.
    const same = await ok<GuardedPreview>('POST', 'update-force-stock/preview', su, { items: [{ store_code: shelf.store.code, plu: p.plu, stock: 10 }] });
    expect(same.total).toBe(0);
    expect(same.notes.join(' ')).toContain('already holds the stock given');
  });

  it('forces stock by file: validated cell by cell by the import pipeline, applied as one guarded action with the typed words, undone as one', async () => {
    await h.stepUp(su);
    const [a, b] = shelf.products;
    await setStock(a!.id, 30);
    await setStock(b!.id, 30);
    const [other] = await queryRows<{ code: string; plu: string }>(
      db(),
      sql`select st.code, p.plu from stores st cross join products p where st.id <> ${shelf.store.id}
        and not exists (select 1 from store_products sp where sp.store_id = st.id and sp.product_id = p.id) order by st.id, p.id limit 1`,
    );
    const batch = await upload(
      csv([
        HEADER,
        [shelf.store.code, a!.plu, 40],
        [shelf.store.code.toLowerCase(), b!.plu, 0],
        [shelf.store.code, '999999999', 5],
        [shelf.store.code, a!.plu, 7],
        ['NOPE1', a!.plu, 5],
        [other!.code, other!.plu, 5],
        [shelf.store.code, b!.plu, -2],
      ]),
    );
    expect(batch).toMatchObject({ status: 'VALIDATED', total_rows: 7, valid_rows: 2, invalid_rows: 5 });
    const rows = (await ok<{ data: ImportRow[] }>('GET', `imports/batches/${batch.id}/rows?limit=100`, su)).data;
    expect(rows[2]!.errors).toEqual([{ column: 'plu', message: 'No product has the PLU 999999999' }]);
    expect(rows[3]!.errors[0]!.message).toContain('Duplicate');
    expect(rows[4]!.errors).toEqual([{ column: 'store_code', message: 'No store has the code NOPE1' }]);
    expect(rows[5]!.errors).toEqual([{ column: 'plu', message: `Store ${other!.code} does not carry PLU ${other!.plu}` }]);
    expect(rows[6]!.errors[0]!.column).toBe('stock');

    // The pipeline's confirm does not apply it: only the guarded tool does.
    const confirm = await call('POST', `imports/batches/${batch.id}/confirm`, su, { version: batch.version });
    expect(confirm.status).toBe(409);
    // Only its uploader (or a Super Admin) applies a file.
    await h.stepUp(forcer);
    expect((await call('POST', 'update-force-stock/preview', forcer, { import_batch_id: batch.id })).status).toBe(404);

    const input = { import_batch_id: batch.id };
    const preview = await ok<GuardedPreview>('POST', 'update-force-stock/preview', su, input);
    expect(preview).toMatchObject({ total: 2, confirmation: 'FORCE 2 STOCKS', undoable: true });
    expect(preview.changes.map((c) => [c.label.split(' ')[3], c.before, c.after])).toEqual([
      [a!.plu, 30, 40],
      [b!.plu, 30, 0],
    ]);
    expect(preview.notes.join(' ')).toContain('5 rows with errors are left out');
    const body = { ...input, reason: 'Monthly stock opname upload', fingerprint: preview.fingerprint };
    const unconfirmed = await call('POST', 'update-force-stock', su, body);
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.body.details?.map((d) => d.path)).toEqual(['confirmation']);
    expect((await stockOf(a!.id)).stock).toBe(30);

    const applied = await ok<OperatorActionDetail>('POST', 'update-force-stock', su, { ...body, confirmation: 'force 2 stocks' });
    expect(applied).toMatchObject({ total: 2, undo_confirmation: 'UNDO 2 CHANGES' });
    expect(applied.changes).toEqual(preview.changes);
    expect([(await stockOf(a!.id)).stock, (await stockOf(b!.id)).stock]).toEqual([40, 0]);
    const done = await ok<ImportBatch>('GET', `imports/batches/${batch.id}`, su);
    expect(done).toMatchObject({ status: 'COMPLETED', result: { rows: 2, updated: 2, unchanged: 0 } });
    // A file is applied once.
    expect((await call('POST', 'update-force-stock/preview', su, input)).status).toBe(409);
    expect((await call('POST', 'update-force-stock', su, { ...body, confirmation: 'FORCE 2 STOCKS' })).status).toBe(409);

    const noWords = await call('POST', `update-force-stock/actions/${applied.id}/undo`, su, { reason: 'Uploaded last month’s file' });
    expect(noWords.status).toBe(400);
    await ok('POST', `update-force-stock/actions/${applied.id}/undo`, su, { reason: 'Uploaded last month’s file', confirmation: 'UNDO 2 CHANGES' });
    expect([(await stockOf(a!.id)).stock, (await stockOf(b!.id)).stock]).toEqual([30, 30]);
  });

  it('offers the template as XLSX and CSV, and the file to no one without the right', async () => {
    const template = await h.call('GET', '/api/v1/imports/update-force-stock/template?format=csv', { token: looker });
    expect((await h.call('GET', '/api/v1/imports/update-force-stock/template?format=csv', { token: forcer })).statusCode).toBe(200);
    expect(template.statusCode).toBe(403);
    const csvTemplate = await h.call('GET', '/api/v1/imports/update-force-stock/template?format=csv', { token: su });
    expect(csvTemplate.body).toContain('Store Code');
    expect(csvTemplate.headers['content-disposition']).toContain('template_update_force_stock.csv');
    const xlsx = await h.call('GET', '/api/v1/imports/update-force-stock/template?format=xlsx', { token: su });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const body = multipart('x.csv', csv([HEADER, [shelf.store.code, shelf.products[0]!.plu, 1]]));
    expect((await h.call('POST', '/api/v1/imports/update-force-stock', { token: looker, body: body.payload, headers: body.headers })).statusCode).toBe(403);
  });

  it('previews and applies a file of 10,000 rows in a few seconds each, and undoes it', async () => {
    await h.stepUp(su);
    // 20 stores of the test's own (inactive: no order goes there) carrying 500 products each.
    await db().execute(
      sql`insert into stores (code, name, address, province_code, regency_code, status)
        select 'FSX' || lpad(g::text, 3, '0'), 'Force stock test ' || g, s.address, s.province_code, s.regency_code, 2
        from stores s cross join generate_series(1, 20) g where s.id = (select min(id) from stores)`,
    );
    await db().execute(
      sql`insert into store_products (store_id, product_id, price, stock)
        select st.id, p.id, 1000, 5 from stores st cross join (select id from products order by id limit 500) p where st.code like 'FSX%'`,
    );
    const pairs = await queryRows<{ code: string; plu: string }>(
      db(),
      sql`select st.code, p.plu from store_products sp join stores st on st.id = sp.store_id join products p on p.id = sp.product_id where st.code like 'FSX%' order by st.code, p.plu`,
    );
    expect(pairs.length).toBe(10_000);
    const batch = await upload(csv([HEADER, ...pairs.map((r, i) => [r.code, r.plu, 100 + (i % 50)])]));
    expect(batch).toMatchObject({ status: 'VALIDATED', valid_rows: 10_000, invalid_rows: 0 });

    let t = performance.now();
    const preview = await ok<GuardedPreview>('POST', 'update-force-stock/preview', su, { import_batch_id: batch.id });
    const previewMs = performance.now() - t;
    expect(preview).toMatchObject({ total: 10_000, confirmation: 'FORCE 10000 STOCKS' });
    expect(preview.changes.length).toBe(200);
    t = performance.now();
    const applied = await ok<OperatorActionDetail>('POST', 'update-force-stock', su, {
      import_batch_id: batch.id,
      reason: 'Quarterly stock opname of the new stores',
      fingerprint: preview.fingerprint,
      confirmation: 'FORCE 10000 STOCKS',
    });
    const applyMs = performance.now() - t;
    expect(applied.total).toBe(10_000);
    const [sum] = await queryRows<{ n: number; total: number }>(db(), sql`select count(*)::int as n, sum(sp.stock)::int as total from store_products sp join stores st on st.id = sp.store_id where st.code like 'FSX%' and sp.stock >= 100`);
    expect(Number(sum!.n)).toBe(10_000);
    t = performance.now();
    await ok('POST', `update-force-stock/actions/${applied.id}/undo`, su, { reason: 'Wrong quarter uploaded', confirmation: 'UNDO 10000 CHANGES' });
    const undoMs = performance.now() - t;
    const [back] = await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from store_products sp join stores st on st.id = sp.store_id where st.code like 'FSX%' and sp.stock = 5`);
    expect(Number(back!.n)).toBe(10_000);
    console.info(`force stock of 10,000 rows: preview ${Math.round(previewMs)} ms, apply ${Math.round(applyMs)} ms, undo ${Math.round(undoMs)} ms`);
    expect(previewMs).toBeLessThan(5_000);
    expect(applyMs).toBeLessThan(5_000);
  }, 180_000);
});
