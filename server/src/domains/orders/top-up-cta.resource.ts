import { sql } from 'drizzle-orm';
import { topUpCtaRow, topUpCtaUpdateBody, type TopUpCtaRow } from '@portal/contract';
import { queryRows, type Db } from '../../db/client.ts';
import { ResourceService, writableColumns, type ListQueryLike, type ResourceDef } from '../../platform/crud/index.ts';
import { rowReader } from '../../platform/sql/row-reader.ts';

/** The one call to action of the app's top-up page has id 1 (the migration creates it; nothing creates or deletes another). */
export const TOP_UP_CTA_ID = 1;

/** cms CTA Setting, as the general setting is kept: one row, edited with its version. */
export const topUpCtaDef: ResourceDef<TopUpCtaRow, ListQueryLike> = {
  entity: 'top-up-cta',
  label: 'CTA setting',
  table: 'top_up_cta',
  select: sql`select a.id, a.title, a.subtitle, a.button_text, a.deep_link, a.is_active, a.updated_at, ub.name as updated_by_name, a.version`,
  from: sql`from top_up_cta a left join users ub on ub.id = a.updated_by`,
  id: 'a.id',
  toRow: rowReader(topUpCtaRow),
  sort: { id: 'a.id' },
  writable: writableColumns([topUpCtaUpdateBody]),
  created: false,
  auditView: ({ updated_by_name: _u, ...rest }) => rest,
};

export class TopUpCtaService extends ResourceService<TopUpCtaRow, ListQueryLike> {
  constructor(db: Db) {
    super(topUpCtaDef, db);
  }

  /** What the app shows: the call to action while it is switched on, else nothing. */
  async forApp(): Promise<{ title: string; subtitle: string | null; button_text: string; deep_link: string } | null> {
    const [row] = await queryRows<{ title: string; subtitle: string | null; button_text: string; deep_link: string }>(
      this.db,
      sql`select title, subtitle, button_text, deep_link from top_up_cta where id = ${TOP_UP_CTA_ID} and is_active`,
    );
    return row ?? null;
  }
}
