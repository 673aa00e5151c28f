import { z } from 'zod';
import { isoDateTime } from '../common/fields.ts';
import { listQuery, versionField } from '../common/list-query.ts';
import { enumTable } from '../enums/enum-table.ts';
import { activeStatusField, intFilter, nameField, optionalText } from '../common/resource-fields.ts';

/**
 * The fixed palette a custom consumer tag is drawn in: antd's preset colours, so the web shows them as they are and a
 * tag never carries free-form CSS.
 */
export const TAG_COLOR = enumTable([
  { value: 'red', label: 'Red', labelId: 'Merah' },
  { value: 'volcano', label: 'Volcano', labelId: 'Merah Bata' },
  { value: 'orange', label: 'Orange', labelId: 'Oranye' },
  { value: 'gold', label: 'Gold', labelId: 'Emas' },
  { value: 'lime', label: 'Lime', labelId: 'Limau' },
  { value: 'green', label: 'Green', labelId: 'Hijau' },
  { value: 'cyan', label: 'Cyan', labelId: 'Sian' },
  { value: 'blue', label: 'Blue', labelId: 'Biru' },
  { value: 'geekblue', label: 'Indigo', labelId: 'Nila' },
  { value: 'purple', label: 'Purple', labelId: 'Ungu' },
  { value: 'magenta', label: 'Magenta', labelId: 'Magenta' },
] as const);
export type TagColor = (typeof TAG_COLOR.values)[number];

/** Tag lists for dropdowns (sub-category tagging) ask for everything with `is_all=true`: up to this many (spec §9). */
export const TAG_ALL_LIMIT = 999;

export const customConsumerTagRow = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  color: z.string(),
  status: z.number().int(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
  updated_by_name: z.string().nullable(),
  version: z.number().int(),
});
export type CustomConsumerTagRow = z.infer<typeof customConsumerTagRow>;

const tagFields = {
  name: nameField('Tag name', 50),
  description: optionalText(300),
  color: z.enum(TAG_COLOR.values, { error: 'Choose a colour from the palette' }),
  status: activeStatusField.default(1),
};
export const customConsumerTagCreateBody = z.object(tagFields).strict();
export const customConsumerTagUpdateBody = z.object({ ...tagFields, version: versionField }).strict();
export type CustomConsumerTagCreate = z.infer<typeof customConsumerTagCreateBody>;
export type CustomConsumerTagUpdate = z.infer<typeof customConsumerTagUpdateBody>;

export const customConsumerTagListQuery = listQuery(['name', 'updated_at', 'created_at'] as const, {
  sort_dir: z.enum(['asc', 'desc']).default('asc'),
  status: intFilter(1, 2),
  color: z.enum(TAG_COLOR.values).optional(),
});
export type CustomConsumerTagListQuery = z.infer<typeof customConsumerTagListQuery>;

export const CUSTOM_CONSUMER_TAG_ENTRIES = ['cms.custom-consumer-tag'] as const;
