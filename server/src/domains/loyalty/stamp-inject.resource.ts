import { sql } from 'drizzle-orm';
import { stampInjectionLine, stampInjectionRow, type ListMeta, type StampInjectionLine, type StampInjectionLinesQuery, type StampInjectionListQuery, type StampInjectionRow } from '@portal/contract';
import { queryRows, type Db } from '../../db/client.ts';
import { pageOffset } from '../../platform/pagination.ts';
import { ResourceService, type ResourceDef } from '../../platform/crud/index.ts';
import { rowReader } from '../../platform/sql/row-reader.ts';

const SELECT = sql`select i.id, i.import_batch_id, i.reason, i.file_name, i.row_count, i.stamps_in, i.stamps_out, i.stamps_in - i.stamps_out as net_stamps,
  i.status, i.created_at, cb.name as created_by_name, i.reversed_at, rb.name as reversed_by_name, i.updated_at,
  coalesce(rb.name, cb.name) as updated_by_name, i.version`;
const FROM = sql`from stamp_injections i left join users cb on cb.id = i.created_by left join users rb on rb.id = i.reversed_by`;

/** Jakarta's day boundaries of a `created_from`/`created_to` filter. */
const dayStart = (day: string) => sql`(${day}::date::timestamp at time zone 'Asia/Jakarta')`;

export const stampInjectionDef: ResourceDef<StampInjectionRow, StampInjectionListQuery> = {
  entity: 'stamp-injection',
  label: 'Stamp injection batch',
  table: 'stamp_injections',
  select: SELECT,
  from: FROM,
  countFrom: () => sql`from stamp_injections i`,
  id: 'i.id',
  toRow: rowReader(stampInjectionRow),
  sort: { created_at: 'i.created_at', row_count: 'i.row_count', file_name: 'lower(i.file_name)' },
  search: (pattern) => sql`(lower(i.file_name) like lower(${pattern}) or lower(i.reason) like lower(${pattern}))`,
  where: (q) => [
    q.status ? sql`i.status = ${q.status}` : undefined,
    q.created_by ? sql`i.created_by = ${q.created_by}` : undefined,
    q.created_from ? sql`i.created_at >= ${dayStart(q.created_from)}` : undefined,
    q.created_to ? sql`i.created_at < ${dayStart(q.created_to)} + interval '1 day'` : undefined,
  ],
  // Batches are written by the import's commit and the reversal only (stamp-inject.service.ts).
  writable: [],
};

const readLine = rowReader(stampInjectionLine);

/** The injection batches: the generic list and detail, and a batch's rows a page at a time (by its primary key). */
export class StampInjectionResource extends ResourceService<StampInjectionRow, StampInjectionListQuery> {
  constructor(db: Db) {
    super(stampInjectionDef, db);
  }

  async lines(id: number, q: StampInjectionLinesQuery): Promise<{ data: StampInjectionLine[]; meta: ListMeta }> {
    const batch = await this.get(id);
    const offset = pageOffset(q);
    const dir = sql.raw(q.sort_dir === 'desc' ? 'desc' : 'asc');
    const rows = await queryRows(
      this.db,
      sql`select r.row_no, r.consumer_id, c.name as consumer_name, c.app_card_id, r.programme_id, p.name as programme_name, r.stamps, r.ledger_id, r.reversal_ledger_id
        from stamp_injection_rows r join consumers c on c.id = r.consumer_id join stamp_programmes p on p.id = r.programme_id
        where r.injection_id = ${id} order by r.row_no ${dir} limit ${q.limit} offset ${offset}`,
    );
    return { data: rows.map((l) => readLine(l)), meta: { page: q.page, limit: q.limit, total: batch.row_count, total_kind: 'exact' } };
  }
}
