import { z } from 'zod';
import { isoDateTime } from '../common/fields.ts';
import { listQuery, versionField } from '../common/list-query.ts';
import { boolFilter, idFilter, rupiahField } from '../common/resource-fields.ts';

/** A product as one store carries it: its price and stock there. */
export const storeProductRow = z.object({
  id: z.number().int(),
  store_id: z.number().int(),
  store_code: z.string(),
  store_name: z.string(),
  product_id: z.number().int(),
  plu: z.string(),
  product_name: z.string(),
  category_name: z.string(),
  price: z.number().int(),
  promo_price: z.number().int().nullable(),
  stock: z.number().int(),
  is_active: z.boolean(),
  updated_at: isoDateTime,
  updated_by_name: z.string().nullable(),
  version: z.number().int(),
});
export type StoreProductRow = z.infer<typeof storeProductRow>;

export const storeProductUpdateBody = z
  .object({
    price: rupiahField('Price'),
    promo_price: rupiahField('Promo price').nullable().optional(),
    stock: z.number({ error: 'Stock must be a number' }).int('Stock must be a whole number').min(0, 'Stock cannot be negative').max(10_000_000),
    is_active: z.boolean(),
    version: versionField,
  })
  .strict()
  .refine((b) => b.promo_price == null || b.promo_price < b.price, { message: 'Promo price must be below the price', path: ['promo_price'] });
export type StoreProductUpdate = z.infer<typeof storeProductUpdateBody>;

const storeProductSorts = ['plu', 'name', 'price', 'stock', 'updated_at'] as const;
/** Products of one store (the store is in the path). */
export const storeProductListQuery = listQuery(storeProductSorts, {
  sort_dir: z.enum(['asc', 'desc']).default('asc'),
  category_id: idFilter,
  is_active: boolFilter,
  in_stock: boolFilter,
});
export type StoreProductListQuery = z.infer<typeof storeProductListQuery>;

/** Stores carrying one product (the product is in the path): orion's view-store. */
export const productStoreListQuery = listQuery(['store_code', 'price', 'stock'] as const, {
  sort_dir: z.enum(['asc', 'desc']).default('asc'),
  is_active: boolFilter,
  province_code: z.string().regex(/^\d{2}$/).optional(),
});
export type ProductStoreListQuery = z.infer<typeof productStoreListQuery>;
