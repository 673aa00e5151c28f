import { sql } from 'drizzle-orm';
import {
  customConsumerTagCreateBody,
  customConsumerTagRow,
  customConsumerTagUpdateBody,
  TAG_ALL_LIMIT,
  type CustomConsumerTagListQuery,
  type CustomConsumerTagRow,
} from '@portal/contract';
import { writableColumns, type ResourceDef } from '../../platform/crud/index.ts';
import { rowReader } from '../../platform/sql/row-reader.ts';

const SELECT = sql`select t.id, t.name, t.description, t.color, t.status, t.created_at, t.updated_at, ub.name as updated_by_name, t.version`;
const FROM = sql`from custom_consumer_tags t left join users ub on ub.id = t.updated_by`;

/** Custom consumer tags: name unique case-insensitively; `is_all=true` answers up to 999 for the tag dropdowns. */
export const customConsumerTagDef: ResourceDef<CustomConsumerTagRow, CustomConsumerTagListQuery> = {
  entity: 'custom-consumer-tag',
  label: 'Custom consumer tag',
  table: 'custom_consumer_tags',
  select: SELECT,
  from: FROM,
  id: 't.id',
  toRow: rowReader(customConsumerTagRow),
  sort: { name: 'lower(t.name)', updated_at: 't.updated_at', created_at: 't.created_at' },
  search: (pattern) => sql`(lower(t.name) like lower(${pattern}) or lower(coalesce(t.description, '')) like lower(${pattern}))`,
  where: (q) => [q.status ? sql`t.status = ${q.status}` : undefined, q.color ? sql`t.color = ${q.color}` : undefined],
  writable: writableColumns([customConsumerTagCreateBody, customConsumerTagUpdateBody]),
  unique: [{ column: 'name', label: 'Tag name', caseInsensitive: true }],
  auditView: ({ updated_by_name: _u, ...rest }) => rest,
  allLimit: TAG_ALL_LIMIT,
};
