import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import type { ProductRow, PromoRow, StoreRow } from '@portal/contract';
import { useHarness } from '../../../test/harness.ts';

interface List<T> {
  data: T[];
  meta: { total: number };
}

/** The catalogue's and the promotions' lists as files: the list's filters and order, the export right, labels for codes. */
describe('catalogue and promotion exports', () => {
  const h = useHarness();
  let admin: string;
  let viewer: string;
  let superadmin: string;

  beforeAll(async () => {
    admin = await h.tokenOf('admin.cms');
    viewer = await h.tokenOf('viewer');
    superadmin = await h.tokenOf('superadmin');
  });

  const list = async <T>(url: string): Promise<List<T>> => {
    const res = await h.call('GET', url, { token: admin });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: List<T> }>().data;
  };
  const csv = async (url: string): Promise<{ name: string; rows: string[][] }> => {
    const res = await h.call('GET', url, { token: admin });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body.charCodeAt(0)).toBe(0xfeff);
    const name = /filename="([^"]+)"/.exec(String(res.headers['content-disposition']))?.[1] ?? '';
    return { name, rows: parse(res.body.slice(1)) as string[][] };
  };

  it('exports the filtered, sorted product list as export_product, row for row', async () => {
    const shown = await list<ProductRow>('/api/v1/products?search=indomie&sort_by=plu&sort_dir=asc&limit=100');
    expect(shown.meta.total).toBeGreaterThan(0);
    const file = await csv('/api/v1/products/export?format=csv&search=indomie&sort_by=plu&sort_dir=asc&page=3&limit=5');
    expect(file.name).toMatch(/^export_product_\d{8}_\d{6}\.csv$/);
    const [header, ...rows] = file.rows;
    expect(header).toEqual(expect.arrayContaining(['PLU', 'Name', 'Price (Rp)', 'Product Category', 'Status']));
    expect(rows.map((r) => r[0])).toEqual(shown.data.map((p) => p.plu));
    const at = (key: string) => header!.indexOf(key);
    expect(rows[0]![at('Price (Rp)')]).toBe(String(shown.data[0]!.price));
    expect(['Perishable', 'Food', 'Non Food', 'General Merchandising', 'Counter and Promotion', 'Equipment', 'Indirect Procurement']).toContain(rows[0]![at('Product Category')]);
    expect(rows[0]![at('Status')]).toMatch(/Active|Inactive/);
  });

  it('exports stores to XLSX with the list filter, and promos with their periods as dates', async () => {
    const shown = await list<StoreRow>('/api/v1/stores?province_code=31&limit=100');
    const res = await h.call('GET', '/api/v1/stores/export?format=xlsx&province_code=31', { token: admin });
    expect(res.statusCode, res.body).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Stores')!;
    expect(sheet.rowCount - 1).toBe(shown.meta.total);

    const promos = await list<PromoRow>('/api/v1/promos?limit=100');
    const file = await csv('/api/v1/promos/export?format=csv');
    expect(file.rows.length - 1).toBe(promos.meta.total);
    if (promos.meta.total > 0) expect(file.rows[1]![file.rows[0]!.indexOf('Start Date')]).toMatch(/^\d{2}\/[A-Z][a-z]{2}\/\d{4}$/);
  });

  it('needs the export right on the list, and refuses filters the list does not have', async () => {
    expect((await h.call('GET', '/api/v1/products/export?format=csv', { token: viewer })).statusCode).toBe(403);
    expect((await h.call('GET', '/api/v1/products/export?format=csv')).statusCode).toBe(401);
    expect((await h.call('GET', '/api/v1/products/export?format=csv&secret=1', { token: admin })).statusCode).toBe(400);
    expect((await h.call('GET', '/api/v1/free-gifts/export?format=txt', { token: admin })).statusCode).toBe(200);
    // orion's lists are not admin.cms's (every cms entry only).
    expect((await h.call('GET', '/api/v1/master-promos/export?format=csv', { token: admin })).statusCode).toBe(403);
    expect((await h.call('GET', '/api/v1/master-promos/export?format=csv', { token: superadmin })).statusCode).toBe(200);
    expect((await h.call('GET', '/api/v1/max-purchase-limitations/export?format=csv', { token: superadmin })).statusCode).toBe(200);
    expect((await h.call('GET', '/api/v1/sub-categories/export?format=csv', { token: superadmin })).statusCode).toBe(200);
    expect((await h.call('GET', '/api/v1/parent-categories/export?format=csv', { token: superadmin })).statusCode).toBe(200);
  });
});
