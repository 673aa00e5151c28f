import { z } from 'zod';
import { isoDateTime } from '../common/fields.ts';
import { INT4_MAX, listQuery, versionField } from '../common/list-query.ts';
import { activeStatusField, codeField, intFilter, nameField, optionalText, rupiahField } from '../common/resource-fields.ts';
import { dayField, dayFilter, idList, withPeriod } from '../common/period.ts';
import { REGION_CODE } from '../common/region.schema.ts';

/** A free-gift promotion: spend at least min_purchase in a period and get the gift products, in some regions and stores. */
export const freeGiftRow = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  min_purchase: z.number().int(),
  start_date: z.string(),
  end_date: z.string(),
  status: z.number().int(),
  product_count: z.number().int(),
  region_count: z.number().int(),
  store_count: z.number().int(),
  created_at: isoDateTime,
  created_by_name: z.string().nullable(),
  updated_at: isoDateTime,
  updated_by_name: z.string().nullable(),
  version: z.number().int(),
});
export type FreeGiftRow = z.infer<typeof freeGiftRow>;

export const freeGiftDetail = freeGiftRow.extend({
  products: z.array(z.object({ product_id: z.number().int(), plu: z.string(), name: z.string(), quantity: z.number().int() })),
  regions: z.array(z.object({ code: z.string(), name: z.string() })),
  stores: z.array(z.object({ id: z.number().int(), code: z.string(), name: z.string(), province_code: z.string() })),
});
export type FreeGiftDetail = z.infer<typeof freeGiftDetail>;

export const freeGiftProductItem = z
  .object({
    product_id: z.number({ error: 'Choose a gift product' }).int().positive('Choose a gift product').max(INT4_MAX, 'Choose a gift product'),
    quantity: z.number({ error: 'Quantity is required' }).int('Quantity must be a whole number').min(1, 'Quantity is 1 to 99').max(99, 'Quantity is 1 to 99'),
  })
  .strict();

const freeGiftFields = {
  name: nameField('Name', 120),
  description: optionalText(1000),
  min_purchase: rupiahField('Minimum purchase'),
  start_date: dayField('Start date'),
  end_date: dayField('End date'),
  status: activeStatusField.default(1),
  products: z
    .array(freeGiftProductItem, { error: 'Gift products are required' })
    .min(1, 'Add at least one gift product')
    .max(50, 'At most 50 gift products')
    .refine((items) => new Set(items.map((i) => i.product_id)).size === items.length, 'A gift product is listed twice'),
  province_codes: z
    .array(z.string().regex(REGION_CODE.province, 'Not a province code'), { error: 'Regions are required' })
    .min(1, 'Choose at least one region')
    .max(38)
    .refine((v) => new Set(v).size === v.length, 'A region is chosen twice'),
  /** Stores inside the chosen regions; empty: every store of those regions. */
  store_ids: idList('Stores', 5000).default([]),
};
export const freeGiftCreateBody = withPeriod(z.object({ code: codeField('Code', 30), ...freeGiftFields }).strict());
export const freeGiftUpdateBody = withPeriod(z.object({ ...freeGiftFields, version: versionField }).strict());
export type FreeGiftCreate = z.infer<typeof freeGiftCreateBody>;
export type FreeGiftUpdate = z.infer<typeof freeGiftUpdateBody>;

export const freeGiftListQuery = listQuery(['updated_at', 'start_date', 'name', 'min_purchase', 'created_at'] as const, {
  status: intFilter(1, 2),
  active_on: dayFilter,
  province_code: z.string().regex(REGION_CODE.province).optional(),
});
export type FreeGiftListQuery = z.infer<typeof freeGiftListQuery>;

/** Stores by region for the free-gift form (spec: "GET stores by region"): one or more province codes, comma-separated. */
export const freeGiftRegionStoreQuery = z
  .object({
    province_code: z
      .string()
      .regex(/^\d{2}(,\d{2}){0,37}$/, 'province_code is one or more province codes, comma-separated')
      .optional(),
    search: z.string().trim().max(100).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(50),
  })
  .strict();
export const regionStoreRow = z.object({ id: z.number().int(), code: z.string(), name: z.string(), province_code: z.string(), province_name: z.string() });
export type RegionStoreRow = z.infer<typeof regionStoreRow>;

/** One row of a free-gift bulk store upload (the import pipeline validates the file into these). */
export const freeGiftStoreUploadRow = z.object({ store_code: z.string().trim().min(1, 'Store code is required').max(20) }).strict();
export type FreeGiftStoreUploadRow = z.infer<typeof freeGiftStoreUploadRow>;

