import { beforeAll, describe, expect, it } from 'vitest';
import type { CategoryRow, ProductRow, StoreProductRow, StoreRow } from '@portal/contract';
import { useHarness } from '../../../test/harness.ts';

interface List<T> {
  data: T[];
  meta: { page: number; limit: number; total: number; total_kind: string; next_cursor?: string | null };
}

describe('catalog: categories, products, stores and store products', () => {
  const h = useHarness();
  let admin: string;
  let viewer: string;
  let superadmin: string;

  beforeAll(async () => {
    admin = await h.tokenOf('admin.cms');
    superadmin = await h.tokenOf('superadmin');
    viewer = await h.tokenOf('viewer');
  });

  const ok = async <T>(method: string, url: string, body?: unknown, token = admin): Promise<T> => {
    const res = await h.call(method, url, { token, body });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: T }>().data;
  };

  it('lists products with filters, search and sort, totals included', async () => {
    const all = await ok<List<ProductRow>>('GET', '/api/v1/products?limit=100&sort_by=plu&sort_dir=asc');
    expect(all.meta.total).toBe(500);
    expect(all.data.map((p) => p.plu)).toEqual(all.data.map((p) => p.plu).sort());
    const first = all.data[0]!;
    expect(first.price).toBeGreaterThan(0);
    expect(first.parent_category_name).toBeTruthy();

    const bySub = await ok<List<ProductRow>>('GET', `/api/v1/products?category_id=${first.category_id}&limit=100`);
    expect(bySub.data.length).toBeGreaterThan(0);
    expect(bySub.data.every((p) => p.category_id === first.category_id)).toBe(true);
    const byParent = await ok<List<ProductRow>>('GET', `/api/v1/products?parent_category_id=${first.parent_category_id}&limit=100`);
    expect(byParent.data.every((p) => p.parent_category_id === first.parent_category_id)).toBe(true);
    expect(byParent.meta.total).toBeGreaterThanOrEqual(bySub.meta.total);

    const word = first.name.split(' ')[0]!;
    const found = await ok<List<ProductRow>>('GET', `/api/v1/products?search=${encodeURIComponent(word.toLowerCase())}`);
    expect(found.data.every((p) => p.name.toLowerCase().includes(word.toLowerCase()))).toBe(true);
    const byPlu = await ok<List<ProductRow>>('GET', `/api/v1/products?search=${first.plu}`);
    expect(byPlu.data[0]?.id).toBe(first.id);

    const cheap = await ok<List<ProductRow>>('GET', '/api/v1/products?sort_by=price&sort_dir=asc&limit=20');
    const prices = cheap.data.map((p) => p.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect((await h.call('GET', '/api/v1/products?sort_by=secret', { token: admin })).statusCode).toBe(400);
  });

  it('answers a list page without its total when asked with_total=false, and keyset paging still works', async () => {
    const counted = await ok<List<ProductRow>>('GET', '/api/v1/products?sort_by=name&sort_dir=asc&limit=7');
    expect(counted.meta.total_kind).not.toBe('none');
    const p1 = await ok<List<ProductRow>>('GET', '/api/v1/products?sort_by=name&sort_dir=asc&limit=7&with_total=false');
    expect(p1.data.map((p) => p.id)).toEqual(counted.data.map((p) => p.id));
    expect(p1.meta).toMatchObject({ total: 7, total_kind: 'none' });
    const p2 = await ok<List<ProductRow>>('GET', `/api/v1/products?sort_by=name&sort_dir=asc&limit=7&with_total=false&page=2&cursor=${p1.meta.next_cursor}`);
    expect(p2.meta).toMatchObject({ page: 2, total: 14, total_kind: 'none' });
    // A page shorter than its limit proves its total, asked for or not.
    const one = await ok<List<ProductRow>>('GET', `/api/v1/products?search=${counted.data[0]!.plu}&with_total=false`);
    expect(one.meta).toMatchObject({ total: one.data.length, total_kind: 'exact' });
    expect((await h.call('GET', '/api/v1/products?with_total=no', { token: admin })).statusCode).toBe(400);
  });

  it('reads page N by keyset with the cursor of page N-1, giving the same rows as offset paging', async () => {
    for (const sort of ['name:asc', 'updated_at:desc', 'price:desc']) {
      const [by, dir] = sort.split(':');
      const base = `/api/v1/products?sort_by=${by}&sort_dir=${dir}&limit=7`;
      const p1 = await ok<List<ProductRow>>('GET', `${base}&page=1`);
      expect(p1.meta.next_cursor).toBeTruthy();
      const p2Keyset = await ok<List<ProductRow>>('GET', `${base}&page=2&cursor=${p1.meta.next_cursor}`);
      const p2Offset = await ok<List<ProductRow>>('GET', `${base}&page=2`);
      expect(p2Keyset.data.map((p) => p.id)).toEqual(p2Offset.data.map((p) => p.id));
      const p3Keyset = await ok<List<ProductRow>>('GET', `${base}&page=3&cursor=${p2Keyset.meta.next_cursor}`);
      const p3Offset = await ok<List<ProductRow>>('GET', `${base}&page=3`);
      expect(p3Keyset.data.map((p) => p.id)).toEqual(p3Offset.data.map((p) => p.id));
    }
    // A cursor of another ordering, or a mangled one, falls back to offset paging rather than failing.
    const p1 = await ok<List<ProductRow>>('GET', '/api/v1/products?sort_by=name&sort_dir=asc&limit=7');
    const other = await ok<List<ProductRow>>('GET', `/api/v1/products?sort_by=plu&sort_dir=asc&limit=7&page=2&cursor=${p1.meta.next_cursor}`);
    const plain = await ok<List<ProductRow>>('GET', '/api/v1/products?sort_by=plu&sort_dir=asc&limit=7&page=2');
    expect(other.data.map((p) => p.id)).toEqual(plain.data.map((p) => p.id));
    expect((await h.call('GET', '/api/v1/products?page=2&cursor=bm90LWpzb24', { token: admin })).statusCode).toBe(200);
  });

  it('edits a product with its version, writes the audit entry, and answers 409 naming who changed it', async () => {
    const [p] = (await ok<List<ProductRow>>('GET', '/api/v1/products?limit=1')).data;
    const body = { name: `${p!.name} Baru`, brand: p!.brand, category_id: p!.category_id, product_category: p!.product_category, uom: p!.uom, price: p!.price + 500, status: 1, version: p!.version };
    const saved = await ok<ProductRow>('PUT', `/api/v1/products/${p!.id}`, body);
    expect(saved.version).toBe(p!.version + 1);
    expect(saved.price).toBe(p!.price + 500);
    expect(saved.updated_by_name).toBeTruthy();

    const stale = await h.call('PUT', `/api/v1/products/${p!.id}`, { token: admin, body: { ...body, price: 1 } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toContain(saved.updated_by_name!);

    const log = await ok<List<{ entity: string; entity_id: string; action: string }>>('GET', `/api/v1/log-history?entity=product&limit=5`);
    expect(log.data.some((e) => e.entity_id === String(p!.id) && e.action === 'update')).toBe(true);
  });

  it('refuses bad product input with messages by field, never 500', async () => {
    const [p] = (await ok<List<ProductRow>>('GET', '/api/v1/products?limit=1')).data;
    const base = { plu: 'NEW-1', name: 'Indomie Goreng Jumbo 129 g', category_id: p!.category_id, product_category: 2, uom: 'PCS', price: 3900 };
    const created = await ok<ProductRow>('POST', '/api/v1/products', base);
    expect(created.plu).toBe('NEW-1');

    const dup = await h.call('POST', '/api/v1/products', { token: admin, body: base });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().details[0].path).toBe('plu');

    const parent = await h.call('POST', '/api/v1/products', { token: admin, body: { ...base, plu: 'NEW-2', category_id: p!.parent_category_id } });
    expect(parent.statusCode).toBe(400);
    expect(parent.json().details[0].path).toBe('category_id');

    for (const bad of [{ price: -1 }, { price: 1.5 }, { uom: 'TON' }, { product_category: 9 }, { name: '' }, { name: 'x'.repeat(151) }, { role: 'admin' }, { price: '1000' }]) {
      const res = await h.call('POST', '/api/v1/products', { token: admin, body: { ...base, plu: 'NEW-3', ...bad } });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    // A delete names the version it saw: none is refused, a stale one is a conflict naming who changed it.
    expect((await h.call('DELETE', `/api/v1/products/${created.id}`, { token: admin })).json().details[0].path).toBe('version');
    const renamed = await h.call('PUT', `/api/v1/products/${created.id}`, { token: admin, body: { name: 'Renamed meanwhile', category_id: base.category_id, product_category: 2, uom: 'PCS', price: 3900, version: created.version } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const stale = await h.call('DELETE', `/api/v1/products/${created.id}?version=${created.version}`, { token: admin });
    expect(stale.statusCode).toBe(409);
    const del = await h.call('DELETE', `/api/v1/products/${created.id}?version=${renamed.json().data.version}`, { token: admin });
    expect(del.statusCode).toBe(200);
    const inUse = await h.call('DELETE', `/api/v1/products/${p!.id}?version=${p!.version}`, { token: admin });
    expect([200, 409]).toContain(inUse.statusCode);
  });

  it('enforces permissions on the server', async () => {
    expect((await h.call('GET', '/api/v1/products')).statusCode).toBe(401);
    expect((await h.call('GET', '/api/v1/products', { token: viewer })).statusCode).toBe(200);
    const [p] = (await ok<List<ProductRow>>('GET', '/api/v1/products?limit=1')).data;
    const res = await h.call('PUT', `/api/v1/products/${p!.id}`, { token: viewer, body: { name: 'x', category_id: p!.category_id, product_category: 1, uom: 'PCS', price: 1, version: p!.version } });
    expect(res.statusCode).toBe(403);
    const agent = await h.tokenOf('cs.agent');
    expect((await h.call('GET', '/api/v1/stores', { token: agent })).statusCode).toBe(403);
  });

  it('creates parent categories last and saves a dragged order, refusing an order of a changed list', async () => {
    const admin = superadmin;
    const ok = async <T>(method: string, url: string, body?: unknown): Promise<T> => {
      const res = await h.call(method, url, { token: superadmin, body });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ data: T }>().data;
    };
    expect((await h.call('GET', '/api/v1/parent-categories', { token: await h.tokenOf('cs.agent') })).statusCode).toBe(403);
    const before = await ok<List<CategoryRow>>('GET', '/api/v1/parent-categories?sort_by=position&limit=100');
    const created = await ok<CategoryRow>('POST', '/api/v1/parent-categories', { code: 'ORGANIK', name: 'Produk Organik' });
    expect(created.position).toBe(Math.max(...before.data.map((c) => c.position)) + 1);
    const ids = [created.id, ...before.data.map((c) => c.id)];
    const saved = await ok<{ id: number; position: number }[]>('PUT', '/api/v1/parent-categories/positions', { ids });
    expect(saved[0]).toEqual({ id: created.id, position: 1 });
    const after = await ok<List<CategoryRow>>('GET', '/api/v1/parent-categories?sort_by=position&limit=100');
    expect(after.data.map((c) => c.id)).toEqual(ids);
    expect(after.data[1]!.sub_count).toBeGreaterThan(0);

    const missing = await h.call('PUT', '/api/v1/parent-categories/positions', { token: admin, body: { ids: ids.slice(1) } });
    expect(missing.statusCode).toBe(409);
    const twice = await h.call('PUT', '/api/v1/parent-categories/positions', { token: admin, body: { ids: [ids[0], ...ids] } });
    expect(twice.statusCode).toBe(400);

    const subs = await ok<List<CategoryRow>>('GET', `/api/v1/sub-categories?parent_id=${ids[1]}&limit=100`);
    expect(subs.data.every((c) => c.parent_id === ids[1])).toBe(true);
    const sub = subs.data[0]!;
    const moved = await ok<CategoryRow>('PUT', `/api/v1/sub-categories/${sub.id}`, { code: sub.code, name: sub.name, status: 1, parent_id: created.id, version: sub.version });
    expect(moved.parent_name).toBe('Produk Organik');
    const dupCode = await h.call('POST', '/api/v1/parent-categories', { token: admin, body: { code: 'organik', name: 'Lagi' } });
    expect(dupCode.statusCode).toBe(409);
    const inUse = await h.call('DELETE', `/api/v1/parent-categories/${created.id}?version=${created.version}`, { token: admin });
    expect(inUse.statusCode).toBe(409);
  });

  it('creates and edits stores inside a consistent region chain', async () => {
    const stores = await ok<List<StoreRow>>('GET', '/api/v1/stores?limit=100');
    expect(stores.meta.total).toBe(5);
    const s = stores.data[0]!;
    expect(s.province_name).toBeTruthy();
    const body = { code: 'S9001', name: 'Toko Segar Menteng', province_code: '31', regency_code: '31.71', open_time: '07:00', close_time: '22:00' };
    const created = await ok<StoreRow>('POST', '/api/v1/stores', body);
    expect(created.regency_name).toContain('Jakarta');
    const wrongChain = await h.call('POST', '/api/v1/stores', { token: admin, body: { ...body, code: 'S9002', province_code: '32' } });
    expect(wrongChain.statusCode).toBe(400);
    expect(wrongChain.json().details[0].path).toBe('regency_code');
    const unknown = await h.call('POST', '/api/v1/stores', { token: admin, body: { ...body, code: 'S9003', province_code: '99', regency_code: '99.01' } });
    expect(unknown.statusCode).toBe(400);
    const hours = await h.call('POST', '/api/v1/stores', { token: admin, body: { ...body, code: 'S9004', open_time: '22:00', close_time: '07:00' } });
    expect(hours.statusCode).toBe(400);

    const byProvince = await ok<List<StoreRow>>('GET', '/api/v1/stores?province_code=31');
    expect(byProvince.data.every((x) => x.province_code === '31')).toBe(true);
    const delivery = await ok<StoreRow>('PUT', `/api/v1/stores/${created.id}/delivery`, { delivery_mode: 1, is_delivery: true, delivery_radius_km: 7, min_order: 50_000, version: created.version });
    expect(delivery.delivery_mode).toBe(1);
    expect(delivery.min_order).toBe(50_000);
  });

  it("lists a store's products and edits price, stock and active flag; view-store lists a product's stores", async () => {
    const [s] = (await ok<List<StoreRow>>('GET', '/api/v1/stores?limit=1&sort_by=code')).data;
    const list = await ok<List<StoreProductRow>>('GET', `/api/v1/stores/${s!.id}/products?limit=50&sort_by=price&sort_dir=desc`);
    expect(list.data.length).toBeGreaterThan(0);
    expect(list.data.every((r) => r.store_id === s!.id)).toBe(true);
    const prices = list.data.map((r) => r.price);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
    const row = list.data[0]!;
    const saved = await ok<StoreProductRow>('PUT', `/api/v1/store-products/${row.id}`, { price: row.price + 100, stock: 0, is_active: false, version: row.version });
    expect(saved).toMatchObject({ price: row.price + 100, stock: 0, is_active: false });
    const promo = await h.call('PUT', `/api/v1/store-products/${row.id}`, { token: admin, body: { price: 1000, promo_price: 2000, stock: 1, is_active: true, version: saved.version } });
    expect(promo.statusCode).toBe(400);
    const outOfStock = await ok<List<StoreProductRow>>('GET', `/api/v1/stores/${s!.id}/products?in_stock=false&limit=100`);
    expect(outOfStock.data.some((r) => r.id === row.id)).toBe(true);

    const stores = await ok<List<StoreProductRow>>('GET', `/api/v1/products/${row.product_id}/stores?sort_by=store_code`);
    expect(stores.data.some((r) => r.store_id === s!.id)).toBe(true);
    expect((await h.call('GET', '/api/v1/products/999999/stores', { token: admin })).statusCode).toBe(404);
  });
});
