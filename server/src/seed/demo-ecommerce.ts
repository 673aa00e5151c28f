import { sql } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../db/client.ts';

/** YYYY-MM-DD of `now` in Asia/Jakarta, moved by `days`. */
function jakartaDay(now: Date, days = 0): string {
  const d = new Date(now.getTime() + 7 * 3600_000 + days * 86_400_000);
  return d.toISOString().slice(0, 10);
}

const PLANOGRAMS = [
  { title: 'Promo Gajian Akhir Bulan', content_type: 0, display_location: 0, member_scope: 0, priority: 1, from: -3, to: 10, subs: [], products: ['MINYAK', 'BERAS', 'GULA'] },
  { title: 'Katalog Hemat Mingguan', content_type: 1, display_location: 1, member_scope: 0, priority: 2, from: -1, to: 6, subs: ['SUSU', 'MI', 'KOPI', 'BISKUIT'], products: [] },
  { title: 'Resep Nasi Goreng Kampung', content_type: 3, display_location: 2, member_scope: 0, priority: 3, from: -10, to: 20, subs: ['BUMBU', 'KECAP'], products: ['TELUR', 'KECAP'] },
  { title: 'Tips Menyimpan Sayur Tetap Segar', content_type: 4, display_location: 0, member_scope: 1, priority: 5, from: 0, to: 30, subs: ['SAYUR', 'BUAH'], products: [] },
  { title: 'Banner Promo Belanja Bulanan', content_type: 7, display_location: 0, member_scope: 1, priority: 4, from: 5, to: 35, subs: [], products: ['DETERJEN', 'TISU'] },
] as const;

const PROMOS = [
  { code: 'MINYAK10', name: 'Diskon 10% Minyak Goreng', promo_type: 1, value: 10, channel: 2, member_scope: 1, min: 50_000, max: 15_000, from: -2, to: 12, subs: ['MINYAK'], stores: 0, phones: [] },
  { code: 'SEMBAKO5K', name: 'Potongan Rp5.000 Belanja Sembako', promo_type: 2, value: 5_000, channel: 1, member_scope: 0, min: 75_000, max: null, from: 0, to: 14, subs: ['BERAS', 'GULA', 'TEPUNG'], stores: 3, phones: [] },
  { code: 'SUSU20', name: 'Hemat 20% Susu UHT', promo_type: 1, value: 20, channel: 2, member_scope: 0, min: 0, max: 25_000, from: 3, to: 17, subs: ['SUSU'], stores: 0, phones: [] },
  { code: 'MEMBER-VIP', name: 'Voucher Rp25.000 Member Pilihan', promo_type: 2, value: 25_000, channel: 2, member_scope: 1, min: 200_000, max: null, from: -20, to: -1, subs: [], stores: 0, phones: ['6281234567001', '6281234567002', '6285712340003'] },
] as const;

const FREE_GIFTS = [
  { code: 'FG-GULA-300K', name: 'Gratis Gula 1 kg Belanja Rp300.000', min: 300_000, from: -1, to: 13, gifts: [['GULA', 1]], provinces: 2, storesPerProvince: 2 },
  { code: 'FG-TISU-150K', name: 'Gratis Tisu Belanja Rp150.000', min: 150_000, from: 0, to: 6, gifts: [['TISU', 2]], provinces: 1, storesPerProvince: 0 },
  { code: 'FG-RAMADAN', name: 'Paket Sirup & Biskuit Gratis', min: 500_000, from: 20, to: 40, gifts: [['SIRUP', 1], ['BISKUIT', 2]], provinces: 3, storesPerProvince: 1 },
] as const;

const MAX_PURCHASES = [
  { sub: 'MINYAK', nth: 0, max: 2, daily: 4, from: -5, to: 25 },
  { sub: 'MINYAK', nth: 1, max: 2, daily: null, from: -5, to: 25 },
  { sub: 'BERAS', nth: 0, max: 3, daily: 6, from: 0, to: 30 },
  { sub: 'GULA', nth: 0, max: 5, daily: 10, from: -30, to: -2 },
  { sub: 'TELUR', nth: 0, max: 4, daily: null, from: 2, to: 16 },
] as const;

async function productsOf(tx: Tx, sub: string, limit: number): Promise<{ id: number; price: number }[]> {
  const rows = await queryRows<{ id: number; price: number }>(
    tx,
    sql`select p.id, p.price from products p join categories c on c.id = p.category_id where c.code = ${sub} and p.status = 1 order by p.plu limit ${limit}`,
  );
  return rows.map((r) => ({ id: Number(r.id), price: Number(r.price) }));
}

/**
 * Demo rows of the e-commerce and promo screens, after the catalog: which stores offer which delivery method,
 * planograms with synced sub categories and products, promos, free gifts, max-purchase limits and master promo prices.
 * Deterministic for a day: periods are relative to `now` (Asia/Jakarta); products are taken by sub category and PLU.
 */
export async function seedEcommerce(db: Db, now = new Date()): Promise<void> {
  const day = (n: number) => jakartaDay(now, n);
  await db.transaction(async (tx) => {
    const admin = (await queryRows<{ id: number }>(tx, sql`select id from users where username = 'admin.cms'`))[0]?.id ?? null;
    const root = (await queryRows<{ id: number }>(tx, sql`select id from users where username = 'superadmin'`))[0]?.id ?? admin;

    // Every store offers pick-up and the regular courier; 3PL stores also same day and instant.
    await tx.execute(sql`insert into store_delivery_methods (store_id, delivery_method_id)
      select s.id, m.id from stores s join delivery_methods m on m.code in ('PICKUP', 'REGULER') or (s.delivery_mode = 1 and m.code in ('SAMEDAY', 'INSTANT'))
      on conflict do nothing`);

    let position = 0;
    for (const p of PLANOGRAMS) {
      position++;
      const [row] = await queryRows<{ id: number }>(
        tx,
        sql`insert into planograms (title, content_type, display_location, member_scope, start_date, end_date, priority, position, description, created_by, updated_by)
            values (${p.title}, ${p.content_type}, ${p.display_location}, ${p.member_scope}, ${day(p.from)}, ${day(p.to)}, ${p.priority}, ${position},
                    ${`Konten ${p.title.toLowerCase()} untuk aplikasi`}, ${admin}, ${admin}) returning id`,
      );
      for (const sub of p.subs) {
        await tx.execute(sql`insert into planogram_sub_categories (planogram_id, category_id) select ${row!.id}, id from categories where code = ${sub} and parent_id is not null`);
      }
      for (const sub of p.products) {
        for (const product of await productsOf(tx, sub, 3)) {
          await tx.execute(sql`insert into planogram_products (planogram_id, product_id) values (${row!.id}, ${product.id}) on conflict do nothing`);
        }
      }
    }

    const stores = await queryRows<{ id: number; province_code: string }>(tx, sql`select id, province_code from stores where status = 1 order by code`);
    for (const p of PROMOS) {
      const [row] = await queryRows<{ id: number }>(
        tx,
        sql`insert into promos (code, name, description, promo_type, value, channel, member_scope, start_date, end_date, min_purchase, max_discount, created_by, updated_by)
            values (${p.code}, ${p.name}, ${`Syarat dan ketentuan berlaku. ${p.name}.`}, ${p.promo_type}, ${p.value}, ${p.channel}, ${p.member_scope},
                    ${day(p.from)}, ${day(p.to)}, ${p.min}, ${p.max}, ${admin}, ${admin}) returning id`,
      );
      for (const sub of p.subs) {
        for (const product of await productsOf(tx, sub, 5)) await tx.execute(sql`insert into promo_products (promo_id, product_id) values (${row!.id}, ${product.id})`);
      }
      for (const store of stores.slice(0, p.stores)) await tx.execute(sql`insert into promo_stores (promo_id, store_id) values (${row!.id}, ${store.id})`);
      for (const phone of p.phones) await tx.execute(sql`insert into promo_consumers (promo_id, phone) values (${row!.id}, ${phone})`);
    }

    const provinces = [...new Set(stores.map((s) => s.province_code))].sort();
    for (const f of FREE_GIFTS) {
      const [row] = await queryRows<{ id: number }>(
        tx,
        sql`insert into free_gifts (code, name, description, min_purchase, start_date, end_date, created_by, updated_by)
            values (${f.code}, ${f.name}, ${'Berlaku selama persediaan masih ada, satu hadiah per transaksi.'}, ${f.min}, ${day(f.from)}, ${day(f.to)}, ${admin}, ${root}) returning id`,
      );
      for (const [sub, quantity] of f.gifts) {
        const [product] = await productsOf(tx, sub, 1);
        if (product) await tx.execute(sql`insert into free_gift_products (free_gift_id, product_id, quantity) values (${row!.id}, ${product.id}, ${quantity})`);
      }
      for (const province of provinces.slice(0, f.provinces)) {
        await tx.execute(sql`insert into free_gift_regions (free_gift_id, province_code) values (${row!.id}, ${province})`);
        for (const store of stores.filter((s) => s.province_code === province).slice(0, f.storesPerProvince)) {
          await tx.execute(sql`insert into free_gift_stores (free_gift_id, store_id) values (${row!.id}, ${store.id})`);
        }
      }
    }

    for (const m of MAX_PURCHASES) {
      const product = (await productsOf(tx, m.sub, m.nth + 1))[m.nth];
      if (!product) continue;
      await tx.execute(sql`insert into max_purchase_limitations (product_id, max_qty, daily_limit, start_date, end_date, status, created_by, updated_by)
        values (${product.id}, ${m.max}, ${m.daily}, ${day(m.from)}, ${day(m.to)}, ${m.to < 0 ? 2 : 1}, ${root}, ${root})`);
    }

    // Master promo: 10% off (rounded down to Rp100) of two products in each of a few sub categories, this fortnight.
    for (const [i, sub] of ['BERAS', 'MINYAK', 'GULA', 'MI', 'SUSU', 'KOPI', 'DETERJEN', 'SABUN'].entries()) {
      for (const product of await productsOf(tx, sub, 2)) {
        const promo = Math.floor((product.price * 0.9) / 100) * 100;
        if (promo < 1 || promo >= product.price) continue;
        await tx.execute(sql`insert into master_promos (product_id, promo_price, start_date, end_date, created_by, updated_by)
          values (${product.id}, ${promo}, ${day(-(i % 3))}, ${day(13 - (i % 3))}, ${root}, ${root})`);
      }
    }
  });
}
