import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { VoucherProductDetail, VoucherProductRow } from '@portal/contract';
import { queryRows } from '../../db/client.ts';
import { useHarness } from '../../../test/harness.ts';

type Page = { data: { data: VoucherProductRow[]; meta: { total: number } } };
type Problem = { message: string; details?: { path: string; message: string }[] };

/** Voucher Management through HTTP: the demo's products, permissions, validation, unique codes, stores in scope, stale versions. */
describe('voucher products', () => {
  const h = useHarness();
  const db = () => h.testDb.database.db;
  let admin: string;
  let viewer: string;
  let none: string;
  let stores: number[];

  beforeAll(async () => {
    admin = await h.tokenOf('admin.cms');
    viewer = await h.tokenOf('viewer');
    none = await h.tokenOf('no.access');
    stores = (await queryRows<{ id: number }>(db(), sql`select id from stores order by id desc limit 2`)).map((s) => Number(s.id));
  });

  const body = (over: Record<string, unknown> = {}) => ({
    voucher_code: 'ev75k',
    name: 'E-Voucher Rp 75.000',
    denomination: 75_000,
    validity_days: 120,
    terms: 'Tidak dapat diuangkan; satu voucher untuk satu transaksi.',
    description: null,
    store_ids: [],
    status: 1,
    ...over,
  });

  it('lists the demo products made by the service, searchable and filtered, newest change first', async () => {
    const all = (await h.call('GET', '/api/v1/voucher-products?limit=50', { token: viewer })).json<Page>().data;
    expect(all.data.map((r) => r.voucher_code).sort()).toEqual(['EV100K', 'EV250K', 'EV25K-OLD', 'EV500K-JKT', 'EV50K']);
    expect(all.meta.total).toBe(5);
    const inactive = (await h.call('GET', '/api/v1/voucher-products?status=2', { token: viewer })).json<Page>().data;
    expect(inactive.data.map((r) => r.voucher_code)).toEqual(['EV25K-OLD']);
    const found = (await h.call('GET', '/api/v1/voucher-products?search=500k', { token: viewer })).json<Page>().data;
    expect(found.data.map((r) => r.voucher_code)).toEqual(['EV500K-JKT']);
    const sorted = (await h.call('GET', '/api/v1/voucher-products?sort_by=denomination&sort_dir=asc', { token: viewer })).json<Page>().data;
    expect(sorted.data.map((r) => r.denomination)).toEqual([25_000, 50_000, 100_000, 250_000, 500_000]);
  });

  it('refuses without a session (401), without the right (403) and a viewer’s writes (403)', async () => {
    expect((await h.call('GET', '/api/v1/voucher-products')).statusCode).toBe(401);
    expect((await h.call('GET', '/api/v1/voucher-products', { token: none })).statusCode).toBe(403);
    expect((await h.call('POST', '/api/v1/voucher-products', { token: viewer, body: body() })).statusCode).toBe(403);
  });

  it('names each field a body gets wrong (400)', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ denomination: 75_500 }, 'denomination'],
      [{ denomination: 5_000 }, 'denomination'],
      [{ validity_days: 0 }, 'validity_days'],
      [{ validity_days: 2_000 }, 'validity_days'],
      [{ terms: 'short' }, 'terms'],
      [{ voucher_code: 'EV 75' }, 'voucher_code'],
      [{ store_ids: [stores[0], stores[0]] }, 'store_ids'],
      [{ store_ids: [999_999] }, 'store_ids'],
    ];
    for (const [over, path] of cases) {
      const res = await h.call('POST', '/api/v1/voucher-products', { token: admin, body: body(over) });
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json<Problem>().details?.map((d) => d.path), JSON.stringify(over)).toContain(path);
    }
  });

  it('creates with its code upper-cased and its stores, refuses a code taken in any case (409), edits with its version and refuses a stale one (409)', async () => {
    const made = await h.call('POST', '/api/v1/voucher-products', { token: admin, body: body({ store_ids: stores }) });
    expect(made.statusCode, made.body).toBe(200);
    const row = made.json<{ data: VoucherProductDetail }>().data;
    expect(row).toMatchObject({ voucher_code: 'EV75K', denomination: 75_000, store_ids: [...stores].sort((a, b) => a - b), created_by_name: 'Budi Santoso' });
    const detail = (await h.call('GET', `/api/v1/voucher-products/${row.id}`, { token: viewer })).json<{ data: VoucherProductDetail }>().data;
    expect(detail.stores.map((s) => s.id).sort()).toEqual([...stores].sort());

    const taken = await h.call('POST', '/api/v1/voucher-products', { token: admin, body: body({ voucher_code: 'Ev75K' }) });
    expect(taken.statusCode).toBe(409);
    expect(taken.json<Problem>().message).toContain('Voucher code');

    // Redeemable at one of its stores; every-store products too; not at another store.
    const atStore = (await h.call('GET', `/api/v1/voucher-products?store_id=${stores[0]}&limit=50`, { token: viewer })).json<Page>().data.data.map((r) => r.voucher_code);
    expect(atStore).toContain('EV75K');
    expect(atStore).toContain('EV50K');
    const [elsewhere] = await queryRows<{ id: number }>(db(), sql`select id from stores where id not in (${stores[0]!}, ${stores[1]!}) order by id limit 1`);
    const atOther = (await h.call('GET', `/api/v1/voucher-products?store_id=${elsewhere!.id}&limit=50`, { token: viewer })).json<Page>().data.data.map((r) => r.voucher_code);
    expect(atOther).not.toContain('EV75K');

    const edit = body({ name: 'E-Voucher Rp 75.000 (semua toko)', store_ids: [], version: row.version });
    const edited = await h.call('PUT', `/api/v1/voucher-products/${row.id}`, { token: admin, body: edit });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<{ data: VoucherProductRow }>().data).toMatchObject({ store_ids: [], version: row.version + 1 });
    const stale = await h.call('PUT', `/api/v1/voucher-products/${row.id}`, { token: admin, body: edit });
    expect(stale.statusCode).toBe(409);

    const [audit] = await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from audit_log where entity = 'voucher-product' and entity_id = ${String(row.id)}`);
    expect(Number(audit?.n)).toBe(2);
    const removed = await h.call('DELETE', `/api/v1/voucher-products/${row.id}?version=${row.version + 1}`, { token: admin });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await h.call('GET', `/api/v1/voucher-products/${row.id}`, { token: viewer })).statusCode).toBe(404);
  });
});
