import { beforeAll, describe, expect, it } from 'vitest';
import type { FreeGiftDetail, FreeGiftRow, ProductRow, PromoDetail, PromoRow, RegionStoreRow, StoreRow } from '@portal/contract';
import { useHarness } from '../../../test/harness.ts';
import { FreeGiftService } from './free-gift.resource.ts';
import { commitPromoRows, PromoService } from './promo.resource.ts';

interface List<T> {
  data: T[];
  meta: { page: number; limit: number; total: number };
}

/** YYYY-MM-DD `days` from today in Asia/Jakarta, the calendar the demo seed's periods use. */
const day = (days: number) => new Date(Date.now() + 7 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);

describe('cms promo management and free-gift promotion', () => {
  const h = useHarness();
  let admin: string;
  let viewer: string;
  let agent: string;
  let products: ProductRow[];
  let stores: StoreRow[];

  beforeAll(async () => {
    admin = await h.tokenOf('admin.cms');
    viewer = await h.tokenOf('viewer');
    agent = await h.tokenOf('cs.agent');
    // The test catalog's five stores are all in Jakarta: add one in Bandung and one in Denpasar.
    for (const [code, name, province_code, regency_code] of [['T-BDG', 'Toko Uji Bandung', '32', '32.73'], ['T-DPS', 'Toko Uji Denpasar', '51', '51.71']]) {
      const res = await h.call('POST', '/api/v1/stores', { token: admin, body: { code, name, province_code, regency_code } });
      expect(res.statusCode, res.body).toBe(200);
    }
    products = (await h.call('GET', '/api/v1/products?limit=6&sort_by=plu&sort_dir=asc', { token: admin })).json<{ data: List<ProductRow> }>().data.data;
    stores = (await h.call('GET', '/api/v1/stores?limit=10&sort_by=code', { token: admin })).json<{ data: List<StoreRow> }>().data.data;
  });

  const ok = async <T>(method: string, url: string, body?: unknown, token = admin): Promise<T> => {
    const res = await h.call(method, url, { token, body });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: T }>().data;
  };
  const refused = async (method: string, url: string, body: unknown, status: number, path?: string) => {
    const res = await h.call(method, url, { token: admin, body });
    expect(res.statusCode, `${JSON.stringify(body)} → ${res.body}`).toBe(status);
    if (path) expect(res.json().details?.[0]?.path, res.body).toBe(path);
    return res.json<{ message: string }>();
  };
  const latestAudit = async (entity: string) => {
    const [first] = (await ok<List<{ id: number }>>('GET', `/api/v1/log-history?entity=${entity}&limit=1`)).data;
    return ok<{ action: string; entity_id: string; before: unknown; after: unknown }>('GET', `/api/v1/log-history/${first!.id}`);
  };

  describe('promos', () => {
    const promo = (extra: Record<string, unknown> = {}) => ({
      code: 'KOPI15',
      name: 'Diskon 15% Kopi',
      promo_type: 1,
      value: 15,
      channel: 2,
      start_date: day(0),
      end_date: day(14),
      min_purchase: 50000,
      max_discount: 20000,
      product_ids: products.slice(0, 3).map((p) => p.id),
      store_ids: [stores[0]!.id],
      consumers: ['0812-3456-7890', '+6285712345678'],
      ...extra,
    });

    it('lists the seeded promos with filters: status, channel, type, active on a day, search', async () => {
      const all = await ok<List<PromoRow>>('GET', '/api/v1/promos?limit=100');
      expect(all.meta.total).toBe(4);
      expect(all.data[0]!.created_by_name).toBe('Budi Santoso');
      const online = await ok<List<PromoRow>>('GET', '/api/v1/promos?channel=2&limit=100');
      expect(online.data.length).toBe(3);
      expect(online.data.every((p) => p.channel === 2)).toBe(true);
      const amounts = await ok<List<PromoRow>>('GET', '/api/v1/promos?promo_type=2&limit=100');
      expect(amounts.data.map((p) => p.code).sort()).toEqual(['MEMBER-VIP', 'SEMBAKO5K']);
      const today = await ok<List<PromoRow>>('GET', `/api/v1/promos?active_on=${day(0)}&limit=100`);
      expect(today.data.map((p) => p.code).sort()).toEqual(['MINYAK10', 'SEMBAKO5K']);
      const found = await ok<List<PromoRow>>('GET', '/api/v1/promos?search=susu');
      expect(found.data.map((p) => p.code)).toEqual(['SUSU20']);
      const byCode = await ok<List<PromoRow>>('GET', '/api/v1/promos?sort_by=code&sort_dir=asc&limit=100');
      expect(byCode.data.map((p) => p.code)).toEqual(byCode.data.map((p) => p.code).sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
      expect((await h.call('GET', '/api/v1/promos?channel=3', { token: admin })).statusCode).toBe(400);
      expect((await h.call('GET', '/api/v1/promos?active_on=tomorrow', { token: admin })).statusCode).toBe(400);
    });

    it('creates a percentage promo with products, stores and consumers, and finds it by product and store', async () => {
      const created = await ok<PromoDetail>('POST', '/api/v1/promos', promo());
      expect(created).toMatchObject({ code: 'KOPI15', value: 15, max_discount: 20000, product_count: 3, store_count: 1, consumer_count: 2, status: 1, version: 1 });
      expect(created.products.map((p) => p.id)).toEqual(products.slice(0, 3).map((p) => p.id));
      expect(created.consumers).toEqual(['6281234567890', '6285712345678']);
      expect(created.created_by_name).toBe('Budi Santoso');
      const byProduct = await ok<List<PromoRow>>('GET', `/api/v1/promos?product_id=${products[1]!.id}`);
      expect(byProduct.data.map((p) => p.id)).toContain(created.id);
      const byStore = await ok<List<PromoRow>>('GET', `/api/v1/promos?store_id=${stores[0]!.id}&limit=100`);
      expect(byStore.data.map((p) => p.id)).toContain(created.id);
      const audit = await latestAudit('promo');
      expect(audit).toMatchObject({ action: 'create', entity_id: String(created.id), after: { code: 'KOPI15', products: products.slice(0, 3).map((p) => p.id) } });
      const dup = await refused('POST', '/api/v1/promos', promo({ code: 'kopi15' }), 409, 'code');
      expect(dup.message).toContain('already used');
    });

    it('enforces the percentage, amount, period and reference rules with 400 on the field', async () => {
      await refused('POST', '/api/v1/promos', promo({ code: 'P1', value: 101 }), 400, 'value');
      await refused('POST', '/api/v1/promos', promo({ code: 'P1', value: 0 }), 400, 'value');
      await refused('POST', '/api/v1/promos', promo({ code: 'P1', promo_type: 2, value: 10000, max_discount: 5000 }), 400, 'max_discount');
      await refused('POST', '/api/v1/promos', promo({ code: 'P1', promo_type: 2, value: 60000, max_discount: null }), 400, 'value');
      await refused('POST', '/api/v1/promos', promo({ code: 'P1', promo_type: 3 }), 400, 'promo_type');
      await refused('POST', '/api/v1/promos', promo({ code: 'P1', channel: 0 }), 400, 'channel');
      await refused('POST', '/api/v1/promos', promo({ code: 'P1', end_date: day(-1) }), 400, 'end_date');
      await refused('POST', '/api/v1/promos', promo({ code: 'P1', consumers: ['12345'] }), 400, 'consumers.0');
      await refused('POST', '/api/v1/promos', promo({ code: 'P1', consumers: ['081234567890', '6281234567890'] }), 400, 'consumers');
      await refused('POST', '/api/v1/promos', promo({ code: 'P1', product_ids: [products[0]!.id, products[0]!.id] }), 400, 'product_ids');
      await refused('POST', '/api/v1/promos', promo({ code: 'P1', product_ids: [999999] }), 400, 'product_ids');
      await refused('POST', '/api/v1/promos', promo({ code: 'P1', store_ids: [999999] }), 400, 'store_ids');
      await refused('POST', '/api/v1/promos', promo({ code: 'P1', value: '15' }), 400);
      await refused('POST', '/api/v1/promos', promo({ code: 'P1', discount: 5 }), 400);
      // An amount promo within its minimum purchase, with no lists: everything, everywhere.
      const amount = await ok<PromoDetail>('POST', '/api/v1/promos', promo({ code: 'HEMAT5K', promo_type: 2, value: 5000, max_discount: undefined, product_ids: [], store_ids: [], consumers: [] }));
      expect(amount).toMatchObject({ promo_type: 2, value: 5000, max_discount: null, products: [], stores: [], consumers: [] });
    });

    it('edits with its version, replacing the sets, answers 409 when stale, and deletes', async () => {
      const created = await ok<PromoDetail>('POST', '/api/v1/promos', promo({ code: 'EDIT-ME' }));
      const { code: _c, ...body } = promo();
      const edited = await ok<PromoDetail>('PUT', `/api/v1/promos/${created.id}`, {
        ...body,
        promo_type: 2,
        value: 10000,
        max_discount: null,
        product_ids: [products[5]!.id],
        store_ids: [],
        consumers: ['081200000001'],
        version: created.version,
      });
      expect(edited).toMatchObject({ promo_type: 2, value: 10000, max_discount: null, product_count: 1, store_count: 0, consumer_count: 1, version: 2 });
      const stale = await h.call('PUT', `/api/v1/promos/${created.id}`, { token: admin, body: { ...body, version: 1 } });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().message).toContain('Budi Santoso');
      const audit = await latestAudit('promo');
      expect(audit).toMatchObject({ action: 'update', before: { promo_type: 1, products: products.slice(0, 3).map((p) => p.id) }, after: { promo_type: 2, products: [products[5]!.id] } });

      expect((await h.call('DELETE', `/api/v1/promos/${created.id}?version=${edited.version}`, { token: admin })).statusCode).toBe(200);
      expect((await h.call('GET', `/api/v1/promos/${created.id}`, { token: admin })).statusCode).toBe(404);
    });

    it('holds the permissions: viewer reads but cannot write, the consumer agent cannot read', async () => {
      const [first] = (await ok<List<PromoRow>>('GET', '/api/v1/promos?limit=1', undefined, viewer)).data;
      expect((await h.call('GET', `/api/v1/promos/${first!.id}`, { token: viewer })).statusCode).toBe(200);
      expect((await h.call('POST', '/api/v1/promos', { token: viewer, body: promo({ code: 'V' }) })).statusCode).toBe(403);
      expect((await h.call('DELETE', `/api/v1/promos/${first!.id}?version=${first!.version}`, { token: viewer })).statusCode).toBe(403);
      expect((await h.call('GET', '/api/v1/promos', { token: agent })).statusCode).toBe(403);
      expect((await h.call('GET', '/api/v1/promos')).statusCode).toBe(401);
    });

    it('commits validated import rows all or none (the seam for the promo import)', async () => {
      const service = new PromoService(h.testDb.database.db);
      const ctx = { actor: { userId: 1, name: 'Import' }, ip: null, now: new Date() };
      const rows = [promo({ code: 'IMP-1' }), promo({ code: 'IMP-2', product_ids: [], store_ids: [], consumers: [] })].map((r) => ({ ...r, member_scope: 0, status: 1 as const, consumers: [] as string[] }));
      await h.testDb.database.db.transaction((tx) => commitPromoRows(service, tx, rows as never, ctx));
      expect((await ok<List<PromoRow>>('GET', '/api/v1/promos?search=IMP-')).meta.total).toBe(2);
      const clash = [{ ...rows[0]!, code: 'IMP-3' }, { ...rows[0]!, code: 'IMP-1' }];
      await expect(h.testDb.database.db.transaction((tx) => commitPromoRows(service, tx, clash as never, ctx))).rejects.toThrow('already used');
      expect((await ok<List<PromoRow>>('GET', '/api/v1/promos?search=IMP-3')).meta.total).toBe(0);
    });
  });

  describe('free gifts', () => {
    const gift = (extra: Record<string, unknown> = {}) => ({
      code: 'FG-KOPI',
      name: 'Gratis Kopi Sachet',
      min_purchase: 100000,
      start_date: day(1),
      end_date: day(10),
      products: [{ product_id: products[0]!.id, quantity: 2 }],
      province_codes: ['31', '32'],
      store_ids: stores.filter((s) => s.province_code === '31').map((s) => s.id).slice(0, 1),
      ...extra,
    });

    it('lists the seeded free gifts with who created and changed them, filtered by region and day', async () => {
      const list = await ok<List<FreeGiftRow>>('GET', '/api/v1/free-gifts?limit=100&sort_by=name&sort_dir=asc');
      expect(list.meta.total).toBe(3);
      expect(list.data.every((f) => f.created_by_name === 'Budi Santoso' && f.updated_by_name)).toBe(true);
      const detail = await ok<FreeGiftDetail>('GET', `/api/v1/free-gifts/${list.data[0]!.id}`);
      expect(detail.products.length).toBeGreaterThan(0);
      expect(detail.regions.length).toBeGreaterThan(0);
      // The seeded free gifts are in the regions of the seeded stores (Jakarta only in the test catalog).
      expect((await ok<List<FreeGiftRow>>('GET', '/api/v1/free-gifts?province_code=31')).meta.total).toBe(3);
      expect((await ok<List<FreeGiftRow>>('GET', '/api/v1/free-gifts?province_code=51')).meta.total).toBe(0);
      const today = await ok<List<FreeGiftRow>>('GET', `/api/v1/free-gifts?active_on=${day(0)}`);
      expect(today.data.map((f) => f.code).sort()).toEqual(['FG-GULA-300K', 'FG-TISU-150K']);
    });

    it('answers stores by region for the form', async () => {
      const jakarta = await ok<RegionStoreRow[]>('GET', '/api/v1/free-gifts/region-stores?province_code=31');
      expect(jakarta.length).toBeGreaterThan(0);
      expect(jakarta.every((s) => s.province_code === '31')).toBe(true);
      const two = await ok<RegionStoreRow[]>('GET', '/api/v1/free-gifts/region-stores?province_code=31,32');
      expect(two.length).toBeGreaterThan(jakarta.length);
      expect((await h.call('GET', '/api/v1/free-gifts/region-stores?province_code=3', { token: admin })).statusCode).toBe(400);
    });

    it('creates one with gift products, regions and stores of those regions; refuses a store elsewhere', async () => {
      const created = await ok<FreeGiftDetail>('POST', '/api/v1/free-gifts', gift());
      expect(created).toMatchObject({ code: 'FG-KOPI', product_count: 1, region_count: 2, store_count: 1, created_by_name: 'Budi Santoso' });
      expect(created.products[0]).toMatchObject({ product_id: products[0]!.id, quantity: 2 });
      expect(created.regions.map((r) => r.code)).toEqual(['31', '32']);

      const bali = stores.find((s) => s.province_code === '51')!;
      const outside = await refused('POST', '/api/v1/free-gifts', gift({ code: 'FG-X', store_ids: [bali.id] }), 400, 'store_ids');
      expect(outside.message).toContain(bali.code);
      await refused('POST', '/api/v1/free-gifts', gift({ code: 'FG-X', province_codes: [] }), 400, 'province_codes');
      await refused('POST', '/api/v1/free-gifts', gift({ code: 'FG-X', province_codes: ['99'] }), 400, 'province_codes');
      await refused('POST', '/api/v1/free-gifts', gift({ code: 'FG-X', products: [] }), 400, 'products');
      await refused('POST', '/api/v1/free-gifts', gift({ code: 'FG-X', products: [{ product_id: products[0]!.id, quantity: 100 }] }), 400, 'products.0.quantity');
      await refused('POST', '/api/v1/free-gifts', gift({ code: 'FG-X', products: [{ product_id: 999999, quantity: 1 }] }), 400, 'products');
      await refused('POST', '/api/v1/free-gifts', gift({ code: 'FG-X', start_date: day(5), end_date: day(4) }), 400, 'end_date');
      await refused('POST', '/api/v1/free-gifts', gift({ code: 'FG-X', min_purchase: -1 }), 400, 'min_purchase');
      await refused('POST', '/api/v1/free-gifts', gift(), 409, 'code');
    });

    it('edits with its version (409 when stale), updated_by shows the editor, and deletes', async () => {
      const created = await ok<FreeGiftDetail>('POST', '/api/v1/free-gifts', gift({ code: 'FG-EDIT' }));
      const superadmin = await h.tokenOf('superadmin');
      const { code: _c, ...body } = gift();
      const edited = await ok<FreeGiftDetail>(
        'PUT',
        `/api/v1/free-gifts/${created.id}`,
        { ...body, products: [{ product_id: products[1]!.id, quantity: 1 }, { product_id: products[2]!.id, quantity: 3 }], province_codes: ['51'], store_ids: [], version: 1 },
        superadmin,
      );
      expect(edited).toMatchObject({ product_count: 2, region_count: 1, store_count: 0, version: 2, created_by_name: 'Budi Santoso' });
      expect(edited.updated_by_name).not.toBe('Budi Santoso');
      expect((await h.call('PUT', `/api/v1/free-gifts/${created.id}`, { token: admin, body: { ...body, version: 1 } })).statusCode).toBe(409);
      expect((await h.call('PUT', `/api/v1/free-gifts/${created.id}`, { token: viewer, body: { ...body, version: 2 } })).statusCode).toBe(403);
      expect((await h.call('GET', '/api/v1/free-gifts', { token: agent })).statusCode).toBe(403);
      expect((await h.call('DELETE', `/api/v1/free-gifts/${created.id}?version=${edited.version}`, { token: admin })).statusCode).toBe(200);
    });

    it('adds uploaded stores by code inside the regions, all or none (the seam for the bulk store upload)', async () => {
      const service = new FreeGiftService(h.testDb.database.db);
      const created = await ok<FreeGiftDetail>('POST', '/api/v1/free-gifts', gift({ code: 'FG-UPLOAD', store_ids: [] }));
      const ctx = { actor: { userId: 1, name: 'Import' }, ip: null, now: new Date() };
      const inRegions = stores.filter((s) => s.province_code === '31' || s.province_code === '32');
      const result = await h.testDb.database.db.transaction((tx) => service.commitStoreUpload(tx, created.id, inRegions.map((s) => ({ store_code: s.code.toLowerCase() })), ctx));
      expect(result.added).toBe(inRegions.length);
      const after = await ok<FreeGiftDetail>('GET', `/api/v1/free-gifts/${created.id}`);
      expect(after.stores.map((s) => s.id).sort()).toEqual(inRegions.map((s) => s.id).sort());
      expect(after.version).toBe(2);
      const bali = stores.find((s) => s.province_code === '51')!;
      await expect(h.testDb.database.db.transaction((tx) => service.commitStoreUpload(tx, created.id, [{ store_code: bali.code }], ctx))).rejects.toThrow('outside the chosen regions');
      await expect(h.testDb.database.db.transaction((tx) => service.commitStoreUpload(tx, created.id, [{ store_code: 'NOPE' }], ctx))).rejects.toThrow('does not exist');
      expect((await ok<FreeGiftDetail>('GET', `/api/v1/free-gifts/${created.id}`)).version).toBe(2);
    });
  });
});
