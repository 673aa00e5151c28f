import { z } from 'zod';
import { isoDateTime } from '../common/fields.ts';
import { INT4_MAX, listQuery, recordId, versionField } from '../common/list-query.ts';
import { activeStatusField, codeField, idFilter, imageUrlField, intFilter, nameField, optionalText } from '../common/resource-fields.ts';

/** Parent categories (no parent) and their sub categories share one table; position orders siblings. */
export const categoryRow = z.object({
  id: z.number().int(),
  parent_id: z.number().int().nullable(),
  parent_name: z.string().nullable(),
  code: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  image_url: z.string().nullable(),
  position: z.number().int(),
  status: z.number().int(),
  sub_count: z.number().int(),
  product_count: z.number().int(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
  updated_by_name: z.string().nullable(),
  version: z.number().int(),
});
export type CategoryRow = z.infer<typeof categoryRow>;

const categoryFields = {
  code: codeField('Code'),
  name: nameField('Name', 100),
  description: optionalText(500),
  image_url: imageUrlField,
  status: activeStatusField.default(1),
};
export const parentCategoryCreateBody = z.object(categoryFields).strict();
export const parentCategoryUpdateBody = z.object({ ...categoryFields, version: versionField }).strict();
export const subCategoryUpdateBody = z
  .object({ ...categoryFields, parent_id: z.number({ error: 'Parent category is required' }).int().positive('Parent category is required').max(INT4_MAX, 'Parent category is required'), version: versionField })
  .strict();
export type ParentCategoryCreate = z.infer<typeof parentCategoryCreateBody>;
export type ParentCategoryUpdate = z.infer<typeof parentCategoryUpdateBody>;
export type SubCategoryUpdate = z.infer<typeof subCategoryUpdateBody>;

const categorySorts = ['position', 'name', 'code', 'updated_at', 'created_at'] as const;
export const parentCategoryListQuery = listQuery(categorySorts, {
  sort_dir: z.enum(['asc', 'desc']).default('asc'),
  status: intFilter(1, 2),
});
export const subCategoryListQuery = listQuery(categorySorts, {
  sort_dir: z.enum(['asc', 'desc']).default('asc'),
  status: intFilter(1, 2),
  parent_id: idFilter,
});
export type ParentCategoryListQuery = z.infer<typeof parentCategoryListQuery>;
export type SubCategoryListQuery = z.infer<typeof subCategoryListQuery>;

/** The new order of all parent categories (or of one parent's sub categories), first to last. */
export const categoryPositionsBody = z
  .object({
    parent_id: recordId.nullable().default(null),
    ids: z.array(recordId).min(1).max(1000),
  })
  .strict()
  .refine((b) => new Set(b.ids).size === b.ids.length, { message: 'A category appears twice in the order', path: ['ids'] });
export type CategoryPositions = z.infer<typeof categoryPositionsBody>;

export const PARENT_CATEGORY_ENTRIES = ['orion.category-management/parent-category'] as const;
export const SUB_CATEGORY_ENTRIES = ['orion.category-management/sub-category'] as const;
