import { z } from 'zod';
import { isoDateTime } from '../common/fields.ts';
import { INT4_MAX, listQuery, versionField } from '../common/list-query.ts';
import { PRODUCT_CATEGORY } from '../enums/index.ts';
import { activeStatusField, codeField, idFilter, imageUrlField, intFilter, nameField, optionalText, rupiahField } from '../common/resource-fields.ts';

export const productRow = z.object({
  id: z.number().int(),
  plu: z.string(),
  barcode: z.string().nullable(),
  name: z.string(),
  brand: z.string().nullable(),
  category_id: z.number().int(),
  category_name: z.string(),
  parent_category_id: z.number().int(),
  parent_category_name: z.string(),
  product_category: z.number().int(),
  uom: z.string(),
  price: z.number().int(),
  image_url: z.string().nullable(),
  description: z.string().nullable(),
  status: z.number().int(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
  updated_by_name: z.string().nullable(),
  version: z.number().int(),
});
export type ProductRow = z.infer<typeof productRow>;

const productCategoryField = z
  .number({ error: 'Product category is required' })
  .int()
  .refine((v) => PRODUCT_CATEGORY.get(v as never) !== undefined, 'Product category must be one of 1 to 7');
export const UOMS = ['PCS', 'PACK', 'BOX', 'KG', 'GR', 'LTR', 'ML', 'BTL', 'CAN', 'SACHET', 'DUS', 'RENCENG'] as const;

const productFields = {
  barcode: z.string().trim().regex(/^\d{8,14}$/, 'Barcode must be 8 to 14 digits').nullable().optional(),
  name: nameField('Name', 150),
  brand: optionalText(80),
  category_id: z.number({ error: 'Sub category is required' }).int().positive('Sub category is required').max(INT4_MAX, 'Sub category is required'),
  product_category: productCategoryField,
  uom: z.enum(UOMS, { error: `Unit must be one of ${UOMS.join(', ')}` }),
  price: rupiahField('Price'),
  image_url: imageUrlField,
  description: optionalText(2000),
  status: activeStatusField.default(1),
};
export const productCreateBody = z.object({ plu: codeField('PLU', 20), ...productFields }).strict();
export const productUpdateBody = z.object({ ...productFields, version: versionField }).strict();
export type ProductCreate = z.infer<typeof productCreateBody>;
export type ProductUpdate = z.infer<typeof productUpdateBody>;

export const productListQuery = listQuery(['updated_at', 'plu', 'name', 'price', 'created_at'] as const, {
  category_id: idFilter,
  parent_category_id: idFilter,
  product_category: intFilter(1, 7),
  status: intFilter(1, 2),
});
export type ProductListQuery = z.infer<typeof productListQuery>;

/** The orion Product Management and the cms Master Data Product screens show the same records. */
export const PRODUCT_ENTRIES = ['orion.product-management', 'cms.product'] as const;
