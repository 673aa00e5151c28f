import { sql } from 'drizzle-orm';
import { addDays, jakartaDay } from '@portal/contract';
import { queryRows, type Db } from '../db/client.ts';

/*
 * The demo's in-store promos and free gifts of the past year, so the Promo and Free Gift reports have a history to
 * show (the e-commerce seed's are of this fortnight, and mostly online). Each promo takes a sub category of the products
 * the demo's tills sell most; the tills apply them as they ring baskets up (demo-sales.ts). Only at the demo's full
 * scale: the tests' smaller demo keeps the e-commerce seed's promos alone.
 */

interface TillPromo {
  code: string;
  percent?: number;
  amount?: number;
  max?: number;
  min: number;
  members?: true;
  /** Days from today (Asia/Jakarta), both inclusive. */
  from: number;
  to: number;
  /** The sub category of the n-th best-selling product. */
  nth: number;
  /** Only at the first stores (by code); none: every store. */
  stores?: number;
}

const TILL_PROMOS: readonly TillPromo[] = [
  { code: 'TOKO-HEMAT10', percent: 10, max: 10_000, min: 0, from: -380, to: -355, nth: 0 },
  { code: 'TOKO-POTONG3K', amount: 3_000, min: 30_000, from: -330, to: -300, nth: 1 },
  { code: 'TOKO-GAJIAN15', percent: 15, max: 15_000, min: 50_000, from: -275, to: -250, nth: 2 },
  { code: 'TOKO-LEBARAN20', percent: 20, max: 25_000, min: 0, from: -220, to: -190, nth: 3, stores: 6 },
  { code: 'TOKO-MEMBER10', percent: 10, max: 20_000, min: 0, members: true, from: -165, to: -130, nth: 4 },
  { code: 'TOKO-POTONG5K', amount: 5_000, min: 75_000, from: -110, to: -80, nth: 5 },
  { code: 'TOKO-AKHIRTAHUN', percent: 12, max: 12_000, min: 0, from: -60, to: -35, nth: 6 },
  { code: 'TOKO-MINGGUINI', percent: 10, max: 15_000, min: 0, from: -12, to: 9, nth: 7 },
];

const TILL_GIFTS = [
  { code: 'FG-TOKO-200K', name: 'Gratis 1 Produk Pilihan Belanja Rp200.000', min: 200_000, from: -240, to: -200, nth: 10 },
  { code: 'FG-TOKO-250K', name: 'Hadiah Langsung Belanja Rp250.000', min: 250_000, from: -90, to: -50, nth: 11 },
  { code: 'FG-TOKO-150K', name: 'Gratis Camilan Belanja Rp150.000', min: 150_000, from: -20, to: 10, nth: 12 },
] as const;

/** The demo tills' in-store promos and free gifts (see above), once; at the demo's full scale only. */
export async function seedTillOffers(db: Db, now: Date): Promise<void> {
  if ((await queryRows(db, sql`select 1 from promos where code = ${TILL_PROMOS[0]!.code}`)).length) return;
  const today = jakartaDay(now);
  // What the tills sell most: the demo's baskets favour the lowest product ids (demo-sales.ts).
  const popular = await queryRows<{ id: number; category_id: number; sub: string }>(
    db,
    sql`select p.id, p.category_id, c.name as sub from products p join categories c on c.id = p.category_id where p.status = 1 and p.price > 0 order by p.id limit 600`,
  );
  const subs = [...new Map(popular.map((p) => [Number(p.category_id), p.sub])).entries()];
  if (!subs.length) return;
  const admin = (await queryRows<{ id: number }>(db, sql`select id from users where username = 'admin.cms'`))[0]?.id ?? null;
  await db.transaction(async (tx) => {
    for (const p of TILL_PROMOS) {
      const [categoryId, sub] = subs[p.nth % subs.length]!;
      const name = p.percent ? `Hemat ${p.percent}% ${sub} di Toko` : `Potongan Rp${p.amount!.toLocaleString('id-ID')} ${sub} di Toko`;
      const [row] = await queryRows<{ id: number }>(
        tx,
        sql`insert into promos (code, name, description, promo_type, value, channel, member_scope, start_date, end_date, min_purchase, max_discount, created_by, updated_by)
          values (${p.code}, ${name}, ${`Berlaku di kasir toko. ${name}.`}, ${p.percent ? 1 : 2}, ${p.percent ?? p.amount!}, 1, ${p.members ? 1 : 0},
            ${addDays(today, p.from)}, ${addDays(today, p.to)}, ${p.min}, ${p.percent ? (p.max ?? null) : null}, ${admin}, ${admin}) returning id`,
      );
      const ids = popular.filter((x) => Number(x.category_id) === categoryId).map((x) => Number(x.id));
      await tx.execute(sql`insert into promo_products (promo_id, product_id) select ${row!.id}, (json_array_elements_text(${JSON.stringify(ids)}::json))::int`);
      if (p.stores) await tx.execute(sql`insert into promo_stores (promo_id, store_id) select ${row!.id}, id from stores where status = 1 order by code limit ${p.stores}`);
    }
    for (const g of TILL_GIFTS) {
      const [row] = await queryRows<{ id: number }>(
        tx,
        sql`insert into free_gifts (code, name, description, min_purchase, start_date, end_date, created_by, updated_by)
          values (${g.code}, ${g.name}, ${'Satu hadiah per transaksi, selama persediaan masih ada.'}, ${g.min}, ${addDays(today, g.from)}, ${addDays(today, g.to)}, ${admin}, ${admin}) returning id`,
      );
      const gift = popular[g.nth % popular.length]!;
      await tx.execute(sql`insert into free_gift_products (free_gift_id, product_id, quantity) values (${row!.id}, ${gift.id}, 1)`);
      // Every store of every region the chain has stores in.
      await tx.execute(sql`insert into free_gift_regions (free_gift_id, province_code) select distinct ${row!.id}::int, province_code from stores where status = 1`);
    }
  });
}
