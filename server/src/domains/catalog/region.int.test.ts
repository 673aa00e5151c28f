import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { useHarness } from '../../../test/harness.ts';
import { loadRegions } from './regions.loader.ts';

interface List<T> {
  data: T[];
  meta: { page: number; limit: number; total: number; total_kind: string };
}
type Row = { code: string; name: string } & Record<string, string>;

describe('regions (Kemendagri 2025 codes)', () => {
  const h = useHarness({}, { regions: false });
  let token: string;
  let loadMs = 0;

  beforeAll(async () => {
    const start = performance.now();
    const counts = await loadRegions(h.testDb.database.db);
    loadMs = performance.now() - start;
    expect(counts).toEqual({ provinces: 38, regencies: 514, districts: 7285, villages: 83762 });
    token = await h.tokenOf('viewer');
  });

  const get = async <T = List<Row>>(url: string, status = 200): Promise<T> => {
    const res = await h.call('GET', url, { token });
    expect(res.statusCode, res.body).toBe(status);
    return (status === 200 ? res.json().data : res.json()) as T;
  };

  it('holds exactly 38 provinces, 514 regencies, 7,285 districts and 83,762 villages', async () => {
    console.info(`loadRegions on ${h.testDb.database.kind}: ${Math.round(loadMs)} ms`);
    const [n] = await queryRows<Record<string, number>>(
      h.testDb.database.db,
      sql`select (select count(*)::int from provinces) p, (select count(*)::int from regencies) r,
                 (select count(*)::int from districts) d, (select count(*)::int from villages) v,
                 (select count(*)::int from regencies where kind = 'Kota') kota`,
    );
    expect(n).toEqual({ p: 38, r: 514, d: 7285, v: 83762, kota: 98 });
    expect((await get('/api/v1/provinces?is_all=true')).meta).toEqual({ page: 1, limit: 38, total: 38, total_kind: 'exact' });
  });

  it('is idempotent: a second load inserts nothing', async () => {
    expect(await loadRegions(h.testDb.database.db)).toEqual({ provinces: 0, regencies: 0, districts: 0, villages: 0 });
    const [n] = await queryRows<{ v: number }>(h.testDb.database.db, sql`select count(*)::int v from villages`);
    expect(n!.v).toBe(83762);
  });

  it('resolves a village to its whole chain', async () => {
    const village = await get<Record<string, unknown>>('/api/v1/villages/11.01.01.2001');
    expect(village).toEqual({
      code: '11.01.01.2001',
      district_code: '11.01.01',
      name: 'Keude Bakongan',
      district: { code: '11.01.01', regency_code: '11.01', name: 'Bakongan' },
      regency: { code: '11.01', province_code: '11', name: 'Kabupaten Aceh Selatan', kind: 'Kabupaten' },
      province: { code: '11', name: 'Aceh' },
    });
    // A quoted CSV name with commas survives intact.
    expect((await get<Row>('/api/v1/villages/14.02.09.2010')).name).toBe('Lambang Sari I, II, III');
  });

  it('cascades province → regency → district → village', async () => {
    const regs = await get('/api/v1/regencies?province_code=11&is_all=true');
    expect(regs.data.length).toBe(23);
    expect(regs.data.every((r) => r.province_code === '11' && r.code.startsWith('11.'))).toBe(true);
    expect(regs.data.find((r) => r.code === '11.71')).toMatchObject({ name: 'Kota Banda Aceh', kind: 'Kota' });
    const dists = await get('/api/v1/districts?regency_code=11.01&is_all=true');
    expect(dists.data.length).toBeGreaterThan(10);
    expect(dists.data.every((d) => d.regency_code === '11.01')).toBe(true);
    const vills = await get('/api/v1/villages?district_code=11.01.01&is_all=true');
    expect(vills.data.length).toBe(vills.meta.total);
    expect(vills.data.every((v) => v.district_code === '11.01.01')).toBe(true);
    expect(vills.data[0]).toEqual({ code: '11.01.01.2001', district_code: '11.01.01', name: 'Keude Bakongan' });
    // Unknown parent: an empty list, not an error.
    expect((await get('/api/v1/regencies?province_code=99')).meta.total).toBe(0);
  });

  it('searches names case-insensitively as substrings, and codes by prefix', async () => {
    const provs = await get('/api/v1/provinces?search=jakarta');
    expect(provs.data).toEqual([{ code: '31', name: 'Daerah Khusus Ibukota Jakarta' }]);
    const cities = await get('/api/v1/regencies?search=JAKARTA&limit=100');
    expect(cities.data.map((r) => r.name)).toEqual(expect.arrayContaining(['Kota Administrasi Jakarta Selatan', 'Kota Administrasi Jakarta Pusat']));
    expect(cities.data.every((r) => r.province_code === '31')).toBe(true);
    expect((await get('/api/v1/regencies?search=31.7')).data.every((r) => r.code.startsWith('31.7'))).toBe(true);
    const found = await get('/api/v1/villages?search=keude bakongan');
    expect(found.data.map((v) => v.code)).toContain('11.01.01.2001');
    const byCode = await get('/api/v1/villages?search=11.01.01.2');
    expect(byCode.meta.total).toBe((await get('/api/v1/villages?district_code=11.01.01&is_all=true')).meta.total);
    // LIKE wildcards in the search are literal.
    expect((await get('/api/v1/villages?search=%25%25%25')).meta.total).toBe(0);
  });

  it('pages with meta and clamps the limit', async () => {
    const p1 = await get('/api/v1/regencies?page=1&limit=10');
    const p2 = await get('/api/v1/regencies?page=2&limit=10');
    expect(p1.meta).toEqual({ page: 1, limit: 10, total: 514, total_kind: 'exact' });
    expect(p1.data.length).toBe(10);
    expect(p1.data[0]!.code).toBe('11.01');
    expect(p2.data[0]!.code > p1.data[9]!.code).toBe(true);
    expect((await get('/api/v1/districts?limit=1000')).meta).toEqual({ page: 1, limit: 100, total: 7285, total_kind: 'exact' });
    const byName = await get('/api/v1/provinces?sort_by=name&limit=2');
    expect(byName.data.map((p) => p.name)).toEqual(['Aceh', 'Bali']);
  });

  it('refuses to list villages without a district or a 3-character search, and bad codes', async () => {
    const guard = await get<{ error: string; message: string }>('/api/v1/villages', 400);
    expect(guard.message).toMatch(/district_code.*3 characters/);
    await get('/api/v1/villages?search=ke', 400);
    await get('/api/v1/villages?search=keude&is_all=true', 400);
    await get('/api/v1/districts?is_all=true', 400);
    await get('/api/v1/villages/11.01.01', 400);
    await get('/api/v1/villages/abc', 400);
    await get('/api/v1/regencies?province_code=1', 400);
    await get('/api/v1/villages?district_code=11.01', 400);
    await get('/api/v1/provinces?unknown=1', 400);
    await get('/api/v1/villages/99.99.99.9999', 404);
  });

  it('answers 401 to anonymous callers', async () => {
    for (const url of ['/api/v1/provinces', '/api/v1/regencies', '/api/v1/districts', '/api/v1/villages?district_code=11.01.01', '/api/v1/villages/11.01.01.2001']) {
      expect((await h.call('GET', url)).statusCode).toBe(401);
    }
  });
});
