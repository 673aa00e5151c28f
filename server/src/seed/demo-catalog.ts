import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client.ts';
import { GROCERY, groceryProducts } from './grocery-catalog.ts';

/** The catalog of `--scale N`: 20·N stores, 2,000·N products, each store carrying a fifth of them (N = 25: 500 stores, 50,000 products, 5,000,000 store products). */
export const catalogScale = (n: number) => ({ stores: Math.max(1, Math.round(20 * n)), products: Math.max(10, Math.round(2_000 * n)) });

/** How often a store carries a product: 1 in STORE_SHARE (deterministic on the two ids). */
const STORE_SHARE = 5;
const BATCH = 10_000;

const GROUPS = [
  ['JABODETABEK', 'Jabodetabek', 'Stores of Jakarta, Bogor, Depok, Tangerang and Bekasi'],
  ['JABAR', 'Jawa Barat', 'Stores of West Java outside Jabodetabek'],
  ['JATENG-DIY', 'Jawa Tengah & DIY', null],
  ['JATIM', 'Jawa Timur', null],
  ['SUMATERA', 'Sumatera', null],
  ['BALI-NUSRA', 'Bali & Nusa Tenggara', null],
  ['KALIMANTAN', 'Kalimantan', null],
  ['SULAWESI-PAPUA', 'Sulawesi, Maluku & Papua', null],
] as const;
const HOME_CITIES = [
  '31.71', '31.72', '31.73', '31.74', '31.75', '32.73', '35.78', '12.71', '36.71', '32.75', '33.74', '51.71', '73.71', '32.76', '36.74', '32.71', '34.71', '16.71', '35.73', '64.71',
];
const groupOf = (province: string): number => {
  const p = Number(province);
  if (p === 31 || p === 36) return 1;
  if (p === 32) return 2;
  if (p === 33 || p === 34) return 3;
  if (p === 35) return 4;
  if (p < 30) return 5;
  if (p >= 51 && p <= 53) return 6;
  if (p >= 61 && p <= 65) return 7;
  return 8;
};
const STREETS = ['Jl. Sudirman', 'Jl. Gatot Subroto', 'Jl. Diponegoro', 'Jl. Ahmad Yani', 'Jl. Gajah Mada', 'Jl. Pahlawan', 'Jl. Merdeka', 'Jl. Veteran', 'Jl. Imam Bonjol', 'Jl. Hayam Wuruk', 'Jl. Kartini', 'Jl. Pemuda'];

async function insertJson(db: Db, table: string, columns: string[], types: string[], rows: unknown[][]): Promise<void> {
  const pick = sql.raw(columns.map((_, i) => `(r->>${i})::${types[i]}`).join(', '));
  for (let i = 0; i < rows.length; i += BATCH) {
    await db.execute(sql`insert into ${sql.raw(table)} (${sql.raw(columns.join(', '))}) select ${pick} from json_array_elements(${JSON.stringify(rows.slice(i, i + BATCH))}::json) r`);
  }
}

/**
 * Categories, group stores, stores across the loaded regions, products and store products, deterministic for a scale.
 * Needs the region tables loaded (stores sit in real regencies, districts and villages). Returns the counts.
 */
export async function seedCatalog(db: Db, scale = 1, log: (m: string) => void = () => {}): Promise<{ stores: number; products: number; storeProducts: number }> {
  const size = catalogScale(scale);
  const regions = await queryRows<{ province_code: string; regency_code: string; regency_name: string; district_code: string | null; village_code: string | null }>(
    db,
    sql`select r.province_code, r.code as regency_code, r.name as regency_name,
          (select d.code from districts d where d.regency_code = r.code order by d.code limit 1) as district_code,
          (select v.code from villages v where v.district_code = (select d.code from districts d where d.regency_code = r.code order by d.code limit 1) order by v.code limit 1) as village_code
        from regencies r order by r.code`,
  );
  if (!regions.length) throw new Error('seedCatalog needs the region tables loaded');

  await db.transaction(async (tx) => {
    let position = 0;
    for (const parent of GROCERY) {
      position++;
      const [row] = await queryRows<{ id: number }>(
        tx,
        sql`insert into categories (code, name, position, description) values (${parent.code}, ${parent.name}, ${position}, ${`Semua produk ${parent.name.toLowerCase()}`}) returning id`,
      );
      let sub = 0;
      for (const s of parent.subs) {
        sub++;
        await tx.execute(sql`insert into categories (parent_id, code, name, position) values (${row!.id}, ${s.code}, ${s.name}, ${sub})`);
      }
    }
    for (const [code, name, description] of GROUPS) await tx.execute(sql`insert into group_stores (code, name, description) values (${code}, ${name}, ${description})`);
  });

  // The chain's home cities first (Jakarta, then the big cities of Java, Sumatra, Bali, Sulawesi and Kalimantan), then
  // the other Kota regencies, then the rest: a small scale's stores land in cities people know, spread over the regions.
  const rank = (r: { regency_code: string; regency_name: string }) => {
    const home = HOME_CITIES.indexOf(r.regency_code);
    return home >= 0 ? home : HOME_CITIES.length + (r.regency_name.startsWith('Kota ') ? 0 : 1);
  };
  const ordered = [...regions].sort((a, b) => rank(a) - rank(b) || a.regency_code.localeCompare(b.regency_code));
  const stores: unknown[][] = [];
  for (let i = 0; i < size.stores; i++) {
    const r = ordered[i % ordered.length]!;
    const city = r.regency_name.replace(/^(Kota|Kabupaten) (Administrasi )?/, '');
    const round = Math.floor(i / ordered.length);
    const delivery = i % 4 === 0 ? 1 : 2;
    stores.push([
      `S${String(i + 1).padStart(4, '0')}`,
      `Toko Segar ${city}${round ? ` ${round + 1}` : ''}`,
      `${STREETS[i % STREETS.length]} No. ${(i * 17) % 200 + 1}, ${city}`,
      r.province_code,
      r.regency_code,
      r.district_code,
      r.village_code,
      `0${21 + (i % 70)}${String(5_000_000 + ((i * 7919) % 4_999_999)).padStart(7, '0')}`,
      delivery,
      groupOf(r.province_code),
      i % 23 === 22 ? 2 : 1,
    ]);
  }
  await insertJson(
    db,
    'stores',
    ['code', 'name', 'address', 'province_code', 'regency_code', 'district_code', 'village_code', 'phone', 'delivery_mode', 'group_store_id', 'status'],
    ['text', 'text', 'text', 'text', 'text', 'text', 'text', 'text', 'smallint', 'int', 'smallint'],
    stores,
  );
  log(`stores: ${stores.length}`);

  const subIds = new Map((await queryRows<{ id: number; code: string }>(db, sql`select id, code from categories where parent_id is not null`)).map((c) => [c.code, Number(c.id)]));
  const products: unknown[][] = [];
  let n = 0;
  for (const p of groceryProducts(size.products)) {
    products.push([p.plu, p.barcode, p.name, p.brand, subIds.get(p.sub), p.product_category, p.uom, p.price, n % 97 === 96 ? 2 : 1]);
    n++;
    if (products.length === BATCH * 5) {
      await insertJson(db, 'products', ['plu', 'barcode', 'name', 'brand', 'category_id', 'product_category', 'uom', 'price', 'status'], ['text', 'text', 'text', 'text', 'int', 'smallint', 'text', 'bigint', 'smallint'], products);
      products.length = 0;
    }
  }
  await insertJson(db, 'products', ['plu', 'barcode', 'name', 'brand', 'category_id', 'product_category', 'uom', 'price', 'status'], ['text', 'text', 'text', 'text', 'int', 'smallint', 'text', 'bigint', 'smallint'], products);
  log(`products: ${n}`);

  // Each store carries a deterministic fifth of the products, at a price within ±5% of the list price.
  const storeIds = (await queryRows<{ id: number }>(db, sql`select id from stores order by id`)).map((s) => Number(s.id));
  for (let i = 0; i < storeIds.length; i += 25) {
    const slice = storeIds.slice(i, i + 25);
    await db.execute(sql`insert into store_products (store_id, product_id, price, promo_price, stock, is_active)
      select s.id, p.id,
             greatest(100, round(p.price * (100 + ((p.id * 31 + s.id * 17) % 11) - 5) / 10000.0) * 100)::bigint,
             case when (p.id + s.id * 3) % 13 = 0 then (round(p.price * 0.009) * 100)::bigint end,
             ((p.id * 13 + s.id * 7) % 250)::int,
             (p.id + s.id) % 29 <> 0
      from stores s cross join products p
      where s.id in (${sql.raw(slice.join(','))}) and (p.id * 7919 + s.id * 104729) % ${sql.raw(String(STORE_SHARE))} = 0`);
    log(`store products: stores ${i + slice.length}/${storeIds.length}`);
  }
  const [counts] = await queryRows<{ s: number; p: number; sp: number }>(
    db,
    sql`select (select count(*)::int from stores) s, (select count(*)::int from products) p, (select count(*)::int from store_products) sp`,
  );
  return { stores: Number(counts!.s), products: Number(counts!.p), storeProducts: Number(counts!.sp) };
}
