import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ImportBatch, ImportRow } from '@portal/contract';
import { queryRows } from '../../db/client.ts';
import { useHarness } from '../../../test/harness.ts';
import { csv, multipart } from '../../../test/import-files.ts';

/** Master promo prices and free-gift stores through the import pipeline and the promotion services' seams. */
describe('promotion imports', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-promotion-imports-'));
  const h = useHarness({ DATA_DIR: dataDir });
  let root: string;
  let admin: string;

  beforeAll(async () => {
    root = await h.tokenOf('superadmin');
    admin = await h.tokenOf('admin.cms');
  });

  const db = () => h.testDb.database.db;
  const upload = (url: string, token: string, content: string) => {
    const body = multipart('rows.csv', content);
    return h.call('POST', url, { token, body: body.payload, headers: body.headers });
  };
  const run = async (url: string, token: string, content: string) => {
    const res = await upload(url, token, content);
    expect(res.statusCode, res.body).toBe(200);
    const validated = await h.imports.waitFor(res.json<{ data: ImportBatch }>().data.id, ['VALIDATED', 'FAILED']);
    const rows = (await h.call('GET', `/api/v1/imports/batches/${validated.id}/rows?limit=100`, { token })).json<{ data: { data: ImportRow[] } }>().data.data;
    if (validated.status !== 'VALIDATED' || validated.valid_rows === 0) return { validated, rows, done: undefined };
    const confirmed = await h.call('POST', `/api/v1/imports/batches/${validated.id}/confirm`, { token, body: { version: validated.version } });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    return { validated, rows, done: await h.imports.waitFor(validated.id, ['COMPLETED', 'FAILED']) };
  };
  const products = () => queryRows<{ id: number; plu: string; price: number }>(db(), sql`select id, plu, price::int as price from products where price > 10 order by plu limit 3`);

  it('imports master promo prices by PLU: cell rules, the contract row rules and unknown PLUs by cell', async () => {
    const [p1, p2, p3] = (await products()) as [{ id: number; plu: string; price: number }, { plu: string; price: number }, { plu: string; price: number }];
    const { validated, rows, done } = await run(
      '/api/v1/imports/master-promo',
      root,
      csv([
        ['PLU', 'Promo Price', 'Start Date', 'End Date'],
        [p1.plu, p1.price - 1, '2030-01-01', '2030-01-31'],
        [p2.plu, 0, '2030-01-01', '2030-01-31'],
        [p3.plu, 5, '2030-02-10', '2030-02-01'],
        ['NOPE-1', 5, '2030-01-01', '2030-01-31'],
        [p1.plu, 7, '01/01/2030', '2030-03-01'],
        [p1.plu, 7, '2030-13-01', '2030-03-01'],
      ]),
    );
    expect(validated).toMatchObject({ total_rows: 6, valid_rows: 1, invalid_rows: 5 });
    expect(rows[1]!.errors).toEqual([{ column: 'promo_price', message: 'Promo price must be at least 1' }]);
    expect(rows[2]!.errors).toEqual([{ column: 'end_date', message: 'End date cannot be before the start date' }]);
    expect(rows[3]!.errors).toEqual([{ column: 'plu', message: 'Unknown PLU: NOPE-1' }]);
    expect(rows[4]!.errors[0]!.message).toContain('Duplicate PLU + Start Date');
    expect(rows[5]!.errors[0]).toMatchObject({ column: 'start_date', message: 'Must be a date (YYYY-MM-DD or DD/MM/YYYY)' });
    expect(done).toMatchObject({ status: 'COMPLETED', result: { rows: 1, inserted: 1 } });
    const saved = await queryRows<{ promo_price: number; start_date: string }>(
      db(),
      sql`select promo_price::int as promo_price, to_char(start_date, 'YYYY-MM-DD') as start_date from master_promos where product_id = ${p1.id}`,
    );
    expect(saved).toContainEqual({ promo_price: p1.price - 1, start_date: '2030-01-01' });
  });

  it('rolls the whole import back when the seam refuses a row (a promo price above the normal price)', async () => {
    const [p1, p2] = (await products()) as [{ plu: string; price: number }, { id: number; plu: string; price: number }];
    const before = await queryRows(db(), sql`select id from master_promos where product_id = ${p2.id}`);
    const { done } = await run(
      '/api/v1/imports/master-promo',
      root,
      csv([
        ['PLU', 'Promo Price', 'Start Date', 'End Date'],
        [p2.plu, 1, '2031-01-01', '2031-01-31'],
        [p1.plu, p1.price + 1000, '2031-01-01', '2031-01-31'],
      ]),
    );
    expect(done).toMatchObject({ status: 'FAILED' });
    expect(done!.error).toContain('rolled back');
    expect(await queryRows(db(), sql`select id from master_promos where product_id = ${p2.id}`)).toHaveLength(before.length);
  });

  it('imports promos: one per row, lists of PLUs, store codes and phones in cells, every rule by cell, all or none', async () => {
    const [p1, p2] = (await products()) as [{ id: number; plu: string; price: number }, { id: number; plu: string; price: number }];
    const store = (await queryRows<{ id: number; code: string }>(db(), sql`select id, code from stores order by code limit 1`))[0]!;
    const taken = (await queryRows<{ code: string }>(db(), sql`select code from promos order by id limit 1`))[0]?.code ?? 'NONE';
    const header = ['Promo Code', 'Name', 'Promo Type', 'Value', 'Channel', 'Start Date', 'End Date', 'Minimum Purchase', 'Product PLUs', 'Store Codes', 'Consumer Phones'];
    const { validated, rows, done } = await run(
      '/api/v1/imports/promo',
      admin,
      csv([
        header,
        ['IMP-A', 'Diskon A', 1, 10, 2, '2030-01-01', '2030-01-31', '', `${p1.plu};${p2.plu}`, store.code.toLowerCase(), '081234567890; 6281298765432'],
        ['IMP-B', 'Semua produk', 2, 5000, 1, '2030-01-01', '2030-01-31', 50000, '', '', ''],
        ['IMP-C', 'Too much', 1, 150, 2, '2030-01-01', '2030-01-31', '', '', '', ''],
        ['IMP-D', 'Ghost PLU', 1, 10, 2, '2030-01-01', '2030-01-31', '', `${p1.plu};NOPE-1;NOPE-2`, '', ''],
        [taken, 'Taken code', 1, 10, 2, '2030-01-01', '2030-01-31', '', '', '', ''],
        ['IMP-E', 'Twice', 1, 10, 2, '2030-01-01', '2030-01-31', '', `${p1.plu};${p1.plu}`, '', '0812'],
        ['imp-a', 'Dup code', 1, 10, 2, '2030-01-01', '2030-01-31', '', '', '', ''],
      ]),
    );
    expect(validated).toMatchObject({ total_rows: 7, valid_rows: 2, invalid_rows: 5 });
    expect(rows[2]!.errors).toEqual([{ column: 'value', message: 'A percentage is 1 to 100' }]);
    expect(rows[3]!.errors).toEqual([{ column: 'product_plus', message: 'Unknown PLU: NOPE-1, NOPE-2' }]);
    expect(rows[4]!.errors).toEqual([{ column: 'code', message: `Promo code ${taken} is already used` }]);
    expect(rows[5]!.errors.map((e) => e.column).sort()).toEqual(['consumers', 'product_plus']);
    expect(rows[6]!.errors[0]!.message).toContain('Duplicate Promo Code');
    expect(done).toMatchObject({ status: 'COMPLETED', result: { rows: 2, inserted: 2 } });
    const a = (await h.call('GET', '/api/v1/promos?search=IMP-A', { token: admin })).json<{ data: { data: { id: number }[] } }>().data.data[0]!;
    const detail = (await h.call('GET', `/api/v1/promos/${a.id}`, { token: admin })).json<{ data: { products: { id: number }[]; stores: { id: number }[]; consumers: string[] } }>().data;
    expect(detail.products.map((p) => p.id).sort()).toEqual([p1.id, p2.id].sort());
    expect(detail.stores.map((st) => st.id)).toEqual([store.id]);
    expect(detail.consumers.sort()).toEqual(['6281234567890', '6281298765432']);
  });

  it('uploads the stores of one free gift: its id is a parameter, stores outside its regions are refused by cell', async () => {
    const stores = await queryRows<{ code: string }>(db(), sql`select code from stores where province_code = '31' order by code limit 2`);
    const jakartaGift = (await queryRows<{ id: number }>(db(), sql`select f.id from free_gifts f where exists (select 1 from free_gift_regions r where r.free_gift_id = f.id and r.province_code = '31') order by f.id limit 1`))[0]!;
    const file = csv([['Store Code'], [stores[0]!.code.toLowerCase()], [stores[1]!.code], ['NOPE99']]);

    expect((await upload('/api/v1/imports/free-gift-stores', admin, file)).statusCode).toBe(400);
    expect((await upload('/api/v1/imports/free-gift-stores?free_gift_id=999999', admin, file)).statusCode).toBe(404);
    expect((await upload(`/api/v1/imports/free-gift-stores?free_gift_id=${jakartaGift.id}&other=1`, admin, file)).statusCode).toBe(400);
    const viewer = await h.tokenOf('viewer');
    expect((await upload(`/api/v1/imports/free-gift-stores?free_gift_id=${jakartaGift.id}`, viewer, file)).statusCode).toBe(403);

    // A gift of Jawa Barat only: the Jakarta stores are outside its regions.
    const [bandung] = await queryRows<{ id: number }>(
      db(),
      sql`insert into free_gifts (code, name, min_purchase, start_date, end_date) values ('FG-IMPORT', 'Import test', 0, '2030-01-01', '2030-01-31') returning id`,
    );
    await h.testDb.database.exec(`insert into free_gift_regions (free_gift_id, province_code) values (${bandung!.id}, '32')`);
    const outside = await run(`/api/v1/imports/free-gift-stores?free_gift_id=${bandung!.id}`, admin, file);
    expect(outside.validated).toMatchObject({ valid_rows: 0, invalid_rows: 3, params: { free_gift_id: bandung!.id } });
    expect(outside.rows[0]!.errors[0]!.message).toBe(`Store ${stores[0]!.code.toLowerCase()} is outside the free gift's regions`);
    expect(outside.rows[2]!.errors[0]!.message).toBe('Unknown Store code: NOPE99');

    const inside = await run(`/api/v1/imports/free-gift-stores?free_gift_id=${jakartaGift.id}`, admin, file);
    expect(inside.validated).toMatchObject({ valid_rows: 2, invalid_rows: 1 });
    expect(inside.done).toMatchObject({ status: 'COMPLETED' });
    const linked = await queryRows<{ code: string }>(
      db(),
      sql`select s.code from free_gift_stores fs join stores s on s.id = fs.store_id where fs.free_gift_id = ${jakartaGift.id} order by s.code`,
    );
    expect(linked.map((s) => s.code)).toEqual(expect.arrayContaining([stores[0]!.code, stores[1]!.code]));
  });
});
