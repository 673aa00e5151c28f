import { sql } from 'drizzle-orm';
import { injectStampsField, stampInjectImportApi } from '@portal/contract';
import { queryRows } from '../../db/client.ts';
import { defineImport, existsIn, type ImportDefinition } from '../../platform/imports/index.ts';
import type { InjectCells, StampInjectService } from './stamp-inject.service.ts';

/*
 * heimdal Digital Stamp Inject on the shared import pipeline: a file of consumer (by app card id), programme (by id or
 * name) and stamps, with one reason for the file typed in the wizard (the upload's `reason` parameter). Cells, the
 * consumer and the programme, and a correction out that the balance cannot cover are refused at validation, by row and
 * cell; the confirmed batch commits through StampInjectService in the commit's transaction.
 */
export function stampInjectImport(service: StampInjectService): ImportDefinition {
  return defineImport(stampInjectImportApi.stampInject, {
    sheet: 'Stamp Inject',
    templateName: 'template_digital_stamp_inject',
    // One row per consumer and programme: a file that names a pair twice would hide which correction applies.
    keyColumns: ['app_card_id', 'programme'],
    columns: [
      { key: 'app_card_id', label: 'App Card ID', required: true, max: 40, aliases: ['card id', 'app card'], example: '8899000000000001', help: 'The consumer’s app card id, as on the consumer’s detail.' },
      { key: 'programme', label: 'Programme', required: true, max: 120, aliases: ['program', 'programme id', 'program id'], example: '1', help: 'The stamp programme’s id, or its exact name.' },
      {
        key: 'stamps',
        label: 'Stamps',
        type: 'integer',
        required: true,
        schema: injectStampsField,
        example: '5',
        help: 'Stamps to add; a negative number takes stamps away (never below the consumer’s balance). Not 0.',
      },
    ],
    references: [
      { column: 'app_card_id', label: 'App card id', message: (v) => `No consumer has the app card id ${v}`, check: existsIn('consumers', 'app_card_id') },
      {
        column: 'programme',
        problems: async (db, values) => {
          const found = await queryRows<{ value: string; n: number }>(
            db,
            sql`select v.value, count(p.id)::int as n from jsonb_array_elements_text(${JSON.stringify(values)}::jsonb) as v(value)
              left join stamp_programmes p on case when v.value ~ '^[0-9]{1,9}$' then p.id = v.value::int else lower(p.name) = lower(v.value) end
              group by v.value`,
          );
          const problems = new Map<string, string>();
          for (const f of found) {
            if (Number(f.n) === 0) problems.set(f.value, `No stamp programme has the id or name ${f.value}`);
            else if (Number(f.n) > 1) problems.set(f.value, `${f.n} stamp programmes are named ${f.value}: write the programme’s id instead`);
          }
          return problems;
        },
      },
    ],
    rowsCheck: (db, rows) =>
      service.checkRows(
        db,
        rows.map((r): InjectCells => ({ app_card_id: String(r.app_card_id), programme: String(r.programme), stamps: Number(r.stamps) })),
      ),
    commit: (tx, ctx) => service.commitImport(tx, ctx),
  });
}
