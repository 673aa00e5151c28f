import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ImportBatch, ImportRow } from '@portal/contract';
import { queryRows } from '../../db/client.ts';
import { useHarness } from '../../../test/harness.ts';
import { csv, multipart, workbook } from '../../../test/import-files.ts';

/** The catalog's bulk operations (product edit, product images, store edit, store-product sync) end to end over HTTP. */
describe('catalog imports', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-catalog-imports-'));
  const h = useHarness({ DATA_DIR: dataDir });
  let admin: string;

  beforeAll(async () => {
    admin = await h.tokenOf('admin.cms');
  });

  const db = () => h.testDb.database.db;
  const run = async (key: string, fileName: string, content: Buffer | string, opts: { confirm?: boolean } = {}) => {
    const body = multipart(fileName, content);
    const res = await h.call('POST', `/api/v1/imports/${key}`, { token: admin, body: body.payload, headers: body.headers });
    expect(res.statusCode, res.body).toBe(200);
    const validated = await h.imports.waitFor(res.json<{ data: ImportBatch }>().data.id, ['VALIDATED', 'FAILED']);
    const rows = (await h.call('GET', `/api/v1/imports/batches/${validated.id}/rows?limit=100`, { token: admin })).json<{ data: { data: ImportRow[] } }>().data.data;
    if (opts.confirm === false || validated.status !== 'VALIDATED') return { validated, rows, done: undefined };
    const confirmed = await h.call('POST', `/api/v1/imports/batches/${validated.id}/confirm`, { token: admin, body: { version: validated.version } });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    return { validated, rows, done: await h.imports.waitFor(validated.id, ['COMPLETED', 'FAILED']) };
  };

  it('offers every catalog import with its template', async () => {
    for (const key of ['product-edit', 'product-image', 'store-edit', 'store-product-sync']) {
      const res = await h.call('GET', `/api/v1/imports/${key}/template`, { token: admin });
      expect(res.statusCode, key).toBe(200);
      expect(res.headers['content-disposition']).toContain(`template_${key.replaceAll('-', '_')}.xlsx`);
    }
    const viewer = await h.tokenOf('viewer');
    expect((await h.call('GET', '/api/v1/imports/product-edit', { token: viewer })).statusCode).toBe(403);
  });

  it('edits products by PLU: given cells change, blank cells keep, unknown PLU and bad values are refused by cell', async () => {
    const products = await queryRows<{ plu: string; name: string; price: number; brand: string | null; version: number }>(
      db(),
      sql`select plu, name, price::int as price, brand, version from products order by plu limit 2`,
    );
    const [p1, p2] = products as [(typeof products)[0], (typeof products)[0]];
    const sub = (await queryRows<{ code: string; id: number }>(db(), sql`select code, id from categories where parent_id is not null order by code desc limit 1`))[0]!;
    const file = await workbook('Products', [
      ['PLU', 'Name', 'Brand', 'Sub Category Code', 'Unit', 'Price', 'Status'],
      [p1.plu, 'Renamed by import', '', sub.code.toLowerCase(), 'pack', 12345, 1],
      [p2.plu, '', '', '', '', 999, ''],
      ['NOPE-1', 'Ghost', '', '', '', 1, ''],
      [p1.plu.replace(/\d$/, 'x'), 'Bad unit', '', '', 'CRATE', 1, 3],
      [`${p2.plu}`, 'Dup', '', '', '', 1, ''],
    ]);
    const { validated, rows, done } = await run('product-edit', 'products.xlsx', file);
    expect(validated).toMatchObject({ total_rows: 5, valid_rows: 2, invalid_rows: 3 });
    expect(rows[2]!.errors).toEqual([{ column: 'plu', message: 'Unknown PLU: NOPE-1' }]);
    expect(rows[3]!.errors.map((e) => e.column).sort()).toEqual(['plu', 'status', 'uom']);
    expect(rows[4]!.errors[0]!.message).toContain('Duplicate PLU');
    expect(done).toMatchObject({ status: 'COMPLETED', result: { rows: 2, updated: 2, inserted: 0 } });

    const after = await queryRows<{ plu: string; name: string; price: number; uom: string; category_id: number; brand: string | null; version: number }>(
      db(),
      sql`select plu, name, price::int as price, uom, category_id, brand, version from products where plu in (${p1.plu}, ${p2.plu}) order by plu`,
    );
    expect(after[0]).toMatchObject({ name: 'Renamed by import', price: 12345, uom: 'PACK', category_id: Number(sub.id), brand: p1.brand, version: p1.version + 1 });
    expect(after[1]).toMatchObject({ name: p2.name, price: 999, brand: p2.brand, version: p2.version + 1 });
    const audit = await queryRows(db(), sql`select 1 from audit_log where entity = 'product-edit' and action = 'import'`);
    expect(audit).toHaveLength(1);
  });

  it('sets product images', async () => {
    const plu = (await queryRows<{ plu: string }>(db(), sql`select plu from products order by plu desc limit 1`))[0]!.plu;
    const { done, rows } = await run('product-image', 'images.csv', csv([['PLU', 'Image URL'], [plu, 'https://cdn.example.com/a.jpg'], [plu.slice(0, -1) + 'z', 'ftp://x']]));
    expect(rows[1]!.errors.map((e) => e.column).sort()).toEqual(['image_url', 'plu']);
    expect(done).toMatchObject({ status: 'COMPLETED', result: { updated: 1 } });
    const [p] = await queryRows<{ image_url: string }>(db(), sql`select image_url from products where plu = ${plu}`);
    expect(p!.image_url).toBe('https://cdn.example.com/a.jpg');
  });

  it('edits stores by code, refusing a closing time before the opening time', async () => {
    const store = (await queryRows<{ code: string; name: string; phone: string | null }>(db(), sql`select code, name, phone from stores order by code limit 1`))[0]!;
    const { rows, done } = await run(
      'store-edit',
      'stores.csv',
      csv([
        ['Store Code', 'Name', 'Open Time', 'Close Time', 'Delivery'],
        [store.code.toLowerCase(), 'Renamed Store', '07:00', '21:00', 'FALSE'],
        ['ZZZ999', 'Ghost', '', '', ''],
        [store.code, 'Backwards', '22:00', '06:00', ''],
      ]),
    );
    expect(rows[1]!.errors).toEqual([{ column: 'code', message: 'Unknown Store code: ZZZ999' }]);
    expect(rows[2]!.errors).toEqual([
      { column: 'close_time', message: 'Closing time must be after opening time' },
      { column: 'code', message: 'Duplicate Store Code in the file: the same as row 2' },
    ]);
    expect(done).toMatchObject({ status: 'COMPLETED', result: { updated: 1 } });
    const [after] = await queryRows<{ name: string; open_time: string; is_delivery: boolean; phone: string | null }>(
      db(),
      sql`select name, open_time, is_delivery, phone from stores where code = ${store.code}`,
    );
    expect(after).toMatchObject({ name: 'Renamed Store', open_time: '07:00', is_delivery: false, phone: store.phone });
  });

  it('syncs store products: updates carried products, adds new ones, keeps a blank promo price', async () => {
    const carried = (await queryRows<{ code: string; plu: string; store_id: number; promo_price: number | null }>(
      db(),
      sql`select s.code, p.plu, s.id as store_id, sp.promo_price::int as promo_price from store_products sp join stores s on s.id = sp.store_id join products p on p.id = sp.product_id order by sp.id limit 1`,
    ))[0]!;
    const fresh = (await queryRows<{ plu: string }>(
      db(),
      sql`select p.plu from products p where not exists (select 1 from store_products sp where sp.product_id = p.id and sp.store_id = ${carried.store_id}) order by p.plu limit 1`,
    ))[0]!;
    const { done, rows } = await run(
      'store-product-sync',
      'sync.csv',
      csv([
        ['Store Code', 'PLU', 'Price', 'Promo Price', 'Stock', 'Active'],
        [carried.code, carried.plu, 5000, '', 10, ''],
        [carried.code, fresh.plu, 7000, 6500, 3, 'ya'],
        [carried.code, fresh.plu, 7000, '', 3, ''],
        [carried.code, 'NOPE', 100, 200, 1, 'maybe'],
      ]),
    );
    expect(rows[2]!.errors[0]!.message).toContain('Duplicate Store Code + PLU');
    // A cell error (Active) skips the row rule (promo above price); the unknown PLU is found by the reference check.
    expect(rows[3]!.errors.map((e) => e.column).sort()).toEqual(['is_active', 'plu']);
    expect(done).toMatchObject({ status: 'COMPLETED', result: { rows: 2, inserted: 1, updated: 1 } });
    const after = await queryRows<{ plu: string; price: number; promo_price: number | null; stock: number; is_active: boolean }>(
      db(),
      sql`select p.plu, sp.price::int as price, sp.promo_price::int as promo_price, sp.stock, sp.is_active from store_products sp join products p on p.id = sp.product_id
        where sp.store_id = ${carried.store_id} and p.plu in (${carried.plu}, ${fresh.plu}) order by p.plu = ${fresh.plu}`,
    );
    expect(after[0]).toMatchObject({ plu: carried.plu, price: 5000, promo_price: carried.promo_price, stock: 10, is_active: true });
    expect(after[1]).toMatchObject({ plu: fresh.plu, price: 7000, promo_price: 6500, stock: 3, is_active: true });
  });
});
