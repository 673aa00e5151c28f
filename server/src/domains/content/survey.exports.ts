import { sql } from 'drizzle-orm';
import { SURVEY_FORM_ENTRY, SURVEY_RESPONSE_ENTRY, formReportQuery, responseListQuery, responsesApi } from '@portal/contract';
import { listConditions } from '../../platform/crud/index.ts';
import { defineExport, type ExportColumn, type ExportSource } from '../../platform/exports/index.ts';
import type { ModuleExport } from '../../platform/module.ts';
import { maskPhoneSql } from '../../platform/personal-data.ts';
import { questionsOfForm } from './form.resource.ts';
import { responseDef } from './response.service.ts';

/** Files always carry the masked phone: an unmasked one would need the step-up and the access log of the consumer export. */
const MASKED_PHONE = sql`${maskPhoneSql(sql`c.phone`)} as shown_phone`;
const FROM = sql`from form_responses r join forms f on f.id = r.form_id join consumers c on c.id = r.consumer_id`;

const base: ExportColumn[] = [
  { key: 'id', label: 'Response ID', format: 'number' },
  { key: 'form_name', label: 'Form' },
  { key: 'consumer_id', label: 'Consumer ID', format: 'number' },
  { key: 'consumer_name', label: 'Consumer' },
  { key: 'shown_phone', label: 'Phone' },
  { key: 'submitted_at', label: 'Submitted At (WIB)', format: 'datetime' },
];

/** The response list as a file, with the list's filters and search. */
const responseListExport = defineExport({
  name: 'response_list',
  sheetName: 'Responses',
  entries: [SURVEY_RESPONSE_ENTRY],
  listQuery: responseListQuery,
  columns: base,
  source: (q): ExportSource => ({
    select: sql`${responseDef.select}, ${MASKED_PHONE}`,
    from: FROM,
    where: listConditions(responseDef, q),
    keys: ['r.submitted_at', 'r.id'],
    dir: q.sort_dir,
  }),
});

/** One answer as a cell: the chosen options' texts, the scale value or the text. */
const answerCell = (questionId: number) => sql`(select case
    when a.choices is not null then (select string_agg(fq.options[u.i + 1], ', ' order by u.i) from unnest(a.choices) as u(i))
    when a.scale is not null then a.scale::text else a.answer_text end
  from form_answers a join form_questions fq on fq.id = a.question_id where a.response_id = r.id and a.question_id = ${questionId})`;

/** The response report of one form (`response_<date>`): a row per response, a column per question in the form's order. */
const formReportExport = defineExport({
  name: 'response',
  sheetName: 'Response Report',
  entries: [SURVEY_RESPONSE_ENTRY, SURVEY_FORM_ENTRY],
  listQuery: formReportQuery,
  columns: base,
  source: (q): ExportSource => ({
    select: sql`select r.id, f.name as form_name, r.consumer_id, c.name as consumer_name, ${MASKED_PHONE}, r.submitted_at`,
    from: FROM,
    where: [sql`r.form_id = ${q.form_id}`],
    keys: ['r.submitted_at', 'r.id'],
    dir: 'asc',
  }),
  forQuery: async (db, q) => {
    const questions = await questionsOfForm(db, q.form_id);
    const cells = questions.map((x) => sql`${answerCell(x.id)} as ${sql.identifier(`q_${x.id}`)}`);
    return {
      columns: [...base, ...questions.map((x): ExportColumn => ({ key: `q_${x.id}`, label: `${x.position}. ${x.text}` }))],
      source: () => ({
        select: sql.join([sql`select r.id, f.name as form_name, r.consumer_id, c.name as consumer_name, ${MASKED_PHONE}, r.submitted_at`, ...cells], sql`, `),
        from: FROM,
        where: [sql`r.form_id = ${q.form_id}`],
        keys: ['r.submitted_at', 'r.id'],
        dir: 'asc',
      }),
    };
  },
});

export const surveyExports: ModuleExport[] = [
  { def: responseListExport, endpoint: responsesApi.export },
  { def: formReportExport, endpoint: responsesApi.report },
];
