import { catalogImportsApi, productCreateBody, storeCreateBody, storeProductUpdateBody } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { queryRows, type Tx } from '../../db/client.ts';
import { defineImport, existsIn, type ImportDefinition } from '../../platform/imports/index.ts';

/*
 * The catalog's bulk operations on the import pipeline. Edits match existing records by their key (PLU, store code);
 * a blank cell keeps the current value, so a file may carry only the columns it changes. Each commit is one set-based
 * statement over the staged rows.
 */

const product = productCreateBody.shape;
const store = storeCreateBody.shape;
const storeProduct = storeProductUpdateBody.shape;

const pluColumn = { key: 'plu', label: 'PLU', required: true, max: 20, example: '100001', help: 'The product to change, by its PLU.' } as const;
const pluExists = { column: 'plu', label: 'PLU', check: existsIn('products', 'plu') };

/** Runs `with changed as (<statement returning flag>) select ...` and answers the counts. */
async function counted(tx: Tx, statement: ReturnType<typeof sql>): Promise<Record<string, number>> {
  const [row] = await queryRows<{ inserted: number; updated: number }>(
    tx,
    sql`with changed as (${statement}) select count(*) filter (where inserted)::int as inserted, count(*) filter (where not inserted)::int as updated from changed`,
  );
  return { inserted: Number(row?.inserted ?? 0), updated: Number(row?.updated ?? 0) };
}

export const productEditImport = defineImport(catalogImportsApi.productEdit, {
  sheet: 'Products',
  templateName: 'template_product_edit',
  keyColumns: ['plu'],
  columns: [
    pluColumn,
    { key: 'name', label: 'Name', max: 150, schema: product.name, example: 'Indomie Goreng 85g' },
    { key: 'brand', label: 'Brand', max: 80, example: 'Indomie' },
    { key: 'barcode', label: 'Barcode', max: 14, schema: product.barcode, example: '8998866200301' },
    { key: 'sub_category_code', label: 'Sub Category Code', max: 40, example: 'SC-NOODLE', help: 'The code of an existing sub category.' },
    { key: 'product_category', label: 'Product Category', type: 'integer', schema: product.product_category, example: '2', help: '1 Perishable … 7 Indirect Procurement.' },
    { key: 'uom', label: 'Unit', max: 10, schema: z.string().transform((s) => s.toUpperCase()).pipe(product.uom), example: 'PCS' },
    { key: 'price', label: 'Price', type: 'integer', schema: product.price, example: '3500', help: 'Whole Rupiah.' },
    { key: 'description', label: 'Description', max: 2000 },
    { key: 'status', label: 'Status', type: 'integer', schema: product.status, example: '1', help: '1 Active, 2 Inactive.' },
  ],
  references: [pluExists, { column: 'sub_category_code', label: 'Sub category', check: existsIn('categories', 'code', { caseInsensitive: true, where: 't.parent_id is not null' }) }],
  commit: (tx, { staged, actor, now }) =>
    counted(
      tx,
      sql`update products p set
        name = coalesce(s.name, p.name), brand = coalesce(s.brand, p.brand), barcode = coalesce(s.barcode, p.barcode),
        category_id = coalesce(c.id, p.category_id), product_category = coalesce(s.product_category, p.product_category),
        uom = coalesce(s.uom, p.uom), price = coalesce(s.price, p.price), description = coalesce(s.description, p.description),
        status = coalesce(s.status, p.status), version = p.version + 1, updated_at = ${now}, updated_by = ${actor.userId}
      from ${staged} s left join categories c on lower(c.code) = lower(s.sub_category_code) and c.parent_id is not null
      where p.plu = s.plu returning false as inserted`,
    ),
});

export const productImageImport = defineImport(catalogImportsApi.productImage, {
  sheet: 'Product Images',
  templateName: 'template_product_image',
  keyColumns: ['plu'],
  columns: [
    pluColumn,
    { key: 'image_url', label: 'Image URL', required: true, max: 500, schema: z.string().refine((v) => /^(https?:\/\/|\/images\/)/.test(v), 'Image must be an http(s) address or a path under /images/'), example: 'https://cdn.example.com/images/100001.jpg' },
  ],
  references: [pluExists],
  commit: (tx, { staged, actor, now }) =>
    counted(
      tx,
      sql`update products p set image_url = s.image_url, version = p.version + 1, updated_at = ${now}, updated_by = ${actor.userId}
      from ${staged} s where p.plu = s.plu returning false as inserted`,
    ),
});

const timeText = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Time must look like 08:00');

export const storeEditImport = defineImport(catalogImportsApi.storeEdit, {
  sheet: 'Stores',
  templateName: 'template_store_edit',
  keyColumns: ['code'],
  columns: [
    { key: 'code', label: 'Store Code', required: true, max: 10, example: 'JKT001', help: 'The store to change, by its code.' },
    { key: 'name', label: 'Name', max: 120, schema: store.name, example: 'Toko Kemang' },
    { key: 'address', label: 'Address', max: 500 },
    { key: 'postal_code', label: 'Postal Code', max: 5, schema: store.postal_code, example: '12730' },
    { key: 'phone', label: 'Phone', max: 16, schema: store.phone, example: '0217180001' },
    { key: 'email', label: 'E-mail', max: 200, schema: store.email, example: 'kemang@store.example' },
    { key: 'open_time', label: 'Open Time', max: 5, schema: timeText, example: '08:00' },
    { key: 'close_time', label: 'Close Time', max: 5, schema: timeText, example: '22:00' },
    { key: 'is_pickup', label: 'Pickup', type: 'boolean', example: 'TRUE' },
    { key: 'is_delivery', label: 'Delivery', type: 'boolean', example: 'TRUE' },
    { key: 'status', label: 'Status', type: 'integer', schema: store.status, example: '1', help: '1 Active, 2 Inactive.' },
  ],
  references: [{ column: 'code', label: 'Store code', check: existsIn('stores', 'code', { caseInsensitive: true }) }],
  rowCheck: (v) =>
    typeof v.open_time === 'string' && typeof v.close_time === 'string' && v.open_time >= v.close_time
      ? [{ column: 'close_time', message: 'Closing time must be after opening time' }]
      : [],
  commit: (tx, { staged, actor, now }) =>
    counted(
      tx,
      sql`update stores t set
        name = coalesce(s.name, t.name), address = coalesce(s.address, t.address), postal_code = coalesce(s.postal_code, t.postal_code),
        phone = coalesce(s.phone, t.phone), email = coalesce(s.email, t.email), open_time = coalesce(s.open_time, t.open_time),
        close_time = coalesce(s.close_time, t.close_time), is_pickup = coalesce(s.is_pickup, t.is_pickup),
        is_delivery = coalesce(s.is_delivery, t.is_delivery), status = coalesce(s.status, t.status),
        version = t.version + 1, updated_at = ${now}, updated_by = ${actor.userId}
      from ${staged} s where lower(t.code) = lower(s.code) returning false as inserted`,
    ),
});

export const storeProductSyncImport = defineImport(catalogImportsApi.storeProductSync, {
  sheet: 'Store Products',
  templateName: 'template_store_product_sync',
  keyColumns: ['store_code', 'plu'],
  columns: [
    { key: 'store_code', label: 'Store Code', required: true, max: 10, example: 'JKT001' },
    { ...pluColumn, help: 'The product the store carries.' },
    { key: 'price', label: 'Price', type: 'integer', required: true, schema: storeProduct.price, example: '3500' },
    { key: 'promo_price', label: 'Promo Price', type: 'integer', schema: storeProduct.promo_price, example: '3000', help: 'Blank keeps the current promo price.' },
    { key: 'stock', label: 'Stock', type: 'integer', required: true, schema: storeProduct.stock, example: '120' },
    { key: 'is_active', label: 'Active', type: 'boolean', example: 'TRUE', help: 'Blank means TRUE.' },
  ],
  references: [{ column: 'store_code', label: 'Store code', check: existsIn('stores', 'code', { caseInsensitive: true }) }, pluExists],
  rowCheck: (v) =>
    typeof v.promo_price === 'number' && typeof v.price === 'number' && v.promo_price > v.price
      ? [{ column: 'promo_price', message: 'Promo price cannot be above the price' }]
      : [],
  commit: (tx, { staged, actor, now }) =>
    counted(
      tx,
      sql`insert into store_products as sp (store_id, product_id, price, promo_price, stock, is_active, updated_at, updated_by)
        select st.id, p.id, s.price, s.promo_price, s.stock, coalesce(s.is_active, true), ${now}, ${actor.userId}
        from ${staged} s join stores st on lower(st.code) = lower(s.store_code) join products p on p.plu = s.plu
      on conflict (store_id, product_id) do update set price = excluded.price, promo_price = coalesce(excluded.promo_price, sp.promo_price),
        stock = excluded.stock, is_active = excluded.is_active, version = sp.version + 1, updated_at = excluded.updated_at, updated_by = excluded.updated_by
      returning (xmax = 0) as inserted`,
    ),
});

/** Every catalog import, registered by buildApp. */
export const CATALOG_IMPORTS: readonly ImportDefinition[] = [productEditImport, productImageImport, storeEditImport, storeProductSyncImport];
