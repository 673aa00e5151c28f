import { sql, type SQL } from 'drizzle-orm';
import { buildApp } from '../../server/src/app.ts';
import { loadConfig } from '../../server/src/config.ts';
import { queryRows, type Db } from '../../server/src/db/client.ts';
import { productDef } from '../../server/src/domains/catalog/product.resource.ts';
import { loadRegions } from '../../server/src/domains/catalog/regions.loader.ts';
import { storeProductDef } from '../../server/src/domains/catalog/store-product.resource.ts';
import { catalogScale, seedCatalog } from '../../server/src/seed/demo-catalog.ts';
import { seedIdentity } from '../../server/src/seed/demo-identity.ts';
import { benchDatabase, report, timeIt } from '../support.ts';

/** The same page and capped count the list service runs, as raw SQL (the baseline without HTTP, guard and mapping). */
async function rawPage(db: Db, select: SQL, from: SQL, where: SQL, order: SQL, countFrom?: SQL): Promise<void> {
  await queryRows(db, sql`${select} ${from} ${where} order by ${order} limit 10`);
  await queryRows(db, sql`select count(*) from (select 1 ${countFrom ?? from} ${where} limit 10001) c`);
}

/**
 * Product and store-product lists at the benchmark scale (scale 25: 500 stores, 50,000 products, 5,000,000 store
 * products): the first page with each offered filter and sort, total included, through HTTP beside the same query as
 * raw SQL; then deep pages by offset and by keyset cursor.
 */
export async function run(scale: number): Promise<void> {
  const size = scale > 0 ? scale : 25;
  const { database, drop } = await benchDatabase();
  const db = database.db;
  try {
    let t = Date.now();
    const seeded = (await queryRows(db, sql`select 1 from products limit 1`)).length > 0;
    if (!seeded) {
      await loadRegions(db);
      await seedIdentity(db);
      const counts = await seedCatalog(db, size, (m) => process.stdout.write(`\r  seeding ${m}          `));
      // Steady state: autovacuum would have set the visibility map after a bulk load, which index-only counts rely on.
      await database.exec('vacuum analyze');
      console.log(`\ncatalog-lists: scale ${size} ${JSON.stringify(catalogScale(size))} → ${JSON.stringify(counts)} on ${database.describe}, seeded in ${((Date.now() - t) / 1000).toFixed(1)} s`);
    } else {
      console.log(`catalog-lists: reusing the data in ${database.describe}`);
    }

    const config = loadConfig({ ...process.env, DATABASE_URL: undefined }, { APP_ENV: 'development', LOG_LEVEL: 'silent', AUTH_RATE_LIMIT: 1000, webDist: '/nonexistent' });
    const { app } = await buildApp({ config, database });
    await app.ready();
    const signIn = await app.inject({ method: 'POST', url: '/api/v1/auth/sign-in', payload: { username: 'admin.cms', password: 'Demo@12345' } });
    const headers = { authorization: `Bearer ${signIn.json<{ data: { token: string } }>().data.token}` };
    const get = async (url: string) => {
      const res = await app.inject({ method: 'GET', url, headers });
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      return res.json<{ data: { data: { id: number }[]; meta: { total: number; total_kind: string; next_cursor: string | null } } }>().data;
    };

    const [sample] = await queryRows<{ category_id: number; parent_id: number; store_id: number; product_id: number }>(
      db,
      sql`select p.category_id, c.parent_id, (select min(id) from stores) store_id, (select min(product_id) from store_products) product_id from products p join categories c on c.id = p.category_id order by p.id limit 1`,
    );
    const s = sample!;
    const n = 40;
    const P = productDef;
    const productCases: [string, string, SQL, SQL][] = [
      ['no filter, newest', '', sql``, sql`p.updated_at desc, p.id desc`],
      ['sub category', `category_id=${s.category_id}`, sql`where p.category_id = ${s.category_id}`, sql`p.updated_at desc, p.id desc`],
      ['parent category', `parent_category_id=${s.parent_id}`, sql`where p.category_id in (select id from categories where parent_id = ${s.parent_id})`, sql`p.updated_at desc, p.id desc`],
      ['product category', 'product_category=3', sql`where p.product_category = 3`, sql`p.updated_at desc, p.id desc`],
      ['status inactive', 'status=2', sql`where p.status = 2`, sql`p.updated_at desc, p.id desc`],
      ['search name "kopi"', 'search=kopi', sql`where (lower(p.name) like lower('%kopi%') or p.plu = 'kopi')`, sql`p.updated_at desc, p.id desc`],
      ['search PLU prefix', 'search=10123', sql`where (p.plu like '10123%' or p.barcode = '10123')`, sql`p.updated_at desc, p.id desc`],
      ['sort name asc', 'sort_by=name&sort_dir=asc', sql``, sql`lower(p.name) asc, p.id asc`],
      ['sort price asc', 'sort_by=price&sort_dir=asc', sql``, sql`p.price asc, p.id asc`],
      ['sort PLU asc', 'sort_by=plu&sort_dir=asc', sql``, sql`p.plu asc, p.id asc`],
      ['sub category + sort price', `category_id=${s.category_id}&sort_by=price&sort_dir=desc`, sql`where p.category_id = ${s.category_id}`, sql`p.price desc, p.id desc`],
    ];
    for (const [label, query, where, order] of productCases) {
      const api = await timeIt(n, () => get(`/api/v1/products?limit=10&${query}`));
      const raw = await timeIt(n, () => rawPage(db, P.select, P.from, where, order, sql`from products p`));
      report(`products first page, ${label}`, api, raw);
    }

    const SP = storeProductDef;
    const store = sql`sp.store_id = ${s.store_id}`;
    const storeCases: [string, string, SQL, SQL][] = [
      ['store, sort PLU', 'sort_by=plu&sort_dir=asc', sql`where ${store}`, sql`p.plu asc, sp.id asc`],
      ['store, sort price desc', 'sort_by=price&sort_dir=desc', sql`where ${store}`, sql`sp.price desc, sp.id desc`],
      ['store, sort stock asc', 'sort_by=stock&sort_dir=asc', sql`where ${store}`, sql`sp.stock asc, sp.id asc`],
      ['store, sort name', 'sort_by=name&sort_dir=asc', sql`where ${store}`, sql`lower(p.name) asc, sp.id asc`],
      ['store, newest', 'sort_by=updated_at&sort_dir=desc', sql`where ${store}`, sql`sp.updated_at desc, sp.id desc`],
      ['store, inactive', 'is_active=false', sql`where ${store} and sp.is_active = false`, sql`p.plu asc, sp.id asc`],
      ['store, out of stock', 'in_stock=false', sql`where ${store} and sp.stock = 0`, sql`p.plu asc, sp.id asc`],
      ['store, sub category', `category_id=${s.category_id}`, sql`where ${store} and p.category_id = ${s.category_id}`, sql`p.plu asc, sp.id asc`],
      ['store, search name "susu"', 'search=susu', sql`where ${store} and lower(p.name) like lower('%susu%')`, sql`p.plu asc, sp.id asc`],
    ];
    for (const [label, query, where, order] of storeCases) {
      const api = await timeIt(n, () => get(`/api/v1/stores/${s.store_id}/products?limit=10&${query}`));
      const needsProduct = /search|category/.test(query);
      const countFrom = needsProduct ? sql`from store_products sp join products p on p.id = sp.product_id` : sql`from store_products sp`;
      const raw = await timeIt(n, () => rawPage(db, SP.select, SP.from, where, order, countFrom));
      report(`store products first page, ${label}`, api, raw);
    }
    {
      const where = sql`where sp.product_id = ${s.product_id}`;
      const api = await timeIt(n, () => get(`/api/v1/products/${s.product_id}/stores?limit=10&sort_by=store_code`));
      const raw = await timeIt(n, () => rawPage(db, SP.select, SP.from, where, sql`lower(s.code) asc, sp.id asc`, sql`from store_products sp join stores s on s.id = sp.store_id`));
      report('view-store (stores of a product)', api, raw);
    }

    // Deep pages: offset at the deepest page a number opens (offset 10,000; deeper ones are refused) against keyset (the
    // cursor of the page before, as the screen sends it).
    t = Date.now();
    const deepProducts = await get('/api/v1/products?limit=10&sort_by=name&sort_dir=asc&page=1000');
    const cursor = deepProducts.meta.next_cursor;
    const offset = await timeIt(20, () => get('/api/v1/products?limit=10&sort_by=name&sort_dir=asc&page=1001'));
    const keyset = await timeIt(20, () => get(`/api/v1/products?limit=10&sort_by=name&sort_dir=asc&page=1001&cursor=${cursor}`));
    console.log(`products page 1,001 by name: offset p95 ${offset.p95.toFixed(2)} ms, keyset p95 ${keyset.p95.toFixed(2)} ms`);
    const deepStore = await get(`/api/v1/stores/${s.store_id}/products?limit=10&sort_by=price&sort_dir=desc&page=900`);
    const storeOffset = await timeIt(20, () => get(`/api/v1/stores/${s.store_id}/products?limit=10&sort_by=price&sort_dir=desc&page=901`));
    const storeKeyset = await timeIt(20, () => get(`/api/v1/stores/${s.store_id}/products?limit=10&sort_by=price&sort_dir=desc&page=901&cursor=${deepStore.meta.next_cursor}`));
    console.log(`store products page 901 by price: offset p95 ${storeOffset.p95.toFixed(2)} ms, keyset p95 ${storeKeyset.p95.toFixed(2)} ms`);
    const all = await get('/api/v1/products?limit=10');
    console.log(`products total ${all.meta.total} (${all.meta.total_kind}); store products of one store total ${deepStore.meta.total} (${deepStore.meta.total_kind})`);
    await app.close();
  } finally {
    await drop();
  }
}
