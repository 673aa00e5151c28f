import { beforeAll, describe, expect, it } from 'vitest';
import type { MasterPromoRow, MaxPurchaseRow, ProductRow } from '@portal/contract';
import { useHarness } from '../../../test/harness.ts';
import { MasterPromoService } from './master-promo.resource.ts';

interface List<T> {
  data: T[];
  meta: { page: number; limit: number; total: number };
}

/** YYYY-MM-DD `days` from today in Asia/Jakarta, the calendar the demo seed's periods use. */
const day = (days: number) => new Date(Date.now() + 7 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
const PASSWORD = 'Orion@12345';

describe('orion max-purchase limitation and master promo', () => {
  const h = useHarness();
  let root: string;
  /** A role holding only view on the two orion entries. */
  let reader: string;
  let admin: string;
  let agent: string;
  let products: ProductRow[];

  beforeAll(async () => {
    root = await h.tokenOf('superadmin');
    admin = await h.tokenOf('admin.cms');
    agent = await h.tokenOf('cs.agent');
    const role = await h.call('POST', '/api/v1/role/add', {
      token: root,
      body: { name: 'Orion Reader', permissions: [{ entry: 'orion.max-purchase-limitation', action: 'view' }, { entry: 'orion.master-promo', action: 'view' }] },
    });
    expect(role.statusCode, role.body).toBe(200);
    const user = await h.call('POST', '/api/v1/user', {
      token: root,
      body: { username: 'orion.reader', email: 'orion.reader@staff.local', name: 'Orion Reader', role_id: role.json().data.id, password: PASSWORD },
    });
    expect(user.statusCode, user.body).toBe(200);
    reader = await h.tokenOf('orion.reader', PASSWORD);
    products = (await h.call('GET', '/api/v1/products?limit=20&sort_by=plu&sort_dir=desc&status=1', { token: root })).json<{ data: List<ProductRow> }>().data.data;
  });

  const ok = async <T>(method: string, url: string, body?: unknown, token = root): Promise<T> => {
    const res = await h.call(method, url, { token, body });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: T }>().data;
  };
  const refused = async (method: string, url: string, body: unknown, status: number, path?: string) => {
    const res = await h.call(method, url, { token: root, body });
    expect(res.statusCode, `${JSON.stringify(body)} → ${res.body}`).toBe(status);
    if (path) expect(res.json().details?.[0]?.path, res.body).toBe(path);
    return res.json<{ message: string; details?: { path: string; message: string }[] }>();
  };

  describe('max-purchase limitations', () => {
    const rule = (product: ProductRow, extra: Record<string, unknown> = {}) => ({ product_id: product.id, max_qty: 3, daily_limit: 6, start_date: day(0), end_date: day(30), ...extra });

    it('lists the seeded rules with product, filters and search', async () => {
      const all = await ok<List<MaxPurchaseRow>>('GET', '/api/v1/max-purchase-limitations?limit=100');
      expect(all.meta.total).toBeGreaterThanOrEqual(4);
      expect(all.data.every((r) => r.plu && r.product_name)).toBe(true);
      const inactive = await ok<List<MaxPurchaseRow>>('GET', '/api/v1/max-purchase-limitations?status=2');
      expect(inactive.data.every((r) => r.status === 2)).toBe(true);
      const first = all.data[0]!;
      const byProduct = await ok<List<MaxPurchaseRow>>(`GET`, `/api/v1/max-purchase-limitations?product_id=${first.product_id}`);
      expect(byProduct.data.every((r) => r.product_id === first.product_id)).toBe(true);
      const byPlu = await ok<List<MaxPurchaseRow>>('GET', `/api/v1/max-purchase-limitations?search=${first.plu}`);
      expect(byPlu.data.map((r) => r.id)).toContain(first.id);
      const today = await ok<List<MaxPurchaseRow>>('GET', `/api/v1/max-purchase-limitations?active_on=${day(0)}&limit=100`);
      expect(today.data.every((r) => r.start_date <= day(0) && r.end_date >= day(0))).toBe(true);
      const byQty = await ok<List<MaxPurchaseRow>>('GET', '/api/v1/max-purchase-limitations?sort_by=max_qty&sort_dir=asc&limit=100');
      expect(byQty.data.map((r) => r.max_qty)).toEqual(byQty.data.map((r) => r.max_qty).sort((a, b) => a - b));
    });

    it('creates, edits with its version and deletes a rule; one active rule per product per overlapping period (409)', async () => {
      const product = products[0]!;
      const created = await ok<MaxPurchaseRow>('POST', '/api/v1/max-purchase-limitations', rule(product));
      expect(created).toMatchObject({ product_id: product.id, plu: product.plu, max_qty: 3, daily_limit: 6, status: 1, version: 1 });

      const overlap = await refused('POST', '/api/v1/max-purchase-limitations', rule(product, { start_date: day(30), end_date: day(40) }), 409, 'product_id');
      expect(overlap.message).toContain(product.plu);
      // A later period, or an inactive rule, does not clash.
      const later = await ok<MaxPurchaseRow>('POST', '/api/v1/max-purchase-limitations', rule(product, { start_date: day(31), end_date: day(40) }));
      const inactive = await ok<MaxPurchaseRow>('POST', '/api/v1/max-purchase-limitations', rule(product, { status: 2 }));
      // ...until it is switched on over an active period.
      await refused('PUT', `/api/v1/max-purchase-limitations/${inactive.id}`, { ...rule(product), status: 1, version: 1 }, 409, 'product_id');
      // Moving a rule within its own period is no clash with itself.
      const moved = await ok<MaxPurchaseRow>('PUT', `/api/v1/max-purchase-limitations/${created.id}`, { ...rule(product, { max_qty: 2, daily_limit: null, end_date: day(29) }), version: 1 });
      expect(moved).toMatchObject({ max_qty: 2, daily_limit: null, version: 2 });
      expect((await h.call('PUT', `/api/v1/max-purchase-limitations/${created.id}`, { token: root, body: { ...rule(product), version: 1 } })).statusCode).toBe(409);
      expect((await h.call('DELETE', `/api/v1/max-purchase-limitations/${later.id}?version=${later.version}`, { token: root })).statusCode).toBe(200);
      expect((await h.call('GET', `/api/v1/max-purchase-limitations/${later.id}`, { token: root })).statusCode).toBe(404);
    });

    it('refuses bad input with 400 on the field', async () => {
      const product = products[1]!;
      await refused('POST', '/api/v1/max-purchase-limitations', rule(product, { max_qty: 0 }), 400, 'max_qty');
      await refused('POST', '/api/v1/max-purchase-limitations', rule(product, { max_qty: 1000 }), 400, 'max_qty');
      await refused('POST', '/api/v1/max-purchase-limitations', rule(product, { max_qty: 5, daily_limit: 4 }), 400, 'daily_limit');
      await refused('POST', '/api/v1/max-purchase-limitations', rule(product, { end_date: day(-1) }), 400, 'end_date');
      await refused('POST', '/api/v1/max-purchase-limitations', rule(product, { product_id: 999999 }), 400, 'product_id');
      await refused('POST', '/api/v1/max-purchase-limitations', rule(product, { max_qty: 2.5 }), 400, 'max_qty');
      await refused('POST', '/api/v1/max-purchase-limitations', rule(product, { plu: product.plu }), 400);
    });

    it('lets a view-only role read but not write, and refuses the cms roles', async () => {
      const [first] = (await ok<List<MaxPurchaseRow>>('GET', '/api/v1/max-purchase-limitations?limit=1', undefined, reader)).data;
      expect((await h.call('POST', '/api/v1/max-purchase-limitations', { token: reader, body: rule(products[2]!) })).statusCode).toBe(403);
      expect((await h.call('DELETE', `/api/v1/max-purchase-limitations/${first!.id}?version=${first!.version}`, { token: reader })).statusCode).toBe(403);
      expect((await h.call('GET', '/api/v1/max-purchase-limitations', { token: agent })).statusCode).toBe(403);
      expect((await h.call('GET', '/api/v1/max-purchase-limitations', { token: admin })).statusCode).toBe(403);
    });
  });

  describe('master promo', () => {
    it('lists promo prices with the normal price from the product and the percent off', async () => {
      const list = await ok<List<MasterPromoRow>>('GET', '/api/v1/master-promos?limit=100');
      expect(list.meta.total).toBeGreaterThan(5);
      for (const r of list.data) {
        expect(r.promo_price).toBeLessThan(r.normal_price);
        expect(r.discount_percent).toBe(Math.round(((r.normal_price - r.promo_price) * 100) / r.normal_price));
      }
      const byPrice = await ok<List<MasterPromoRow>>('GET', '/api/v1/master-promos?sort_by=promo_price&sort_dir=asc&limit=100');
      expect(byPrice.data.map((r) => r.promo_price)).toEqual(byPrice.data.map((r) => r.promo_price).sort((a, b) => a - b));
      const first = list.data[0]!;
      expect((await ok<List<MasterPromoRow>>('GET', `/api/v1/master-promos?search=${first.plu}`)).data[0]!.id).toBe(first.id);
      // No create or delete: rows arrive by import.
      expect((await h.call('POST', '/api/v1/master-promos', { token: root, body: {} })).statusCode).toBe(404);
      expect((await h.call('DELETE', `/api/v1/master-promos/${first.id}?version=${first.version}`, { token: root })).statusCode).toBe(404);
    });

    it('edits one row with its version; the promo price must stay below the normal price', async () => {
      const [row] = (await ok<List<MasterPromoRow>>('GET', '/api/v1/master-promos?limit=1&sort_by=plu&sort_dir=asc')).data;
      const body = { promo_price: row!.normal_price - 100, start_date: row!.start_date, end_date: row!.end_date, status: 1, version: row!.version };
      const saved = await ok<MasterPromoRow>('PUT', `/api/v1/master-promos/${row!.id}`, body);
      expect(saved).toMatchObject({ promo_price: row!.normal_price - 100, version: row!.version + 1 });
      const stale = await refused('PUT', `/api/v1/master-promos/${row!.id}`, body, 409);
      expect(stale.message).toMatch(/changed by/);
      const tooHigh = await refused('PUT', `/api/v1/master-promos/${row!.id}`, { ...body, promo_price: row!.normal_price, version: saved.version }, 400, 'promo_price');
      expect(tooHigh.message).toContain('below the normal price');
      await refused('PUT', `/api/v1/master-promos/${row!.id}`, { ...body, promo_price: 0, version: saved.version }, 400, 'promo_price');
      await refused('PUT', `/api/v1/master-promos/${row!.id}`, { ...body, end_date: '2020-01-01', version: saved.version }, 400, 'end_date');
      await refused('PUT', `/api/v1/master-promos/${row!.id}`, { ...body, product_id: 1, version: saved.version }, 400);
      expect((await h.call('PUT', `/api/v1/master-promos/${row!.id}`, { token: reader, body: { ...body, version: saved.version } })).statusCode).toBe(403);
      expect((await h.call('GET', '/api/v1/master-promos', { token: reader })).statusCode).toBe(200);
      expect((await h.call('GET', '/api/v1/master-promos', { token: agent })).statusCode).toBe(403);
    });

    it('saves a bulk edit all or nothing, naming the row whose version is stale', async () => {
      const rows = (await ok<List<MasterPromoRow>>('GET', '/api/v1/master-promos?limit=3&sort_by=plu&sort_dir=desc')).data;
      expect(rows).toHaveLength(3);
      const items = rows.map((r) => ({ id: r.id, promo_price: r.promo_price - 100, start_date: r.start_date, end_date: r.end_date, version: r.version }));

      // The third row is stale: nothing is saved, and the message names it.
      const stale = await refused('PUT', '/api/v1/master-promos/bulk', { items: items.map((it, i) => (i === 2 ? { ...it, version: it.version + 5 } : it)) }, 409);
      expect(stale.message).toContain(`Row 3 (PLU ${rows[2]!.plu})`);
      const unchanged = (await ok<List<MasterPromoRow>>('GET', '/api/v1/master-promos?limit=3&sort_by=plu&sort_dir=desc')).data;
      expect(unchanged.map((r) => [r.promo_price, r.version])).toEqual(rows.map((r) => [r.promo_price, r.version]));

      // A broken rule on one row refuses the whole request with the row's field.
      const tooHigh = await refused('PUT', '/api/v1/master-promos/bulk', { items: items.map((it, i) => (i === 1 ? { ...it, promo_price: rows[1]!.normal_price + 1 } : it)) }, 400);
      expect(tooHigh.details?.[0]?.path).toBe('items.1.promo_price');
      await refused('PUT', '/api/v1/master-promos/bulk', { items: [items[0], items[0]] }, 400, 'items');
      await refused('PUT', '/api/v1/master-promos/bulk', { items: [] }, 400, 'items');
      await refused('PUT', '/api/v1/master-promos/bulk', { items: [{ ...items[0], id: 999999 }] }, 404);

      const saved = await ok<MasterPromoRow[]>('PUT', '/api/v1/master-promos/bulk', { items });
      expect(saved.map((r) => [r.id, r.promo_price, r.version])).toEqual(rows.map((r) => [r.id, r.promo_price - 100, r.version + 1]));
      const audits = (await ok<List<{ entity: string; action: string }>>('GET', '/api/v1/log-history?entity=master-promo&limit=10')).data;
      expect(audits.filter((a) => a.action === 'update').length).toBeGreaterThanOrEqual(3);
      expect((await h.call('PUT', '/api/v1/master-promos/bulk', { token: reader, body: { items } })).statusCode).toBe(403);
    });

    it('commits validated import rows by PLU all or none (the seam for the master promo import)', async () => {
      const service = new MasterPromoService(h.testDb.database.db);
      const ctx = { actor: { userId: 1, name: 'Import' }, ip: null, now: new Date() };
      const [a, b] = [products[10]!, products[11]!];
      const rows = [
        { plu: a.plu, promo_price: a.price - 100, start_date: day(60), end_date: day(70) },
        { plu: b.plu, promo_price: b.price - 100, start_date: day(60), end_date: day(70) },
      ];
      await h.testDb.database.db.transaction((tx) => service.commitImportRows(tx, rows, ctx));
      expect((await ok<List<MasterPromoRow>>('GET', `/api/v1/master-promos?product_id=${a.id}&active_on=${day(65)}`)).meta.total).toBe(1);
      // An overlapping row refuses the whole import.
      const clash = [{ plu: products[12]!.plu, promo_price: products[12]!.price - 100, start_date: day(60), end_date: day(70) }, rows[0]!];
      await expect(h.testDb.database.db.transaction((tx) => service.commitImportRows(tx, clash, ctx))).rejects.toThrow('overlaps');
      expect((await ok<List<MasterPromoRow>>('GET', `/api/v1/master-promos?product_id=${products[12]!.id}`)).meta.total).toBe(0);
    });
  });
});
