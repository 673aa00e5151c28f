import { z } from 'zod';
import { isoDateTime } from '../common/fields.ts';
import { listQuery, versionField } from '../common/list-query.ts';
import { activeStatusField, codeField, intFilter, nameField, optionalText } from '../common/resource-fields.ts';

/** A group of stores (a region of operations); stores point at it with group_store_id. */
export const groupStoreRow = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  status: z.number().int(),
  store_count: z.number().int(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
  updated_by_name: z.string().nullable(),
  version: z.number().int(),
});
export type GroupStoreRow = z.infer<typeof groupStoreRow>;

const groupStoreFields = {
  name: nameField('Name', 100),
  description: optionalText(500),
  status: activeStatusField.default(1),
};
export const groupStoreCreateBody = z.object({ code: codeField('Code', 30), ...groupStoreFields }).strict();
export const groupStoreUpdateBody = z.object({ ...groupStoreFields, version: versionField }).strict();
export type GroupStoreCreate = z.infer<typeof groupStoreCreateBody>;
export type GroupStoreUpdate = z.infer<typeof groupStoreUpdateBody>;

export const groupStoreListQuery = listQuery(['name', 'code', 'updated_at', 'created_at'] as const, {
  sort_dir: z.enum(['asc', 'desc']).default('asc'),
  status: intFilter(1, 2),
});
export type GroupStoreListQuery = z.infer<typeof groupStoreListQuery>;

/** Master Data Group Store (a hidden menu entry: grantable, never in the menu). */
export const GROUP_STORE_ENTRIES = ['cms.group-store'] as const;
