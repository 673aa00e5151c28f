import { sql } from 'drizzle-orm';
import { jakartaDay, type CouponSettingCreate } from '@portal/contract';
import { queryRows, type Db } from '../db/client.ts';
import type { AuditContext } from '../platform/audit.ts';
import { AppError } from '../platform/errors.ts';
import { CouponClaimService } from '../domains/loyalty/coupon-claim.service.ts';
import { CouponSettingService } from '../domains/loyalty/coupon-setting.resource.ts';

const dayFrom = (now: Date, days: number) => jakartaDay(new Date(now.getTime() + days * 86_400_000));

/**
 * Demo coupon settings made by the coupon service (as the CMS admin), and claims made by the claim service for a few
 * dozen consumers, some used at a store: the same code paths the API takes, so quotas, limits and audit entries hold.
 */
export async function seedCoupons(db: Db, now = new Date()): Promise<void> {
  const admin = (await queryRows<{ id: number; name: string }>(db, sql`select id, name from users where username = 'admin.cms'`))[0];
  if (!admin) return;
  const ctx: AuditContext = { actor: { userId: Number(admin.id), name: admin.name }, ip: null, now };
  const settings = new CouponSettingService(db);
  const claims = new CouponClaimService(db);
  const products = await queryRows<{ id: number; price: number | string }>(db, sql`select id, price from products where status = 1 and price >= 10000 order by plu limit 3`);

  const bodies: CouponSettingCreate[] = [
    { name: 'Gratis Ongkir Akhir Pekan', description: 'Potongan ongkos kirim belanja online', coupon_type: 1, promo_type: 2, discount_value: 15_000, min_purchase: 100_000, targeting: 2, member_scope: 0, consumer_tag_ids: [], province_codes: [], start_date: dayFrom(now, -3), end_date: dayFrom(now, 27), budget: 15_000_000, limit_per_consumer: 2, quota: 1_000, status: 1, products: [] },
    { name: 'Hemat 10% Belanja Bulanan', description: 'Diskon 10% hingga Rp25.000', coupon_type: 2, promo_type: 1, discount_value: 10, max_discount: 25_000, min_purchase: 150_000, targeting: 2, member_scope: 1, consumer_tag_ids: [], province_codes: [], start_date: dayFrom(now, -10), end_date: dayFrom(now, 20), budget: 25_000_000, limit_per_consumer: 1, quota: 500, status: 1, products: [] },
    { name: 'Kupon Lebaran (berakhir)', description: null, coupon_type: 2, promo_type: 2, discount_value: 20_000, min_purchase: 200_000, targeting: 2, member_scope: 0, consumer_tag_ids: [], province_codes: [], start_date: dayFrom(now, -60), end_date: dayFrom(now, -30), budget: 10_000_000, limit_per_consumer: 1, quota: 500, status: 1, products: [] },
  ];
  if (products.length) {
    bodies.push({
      name: 'Potongan Produk Pilihan',
      description: 'Potongan langsung untuk produk tertentu',
      coupon_type: 3,
      promo_type: 2,
      discount_value: 5_000,
      min_purchase: 0,
      targeting: 1,
      member_scope: 0,
      consumer_tag_ids: [],
      province_codes: ['31'],
      start_date: dayFrom(now, 0),
      end_date: dayFrom(now, 14),
      budget: 2_000_000,
      limit_per_consumer: 1,
      quota: 200,
      status: 1,
      products: products.map((p) => ({ product_id: Number(p.id), supplier: null, coupon_amount: Math.max(1, Math.round(Number(p.price) / 10)) })),
    });
  }
  const created = [];
  for (const body of bodies) created.push(await settings.create({ ...body }, ctx));

  // Claims of the open coupons by forty consumers (each one its targeting admits), every third one used at a store.
  const open = created.filter((c) => c.end_date >= dayFrom(now, 0) && c.start_date <= dayFrom(now, 0));
  const consumers = await queryRows<{ id: number }>(db, sql`select id from consumers where status = 1 order by id limit 40`);
  const [store] = await queryRows<{ id: number }>(db, sql`select id from stores order by id limit 1`);
  let n = 0;
  for (const consumer of consumers) {
    for (const coupon of open) {
      // A coupon its targeting does not offer this consumer is refused (422): skipped.
      const claim = await claims.claim(Number(consumer.id), coupon.id, now).catch((err: unknown) => {
        if (err instanceof AppError) return null;
        throw err;
      });
      if (!claim) continue;
      n++;
      if (store && n % 3 === 0) await claims.use(Number(consumer.id), claim.id, { store_id: Number(store.id), pos_receipt_no: `POS-CPN-${claim.id}` }, now);
    }
  }
}
