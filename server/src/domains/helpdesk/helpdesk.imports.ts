import { helpdeskImportsApi } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { queryRows, type Db, type Tx } from '../../db/client.ts';
import { defineImport, existsIn } from '../../platform/imports/index.ts';
import { normalisePhone } from '../../platform/consumer-auth.ts';

/** Phones as typed (08…, 628…, +628…) → as stored (628…), in SQL, for matching staged cells to consumers. */
const PHONE_SQL = (expr: string) => sql.raw(`(case when regexp_replace(${expr}, '\\D', '', 'g') like '0%' then '62' || substr(regexp_replace(${expr}, '\\D', '', 'g'), 2) else regexp_replace(${expr}, '\\D', '', 'g') end)`);

async function knownPhones(db: Db | Tx, values: readonly string[]): Promise<ReadonlySet<string>> {
  if (!values.length) return new Set();
  // Several spellings of one number (08…, 628…) may stand in one batch.
  const byStored = new Map<string, string[]>();
  for (const v of values) byStored.set(normalisePhone(v), [...(byStored.get(normalisePhone(v)) ?? []), v]);
  const rows = await queryRows<{ phone: string }>(db, sql`select phone from consumers where phone in (select value from jsonb_array_elements_text(${JSON.stringify([...byStored.keys()])}::jsonb))`);
  return new Set(rows.flatMap((r) => byStored.get(String(r.phone)) ?? []));
}

/**
 * Help-center items by spreadsheet (a call-centre log, tickets taken by stores): one ticket per row with its first
 * message, Unread, `source = upload`, keyed by the log's reference so the same file cannot be loaded twice.
 */
export const helpCenterImport = defineImport(helpdeskImportsApi.helpCenter, {
  sheet: 'Help Center',
  templateName: 'template_help_center',
  keyColumns: ['reference'],
  columns: [
    { key: 'reference', label: 'Reference', required: true, max: 40, example: 'CC-2026-0001', help: 'The number in your log; a reference already loaded is refused.' },
    { key: 'consumer_phone', label: 'Consumer Phone', required: true, max: 20, example: '081300007919', help: 'The consumer’s registered mobile number (08…, 628… or +628…).' },
    { key: 'category', label: 'Category', required: true, max: 100, example: 'Poin & Stempel', help: 'A ticket category’s name.' },
    { key: 'store_code', label: 'Store Code', max: 20, example: 'S0001', help: 'Blank: not about a store.' },
    { key: 'subject', label: 'Subject', required: true, max: 200, schema: z.string().min(3, 'Subject must be at least 3 characters'), example: 'Stempel belum masuk' },
    { key: 'message', label: 'Message', required: true, max: 4000, example: 'Konsumen menelepon: stempel belum masuk setelah belanja.' },
  ],
  references: [
    {
      column: 'reference',
      problems: async (db, refs) => {
        const used = await queryRows<{ value: string }>(
          db,
          sql`select v.value from jsonb_array_elements_text(${JSON.stringify(refs)}::jsonb) as v(value) where exists (select 1 from tickets t where lower(t.external_ref) = lower(v.value))`,
        );
        return new Map(used.map((r) => [r.value, `Reference ${r.value} was already uploaded`]));
      },
    },
    { column: 'consumer_phone', label: 'Consumer phone', check: knownPhones },
    { column: 'category', label: 'Category', check: existsIn('ticket_categories', 'name', { caseInsensitive: true, where: 't.status = 1' }) },
    { column: 'store_code', label: 'Store code', check: existsIn('stores', 'code', { caseInsensitive: true }) },
  ],
  commit: async (tx, { staged, actor, now }) => {
    const at = now.toISOString();
    const created = await queryRows<{ id: number; external_ref: string }>(
      tx,
      sql`insert into tickets (consumer_id, category_id, store_id, subject, status, source, external_ref, last_message_at, created_at, updated_at, created_by, updated_by)
        select c.id, tc.id, st.id, s.subject, 1, 'upload', s.reference, ${at}, ${at}, ${at}, ${actor.userId}, ${actor.userId}
        from ${staged} s
        join consumers c on c.phone = ${PHONE_SQL('s.consumer_phone')}
        join lateral (select id from ticket_categories x where lower(x.name) = lower(s.category) order by x.id limit 1) tc on true
        left join stores st on lower(st.code) = lower(s.store_code)
        order by s.row_no
        returning id, external_ref`,
    );
    await tx.execute(
      sql`insert into ticket_messages (ticket_id, sender, user_id, body, created_at)
        select t.id, 2, ${actor.userId}, s.message, ${at} from ${staged} s join tickets t on lower(t.external_ref) = lower(s.reference)
        where t.id in (select value::int from jsonb_array_elements_text(${JSON.stringify(created.map((r) => String(r.id)))}::jsonb))`,
    );
    return { inserted: created.length };
  },
});

export const HELPDESK_IMPORTS = [helpCenterImport] as const;
