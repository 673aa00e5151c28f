import { z } from 'zod';
import { isoDateTime } from '../common/fields.ts';
import { listQuery, recordId, versionField } from '../common/list-query.ts';
import { CONTENT_TYPE, DISPLAY_LOCATION, MEMBER_SCOPE } from '../enums/index.ts';
import { activeStatusField, imageUrlField, intFilter, nameField, optionalText } from '../common/resource-fields.ts';
import { dayField, dayFilter, enumValueField, idList, withPeriod } from '../common/period.ts';

/** A planogram: a block of content the app shows on a page, with the sub categories and products synced to it. */
export const planogramRow = z.object({
  id: z.number().int(),
  title: z.string(),
  content_type: z.number().int(),
  display_location: z.number().int(),
  member_scope: z.number().int(),
  start_date: z.string(),
  end_date: z.string(),
  priority: z.number().int(),
  position: z.number().int(),
  image_url: z.string().nullable(),
  description: z.string().nullable(),
  status: z.number().int(),
  sub_category_count: z.number().int(),
  product_count: z.number().int(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
  updated_by_name: z.string().nullable(),
  version: z.number().int(),
});
export type PlanogramRow = z.infer<typeof planogramRow>;

export const planogramDetail = planogramRow.extend({
  sub_categories: z.array(z.object({ id: z.number().int(), code: z.string(), name: z.string(), parent_name: z.string() })),
  products: z.array(z.object({ id: z.number().int(), plu: z.string(), name: z.string() })),
});
export type PlanogramDetail = z.infer<typeof planogramDetail>;

const planogramFields = {
  title: nameField('Title', 150),
  content_type: enumValueField(CONTENT_TYPE, 'Content type'),
  display_location: enumValueField(DISPLAY_LOCATION, 'Display location'),
  member_scope: enumValueField(MEMBER_SCOPE, 'Member scope').default(0),
  start_date: dayField('Start date'),
  end_date: dayField('End date'),
  priority: z.number({ error: 'Priority is required' }).int().min(1, 'Priority is 1 to 10').max(10, 'Priority is 1 to 10').default(1),
  image_url: imageUrlField,
  description: optionalText(1000),
  status: activeStatusField.default(1),
};
export const planogramCreateBody = withPeriod(z.object(planogramFields).strict());
export const planogramUpdateBody = withPeriod(z.object({ ...planogramFields, version: versionField }).strict());
export type PlanogramCreate = z.infer<typeof planogramCreateBody>;
export type PlanogramUpdate = z.infer<typeof planogramUpdateBody>;

export const planogramListQuery = listQuery(['position', 'priority', 'title', 'start_date', 'updated_at'] as const, {
  sort_dir: z.enum(['asc', 'desc']).default('asc'),
  status: intFilter(1, 2),
  content_type: intFilter(0, 7),
  display_location: intFilter(0, 2),
  member_scope: intFilter(0, 1),
  /** Planograms whose period covers this day. */
  active_on: dayFilter,
});
export type PlanogramListQuery = z.infer<typeof planogramListQuery>;

/**
 * Spec section 5: the category sync is called only with a non-empty sub-category list and the product sync only with a
 * non-empty product list; the server refuses an empty one. A sync replaces the planogram's set.
 */
export const planogramCategorySyncBody = z
  .object({ sub_category_id: idList('Sub categories', 500).refine((ids) => ids.length > 0, 'Choose at least one sub category') })
  .strict();
export const planogramProductSyncBody = z
  .object({ product_id: idList('Products', 1000).refine((ids) => ids.length > 0, 'Choose at least one product') })
  .strict();
export type PlanogramCategorySync = z.infer<typeof planogramCategorySyncBody>;
export type PlanogramProductSync = z.infer<typeof planogramProductSyncBody>;

/** The display order of every planogram, first to last. */
export const planogramPositionsBody = z
  .object({ ids: z.array(recordId).min(1).max(1000) })
  .strict()
  .refine((b) => new Set(b.ids).size === b.ids.length, { message: 'A planogram appears twice in the order', path: ['ids'] });
export type PlanogramPositions = z.infer<typeof planogramPositionsBody>;

export const PLANOGRAM_ENTRIES = ['cms.planogram-management'] as const;
