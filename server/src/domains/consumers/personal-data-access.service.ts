import { sql } from 'drizzle-orm';
import {
  PERSONAL_DATA_ACCESS_ENTRIES,
  personalDataAccessQuery,
  personalDataAccessRow,
  type ListMeta,
  type PersonalDataAccessQuery,
  type PersonalDataAccessRow,
} from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { defineExport } from '../../platform/exports/index.ts';
import { pagedList, whereOf } from '../../platform/pagination.ts';
import { rowReader } from '../../platform/sql/row-reader.ts';

const SELECT = sql`select a.id, a.at, a.user_id, u.name as user_name, u.username, a.screen, a.route, a.subject_count`;
const FROM = sql`from personal_data_access a left join users u on u.id = a.user_id`;
const toRow = rowReader(personalDataAccessRow);

/** Date filters are calendar days in Asia/Jakarta. */
const jakartaDayStart = (d: string) => `${d}T00:00:00+07:00`;

/**
 * The filters of the access log, shared by its list and its export. One consumer's reads are found through the
 * subjects' primary key (consumer, entry): a few index reads however long the log grows.
 */
const filters = (q: PersonalDataAccessQuery) => [
  q.consumer_id ? sql`a.id in (select s.access_id from personal_data_access_subjects s where s.consumer_id = ${q.consumer_id})` : undefined,
  q.user_id ? sql`a.user_id = ${q.user_id}` : undefined,
  q.date_from ? sql`a.at >= ${jakartaDayStart(q.date_from)}::timestamptz` : undefined,
  q.date_to ? sql`a.at < ${jakartaDayStart(q.date_to)}::timestamptz + interval '1 day'` : undefined,
];

/** The personal-data access log as the Super Admin reads it: entries in the order they were written, newest first by default. */
export class PersonalDataAccessService {
  constructor(private readonly db: Db) {}

  async list(q: PersonalDataAccessQuery): Promise<{ data: PersonalDataAccessRow[]; meta: ListMeta }> {
    const dir = q.sort_dir === 'asc' ? sql`asc` : sql`desc`;
    const page = await pagedList(this.db, { select: SELECT, from: FROM, where: whereOf(filters(q)), orderBy: sql`a.id ${dir}`, page: q });
    return { data: page.data.map(toRow), meta: page.meta };
  }
}

/** The access log as a file (`export_personal_data_access`), with the list's filters (one consumer's, by `consumer_id`). */
export const personalDataAccessExport = defineExport({
  name: 'export_personal_data_access',
  sheetName: 'Personal Data Access',
  entries: PERSONAL_DATA_ACCESS_ENTRIES,
  listQuery: personalDataAccessQuery,
  columns: [
    { key: 'id', label: 'Entry', format: 'number' },
    { key: 'at', label: 'Time (WIB)', format: 'datetime' },
    { key: 'user_id', label: 'User ID', format: 'number' },
    { key: 'username', label: 'Username' },
    { key: 'user_name', label: 'Name' },
    { key: 'screen', label: 'Screen' },
    { key: 'route', label: 'Route' },
    { key: 'subject_count', label: 'Consumers Shown', format: 'number' },
  ],
  source: (q) => ({ select: SELECT, from: FROM, where: filters(q), keys: ['a.id'], keyColumns: ['id'], dir: q.sort_dir }),
});
