import { beforeAll, describe, expect, it } from 'vitest';
import type { CategoryRow, DeliveryMethodRow, GroupStoreRow, PlanogramDetail, PlanogramRow, ProductRow, StoreDeliveryMethods, StoreRow } from '@portal/contract';
import { useHarness } from '../../../test/harness.ts';

interface List<T> {
  data: T[];
  meta: { page: number; limit: number; total: number };
}

/** YYYY-MM-DD `days` from today in Asia/Jakarta, the calendar the demo seed's periods use. */
const day = (days: number) => new Date(Date.now() + 7 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);

describe('cms e-commerce: group stores, delivery methods and planograms', () => {
  const h = useHarness();
  let admin: string;
  let viewer: string;
  let agent: string;

  beforeAll(async () => {
    admin = await h.tokenOf('admin.cms');
    viewer = await h.tokenOf('viewer');
    agent = await h.tokenOf('cs.agent');
  });

  const ok = async <T>(method: string, url: string, body?: unknown, token = admin): Promise<T> => {
    const res = await h.call(method, url, { token, body });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: T }>().data;
  };
  const status = async (method: string, url: string, body?: unknown, token = admin) => (await h.call(method, url, { token, body })).statusCode;
  /** The newest audit entry of an entity, with its before and after. */
  const latestAudit = async (entity: string) => {
    const [first] = (await ok<List<{ id: number }>>('GET', `/api/v1/log-history?entity=${entity}&limit=1`)).data;
    return ok<{ action: string; entity_id: string; before: unknown; after: unknown }>('GET', `/api/v1/log-history/${first!.id}`);
  };

  describe('group stores', () => {
    it('lists the seeded groups with their store counts, filtered, searched and sorted', async () => {
      const all = await ok<List<GroupStoreRow>>('GET', '/api/v1/group-stores?limit=100&sort_by=code');
      expect(all.meta.total).toBe(8);
      expect(all.data.map((g) => g.code)).toEqual(all.data.map((g) => g.code).sort());
      expect(all.data.reduce((n, g) => n + g.store_count, 0)).toBe(5);
      const found = await ok<List<GroupStoreRow>>('GET', '/api/v1/group-stores?search=jawa');
      expect(found.data.length).toBeGreaterThan(0);
      expect(found.data.every((g) => g.name.toLowerCase().includes('jawa'))).toBe(true);
      expect((await ok<List<GroupStoreRow>>('GET', '/api/v1/group-stores?status=2')).meta.total).toBe(0);
      expect(await status('GET', '/api/v1/group-stores?sort_by=description')).toBe(400);
    });

    it('creates, edits with its version (409 when stale), lists its stores, and refuses to delete one with stores', async () => {
      const created = await ok<GroupStoreRow>('POST', '/api/v1/group-stores', { code: 'NTT-NTB', name: 'Nusa Tenggara', description: 'Toko NTT dan NTB' });
      expect(created).toMatchObject({ code: 'NTT-NTB', status: 1, store_count: 0, version: 1 });
      const dup = await h.call('POST', '/api/v1/group-stores', { token: admin, body: { code: 'ntt-ntb', name: 'Lagi' } });
      expect(dup.statusCode).toBe(409);
      expect(dup.json().details[0].path).toBe('code');

      const saved = await ok<GroupStoreRow>('PUT', `/api/v1/group-stores/${created.id}`, { name: 'Nusa Tenggara Raya', status: 2, version: 1 });
      expect(saved).toMatchObject({ name: 'Nusa Tenggara Raya', status: 2, version: 2 });
      const stale = await h.call('PUT', `/api/v1/group-stores/${created.id}`, { token: admin, body: { name: 'X', version: 1 } });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().message).toContain('Budi Santoso');

      // Move a store into the new group: its stores list shows it and delete is refused.
      const store = (await ok<List<StoreRow>>('GET', '/api/v1/stores?limit=1&sort_by=code')).data[0]!;
      const { id: _id, code: _c, province_name: _pn, regency_name: _rn, district_name: _dn, village_name: _vn, group_store_name: _g, delivery_mode: _dm, created_at: _ca, updated_at: _ua, updated_by_name: _ub, ...fields } = store;
      await ok('PUT', `/api/v1/stores/${store.id}`, { ...fields, group_store_id: created.id });
      const stores = await ok<List<StoreRow>>('GET', `/api/v1/group-stores/${created.id}/stores`);
      expect(stores.data.map((s) => s.id)).toEqual([store.id]);
      const refused = await h.call('DELETE', `/api/v1/group-stores/${created.id}?version=${created.version}`, { token: admin });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toContain('still has 1 store');

      const empty = await ok<GroupStoreRow>('POST', '/api/v1/group-stores', { code: 'TEMP', name: 'Sementara' });
      expect(await status('DELETE', `/api/v1/group-stores/${empty.id}?version=${empty.version}`)).toBe(200);
      expect(await status('GET', `/api/v1/group-stores/${empty.id}`)).toBe(404);
      expect(await status('GET', '/api/v1/group-stores/999999/stores')).toBe(404);
    });

    it('refuses bad input with 400 and holds the permissions', async () => {
      for (const bad of [{ code: '', name: 'A' }, { code: 'A B', name: 'A' }, { code: 'OK', name: '' }, { code: 'OK', name: 'A', status: 3 }, { code: 'OK', name: 'A', extra: 1 }]) {
        expect(await status('POST', '/api/v1/group-stores', bad), JSON.stringify(bad)).toBe(400);
      }
      expect(await status('GET', '/api/v1/group-stores', undefined, viewer)).toBe(200);
      expect(await status('POST', '/api/v1/group-stores', { code: 'V1', name: 'Viewer' }, viewer)).toBe(403);
      expect(await status('GET', '/api/v1/group-stores', undefined, agent)).toBe(403);
      expect((await h.call('GET', '/api/v1/group-stores')).statusCode).toBe(401);
    });
  });

  describe('delivery methods and the stores offering them', () => {
    it('lists the four reference methods in order and edits one with its version', async () => {
      const list = await ok<List<DeliveryMethodRow>>('GET', '/api/v1/delivery-methods');
      expect(list.data.map((m) => m.code)).toEqual(['REGULER', 'SAMEDAY', 'INSTANT', 'PICKUP']);
      expect(list.data.find((m) => m.code === 'PICKUP')).toMatchObject({ name: 'Ambil di Toko', delivery_mode: 2, fee: 0 });
      expect((await ok<List<DeliveryMethodRow>>('GET', '/api/v1/delivery-methods?delivery_mode=1')).meta.total).toBe(3);
      expect((await ok<List<DeliveryMethodRow>>('GET', '/api/v1/delivery-methods?sort_by=fee&sort_dir=desc')).data[0]!.code).toBe('INSTANT');

      const instant = list.data.find((m) => m.code === 'INSTANT')!;
      const body = { name: 'Instant', delivery_mode: 1, fee: 30000, eta: '1-2 jam', description: null, status: 1, version: instant.version };
      const saved = await ok<DeliveryMethodRow>('PUT', `/api/v1/delivery-methods/${instant.id}`, body);
      expect(saved).toMatchObject({ fee: 30000, eta: '1-2 jam', version: instant.version + 1 });
      expect(await status('PUT', `/api/v1/delivery-methods/${instant.id}`, body)).toBe(409);
      expect(await status('PUT', `/api/v1/delivery-methods/${instant.id}`, { ...body, fee: -1, version: saved.version })).toBe(400);
      expect(await status('PUT', `/api/v1/delivery-methods/${instant.id}`, { ...body, code: 'X', version: saved.version })).toBe(400);
      expect(await status('PUT', `/api/v1/delivery-methods/${instant.id}`, { ...body, version: saved.version }, viewer)).toBe(403);
      // Reference rows: none is created or deleted.
      expect(await status('POST', '/api/v1/delivery-methods', { code: 'NEW', name: 'Baru' })).toBe(404);
      expect(await status('DELETE', `/api/v1/delivery-methods/${instant.id}?version=${instant.version}`)).toBe(404);
    });

    it("replaces a store's delivery methods with the store's version, audited", async () => {
      const store = (await ok<List<StoreRow>>('GET', '/api/v1/stores?limit=1&sort_by=code&sort_dir=desc')).data[0]!;
      const before = await ok<StoreDeliveryMethods>('GET', `/api/v1/stores/${store.id}/delivery-methods`);
      expect(before.delivery_method_ids.length).toBeGreaterThanOrEqual(2);
      expect(before.version).toBe(store.version);

      const methods = (await ok<List<DeliveryMethodRow>>('GET', '/api/v1/delivery-methods')).data;
      const pickup = methods.find((m) => m.code === 'PICKUP')!.id;
      const sameDay = methods.find((m) => m.code === 'SAMEDAY')!.id;
      const saved = await ok<StoreDeliveryMethods>('PUT', `/api/v1/stores/${store.id}/delivery-methods`, { delivery_method_ids: [sameDay, pickup], version: before.version });
      expect(saved.methods.map((m) => m.code)).toEqual(['SAMEDAY', 'PICKUP']);
      expect(saved.version).toBe(before.version + 1);

      const stale = await h.call('PUT', `/api/v1/stores/${store.id}/delivery-methods`, { token: admin, body: { delivery_method_ids: [pickup], version: before.version } });
      expect(stale.statusCode).toBe(409);
      const unknown = await h.call('PUT', `/api/v1/stores/${store.id}/delivery-methods`, { token: admin, body: { delivery_method_ids: [999999], version: saved.version } });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().details[0].path).toBe('delivery_method_ids');
      expect(await status('PUT', `/api/v1/stores/${store.id}/delivery-methods`, { delivery_method_ids: [pickup, pickup], version: saved.version })).toBe(400);
      expect(await status('PUT', `/api/v1/stores/999999/delivery-methods`, { delivery_method_ids: [pickup], version: 1 })).toBe(404);
      expect(await status('PUT', `/api/v1/stores/${store.id}/delivery-methods`, { delivery_method_ids: [pickup], version: saved.version }, viewer)).toBe(403);

      expect(await latestAudit('store-delivery-method')).toMatchObject({ entity_id: String(store.id), after: { delivery_method_ids: [sameDay, pickup].sort((a, b) => a - b) } });
      // The store edit form then carries the moved-on version.
      expect((await ok<StoreRow>('GET', `/api/v1/stores/${store.id}`)).version).toBe(saved.version);
    });
  });

  describe('planograms', () => {
    const base = () => ({ title: 'Promo Kopi Pagi', content_type: 0, display_location: 1, member_scope: 0, start_date: day(0), end_date: day(7), priority: 3 });

    it('lists the seeded planograms by position with filters', async () => {
      const list = await ok<List<PlanogramRow>>('GET', '/api/v1/planograms?limit=100');
      expect(list.meta.total).toBeGreaterThanOrEqual(5);
      expect(list.data.map((p) => p.position)).toEqual(list.data.map((p) => p.position).sort((a, b) => a - b));
      const catalogs = await ok<List<PlanogramRow>>('GET', '/api/v1/planograms?content_type=1');
      expect(catalogs.data.length).toBeGreaterThan(0);
      expect(catalogs.data.every((p) => p.content_type === 1 && p.sub_category_count > 0)).toBe(true);
      const home = await ok<List<PlanogramRow>>('GET', '/api/v1/planograms?display_location=0&limit=100');
      expect(home.data.every((p) => p.display_location === 0)).toBe(true);
      const today = await ok<List<PlanogramRow>>('GET', `/api/v1/planograms?active_on=${day(0)}&limit=100`);
      expect(today.data.every((p) => p.start_date <= day(0) && p.end_date >= day(0))).toBe(true);
      expect(await status('GET', '/api/v1/planograms?active_on=2025-02-30')).toBe(400);
      expect(await status('GET', '/api/v1/planograms?content_type=8')).toBe(400);
    });

    it('creates one last in order, edits it with its version, and refuses bad periods and enums', async () => {
      const before = await ok<List<PlanogramRow>>('GET', '/api/v1/planograms?limit=100');
      const created = await ok<PlanogramDetail>('POST', '/api/v1/planograms', base());
      expect(created).toMatchObject({ title: 'Promo Kopi Pagi', status: 1, position: before.meta.total + 1, sub_categories: [], products: [] });
      expect(created.start_date).toBe(day(0));

      const oneDay = await ok<PlanogramDetail>('POST', '/api/v1/planograms', { ...base(), title: 'Sehari', end_date: day(0) });
      expect(oneDay.end_date).toBe(oneDay.start_date);
      const backwards = await h.call('POST', '/api/v1/planograms', { token: admin, body: { ...base(), end_date: day(-1) } });
      expect(backwards.statusCode).toBe(400);
      expect(backwards.json().details[0].path).toBe('end_date');
      for (const bad of [{ content_type: 8 }, { display_location: 3 }, { member_scope: 2 }, { priority: 0 }, { priority: 11 }, { start_date: '2025-13-01' }, { start_date: '01/02/2025' }, { title: '' }, { position: 1 }]) {
        expect(await status('POST', '/api/v1/planograms', { ...base(), ...bad }), JSON.stringify(bad)).toBe(400);
      }

      const edited = await ok<PlanogramDetail>('PUT', `/api/v1/planograms/${created.id}`, { ...base(), title: 'Promo Kopi Siang', priority: 10, version: 1 });
      expect(edited).toMatchObject({ title: 'Promo Kopi Siang', priority: 10, version: 2 });
      expect(await status('PUT', `/api/v1/planograms/${created.id}`, { ...base(), version: 1 })).toBe(409);
      expect(await status('PUT', `/api/v1/planograms/${created.id}`, { ...base(), version: 2 }, viewer)).toBe(403);
      expect(await status('GET', '/api/v1/planograms', undefined, agent)).toBe(403);
    });

    it('syncs sub categories and products only from non-empty lists (spec section 5), replacing the set', async () => {
      const planogram = await ok<PlanogramDetail>('POST', '/api/v1/planograms', { ...base(), title: 'Sinkron' });
      const subs = (await ok<List<CategoryRow>>('GET', '/api/v1/sub-categories?limit=3&sort_by=code')).data;
      const parents = (await ok<List<CategoryRow>>('GET', '/api/v1/parent-categories?limit=1', undefined, await h.tokenOf('superadmin'))).data;
      const products = (await ok<List<ProductRow>>('GET', '/api/v1/products?limit=4&sort_by=plu&sort_dir=asc')).data;

      const empty = await h.call('POST', `/api/v1/planograms/${planogram.id}/category-sync`, { token: admin, body: { sub_category_id: [] } });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().details[0].path).toBe('sub_category_id');
      expect(await status('POST', `/api/v1/planograms/${planogram.id}/product-sync`, { product_id: [] })).toBe(400);
      expect(await status('POST', `/api/v1/planograms/${planogram.id}/product-sync`, {})).toBe(400);
      // A parent category is not a sub category.
      const parent = await h.call('POST', `/api/v1/planograms/${planogram.id}/category-sync`, { token: admin, body: { sub_category_id: [parents[0]!.id] } });
      expect(parent.statusCode).toBe(400);
      expect(parent.json().details[0].path).toBe('sub_category_id');

      const synced = await ok<PlanogramDetail>('POST', `/api/v1/planograms/${planogram.id}/category-sync`, { sub_category_id: subs.map((s) => s.id) });
      expect(synced.sub_categories.map((s) => s.id).sort()).toEqual(subs.map((s) => s.id).sort());
      expect(synced.version).toBe(planogram.version + 1);
      const withProducts = await ok<PlanogramDetail>('POST', `/api/v1/planograms/${planogram.id}/product-sync`, { product_id: products.map((p) => p.id) });
      expect(withProducts.products.map((p) => p.plu)).toEqual(products.map((p) => p.plu));
      expect(withProducts.sub_categories).toHaveLength(3);
      // A second sync replaces the set.
      const replaced = await ok<PlanogramDetail>('POST', `/api/v1/planograms/${planogram.id}/product-sync`, { product_id: [products[0]!.id] });
      expect(replaced.products.map((p) => p.id)).toEqual([products[0]!.id]);
      const listed = (await ok<List<PlanogramRow>>('GET', '/api/v1/planograms?search=sinkron')).data[0]!;
      expect(listed).toMatchObject({ sub_category_count: 3, product_count: 1 });
      expect(await status('POST', `/api/v1/planograms/${planogram.id}/product-sync`, { product_id: [999999] })).toBe(400);
      expect(await status('POST', `/api/v1/planograms/999999/product-sync`, { product_id: [products[0]!.id] })).toBe(404);
      expect(await status('POST', `/api/v1/planograms/${planogram.id}/product-sync`, { product_id: [products[0]!.id] }, viewer)).toBe(403);

      // An edit form opened before the sync is stale now.
      expect(await status('PUT', `/api/v1/planograms/${planogram.id}`, { ...base(), version: planogram.version })).toBe(409);
      // Clearing a set on purpose is its own call.
      const cleared = await ok<PlanogramDetail>('DELETE', `/api/v1/planograms/${planogram.id}/category-sync`);
      expect(cleared.sub_categories).toEqual([]);
      expect(await latestAudit('planogram')).toMatchObject({ action: 'update', after: { sub_category_ids: [] } });

      // Deleting the planogram takes its synced rows with it.
      const latest = await ok<PlanogramDetail>('GET', `/api/v1/planograms/${planogram.id}`);
      expect(await status('DELETE', `/api/v1/planograms/${planogram.id}?version=${latest.version}`)).toBe(200);
      expect(await status('GET', `/api/v1/planograms/${planogram.id}`)).toBe(404);
    });

    it('saves a dragged order of every planogram, refusing a list that changed', async () => {
      const list = (await ok<List<PlanogramRow>>('GET', '/api/v1/planograms?limit=100')).data;
      const ids = list.map((p) => p.id).reverse();
      const saved = await ok<{ id: number; position: number }[]>('PUT', '/api/v1/planograms/positions', { ids });
      expect(saved[0]).toEqual({ id: ids[0], position: 1 });
      const after = (await ok<List<PlanogramRow>>('GET', '/api/v1/planograms?limit=100')).data;
      expect(after.map((p) => p.id)).toEqual(ids);
      const partial = await h.call('PUT', '/api/v1/planograms/positions', { token: admin, body: { ids: ids.slice(1) } });
      expect(partial.statusCode).toBe(409);
      expect(await status('PUT', '/api/v1/planograms/positions', { ids: [ids[0], ids[0]] })).toBe(400);
      expect(await status('PUT', '/api/v1/planograms/positions', { ids }, viewer)).toBe(403);
    });
  });
});
