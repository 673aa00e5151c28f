import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CouponSettingDetail, CouponSettingRow, ProductRow } from '@portal/contract';
import { useHarness } from '../../../test/harness.ts';

interface List<T> {
  data: T[];
  meta: { page: number; limit: number; total: number };
}

/** YYYY-MM-DD `days` from today in Asia/Jakarta. */
const day = (days: number) => new Date(Date.now() + 7 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
const URL = '/api/v1/coupon-settings';

describe('cms coupon settings', () => {
  const h = useHarness();
  let admin: string;
  let viewer: string;
  let agent: string;
  let products: ProductRow[];

  beforeAll(async () => {
    admin = await h.tokenOf('admin.cms');
    viewer = await h.tokenOf('viewer');
    agent = await h.tokenOf('cs.agent');
    products = (await h.call('GET', '/api/v1/products?limit=3&sort_by=plu&sort_dir=asc&status=1', { token: admin })).json<{ data: List<ProductRow> }>().data.data;
  });

  const ok = async <T>(method: string, url: string, body?: unknown, token = admin): Promise<T> => {
    const res = await h.call(method, url, { token, body });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: T }>().data;
  };
  const refused = async (method: string, url: string, body: unknown, status: number, path?: string, token = admin) => {
    const res = await h.call(method, url, { token, body });
    expect(res.statusCode, `${JSON.stringify(body)} → ${res.body}`).toBe(status);
    if (path) expect(res.json().details?.[0]?.path, res.body).toBe(path);
    return res.json<{ message: string }>();
  };

  const orderCoupon = (extra: Record<string, unknown> = {}) => ({
    name: 'Uji Sepuluh Persen',
    description: 'Diskon belanja akhir pekan',
    coupon_type: 2,
    promo_type: 1,
    discount_value: 10,
    max_discount: 25_000,
    min_purchase: 100_000,
    start_date: day(0),
    end_date: day(30),
    budget: 5_000_000,
    limit_per_consumer: 2,
    quota: 100,
    ...extra,
  });

  it('creates, reads, lists with filters, edits with the version and writes the audit', async () => {
    const created = await ok<CouponSettingDetail>('POST', URL, orderCoupon());
    expect(created).toMatchObject({ name: 'Uji Sepuluh Persen', coupon_type: 2, promo_type: 1, discount_value: 10, max_discount: 25_000, claimed: 0, targeting: 2, status: 1, version: 1, products: [] });

    const byPlu = await ok<CouponSettingDetail>(
      'POST',
      URL,
      orderCoupon({
        name: 'Uji Produk Per PLU',
        coupon_type: 3,
        promo_type: 2,
        discount_value: 5_000,
        max_discount: undefined,
        targeting: 1,
        member_scope: 1,
        province_codes: ['31'],
        products: [{ product_id: products[0]!.id, supplier: 'PT Sumber Pangan', coupon_amount: 1 }],
      }),
    );
    expect(byPlu.products).toEqual([
      { product_id: products[0]!.id, product_sku: products[0]!.plu, product_name: products[0]!.name, supplier: 'PT Sumber Pangan', normal_price: products[0]!.price, coupon_amount: 1 },
    ]);
    expect(byPlu).toMatchObject({ targeting: 1, member_scope: 1, province_codes: ['31'], product_count: 1 });

    const list = await ok<List<CouponSettingRow>>('GET', `${URL}?coupon_type=3&search=uji&sort_by=name&sort_dir=asc`);
    expect(list.data.map((r) => r.id)).toEqual([byPlu.id]);
    const searched = await ok<List<CouponSettingRow>>('GET', `${URL}?search=sepuluh&active_on=${day(1)}`);
    expect(searched.data.map((r) => r.id)).toEqual([created.id]);
    expect((await ok<List<CouponSettingRow>>('GET', `${URL}?search=uji&active_on=${day(40)}`)).data).toEqual([]);

    const edited = await ok<CouponSettingDetail>('PUT', `${URL}/${created.id}`, { ...orderCoupon({ promo_type: 2, discount_value: 20_000, max_discount: undefined, quota: 200 }), version: 1 });
    expect(edited).toMatchObject({ promo_type: 2, discount_value: 20_000, max_discount: null, quota: 200, version: 2 });
    const stale = await refused('PUT', `${URL}/${created.id}`, { ...orderCoupon(), version: 1 }, 409);
    expect(stale.message).toMatch(/changed/i);

    const audit = (await ok<List<{ id: number; action: string; entity_id: string }>>('GET', '/api/v1/log-history?entity=coupon-setting&limit=3')).data;
    expect(audit.map((a) => `${a.action}:${a.entity_id}`).sort()).toEqual([`create:${byPlu.id}`, `create:${created.id}`, `update:${created.id}`].sort());
  });

  it('refuses bad bodies with the field and a clear message', async () => {
    expect((await refused('POST', URL, orderCoupon({ discount_value: 150 }), 400, 'discount_value')).message).toMatch(/percentage discount is 1 to 100/);
    expect((await refused('POST', URL, orderCoupon({ max_discount: null }), 400, 'max_discount')).message).toMatch(/maximum discount/);
    expect((await refused('POST', URL, orderCoupon({ end_date: day(-1) }), 400, 'end_date')).message).toMatch(/before the start/);
    expect((await refused('POST', URL, orderCoupon({ coupon_type: 3 }), 400, 'products')).message).toMatch(/by-PLU coupon needs at least one product/);
    await refused('POST', URL, orderCoupon({ products: [{ product_id: products[0]!.id, coupon_amount: 1 }] }), 400, 'products');
    await refused('POST', URL, orderCoupon({ limit_per_consumer: 101 }), 400, 'limit_per_consumer');
    await refused('POST', URL, orderCoupon({ targeting: 1 }), 400, 'consumer_tag_ids');
    await refused('POST', URL, orderCoupon({ targeting: 1, province_codes: ['99'] }), 400, 'province_codes');
    await refused('POST', URL, orderCoupon({ coupon_type: 9 }), 400, 'coupon_type');
    await refused('POST', URL, { ...orderCoupon(), quota: 'many' }, 400, 'quota');
    const over = products[0]!.price + 1;
    expect(
      (await refused('POST', URL, orderCoupon({ coupon_type: 3, products: [{ product_id: products[0]!.id, coupon_amount: over }] }), 400, 'products')).message,
    ).toMatch(/above its normal price/);
    await refused('POST', URL, orderCoupon({ coupon_type: 3, products: [{ product_id: 2_000_000_000, coupon_amount: 1 }] }), 400, 'products');
    await refused('GET', `${URL}?sort_by=nope`, undefined, 400);
    await refused('GET', `${URL}/abc`, undefined, 400);
    await refused('GET', `${URL}/2000000000`, undefined, 404);
  });

  it('checks the right of each action: view-only and other roles are refused', async () => {
    const row = await ok<CouponSettingDetail>('POST', URL, orderCoupon({ name: 'Hak Akses' }));
    await ok('GET', `${URL}/${row.id}`, undefined, viewer);
    await refused('POST', URL, orderCoupon(), 403, undefined, viewer);
    await refused('PUT', `${URL}/${row.id}`, { ...orderCoupon(), version: row.version }, 403, undefined, viewer);
    await refused('GET', URL, undefined, 403, undefined, agent);
    await refused('POST', `${URL}/audience-estimate`, { targeting: 2 }, 403, undefined, agent);
    expect((await h.call('GET', URL)).statusCode).toBe(401);
  });

  it('estimates the audience of a coupon targeting as content does', async () => {
    const all = await ok<{ consumers: number }>('POST', `${URL}/audience-estimate`, { targeting: 2, member_scope: 0 });
    const jakarta = await ok<{ consumers: number }>('POST', `${URL}/audience-estimate`, { targeting: 1, province_codes: ['31'] });
    expect(all.consumers).toBeGreaterThanOrEqual(jakarta.consumers);
    await refused('POST', `${URL}/audience-estimate`, { targeting: 1 }, 400, 'consumer_tag_ids');
  });

  it('refuses a quota below what is already claimed, and deletes only unclaimed settings', async () => {
    const row = await ok<CouponSettingDetail>('POST', URL, orderCoupon({ name: 'Kuota', quota: 5, limit_per_consumer: 1 }));
    await h.testDb.database.db.execute(sql`update coupon_settings set claimed = 3 where id = ${row.id}`);
    expect((await refused('PUT', `${URL}/${row.id}`, { ...orderCoupon({ quota: 2, limit_per_consumer: 1 }), version: row.version }, 400, 'quota')).message).toMatch(/3 coupons already claimed/);
    await ok('DELETE', `${URL}/${row.id}?version=${row.version}`);
    await refused('GET', `${URL}/${row.id}`, undefined, 404);
  });
});
