import { sql } from 'drizzle-orm';
import {
  FORM_DRAFT,
  formCreateBody,
  formDetail,
  formRow,
  formUpdateBody,
  jakartaDayStart,
  type FormDetail,
  type FormListQuery,
  type FormQuestion,
  type FormQuestionInput,
  type FormRow,
} from '@portal/contract';
import { queryRows, type Db, type Tx } from '../../db/client.ts';
import type { AuditContext } from '../../platform/audit.ts';
import { ResourceService, writableColumns, type ResourceDef } from '../../platform/crud/index.ts';
import { conflict } from '../../platform/errors.ts';
import { requireIds } from '../../platform/sql/link-sets.ts';
import { rowReader } from '../../platform/sql/row-reader.ts';
import { requireProvinces } from '../../platform/audience.ts';
import { arrayLiteral } from './content.resource.ts';

const SELECT = sql`select f.id, f.name, f.description, f.status, f.targeting, f.member_scope, f.consumer_tag_ids, f.province_codes, f.start_at, f.end_at,
  (select count(*) from form_questions q where q.form_id = f.id)::int as question_count, f.response_count,
  f.created_at, cb.name as created_by_name, f.updated_at, ub.name as updated_by_name, f.version`;
const FROM = sql`from forms f left join users cb on cb.id = f.created_by left join users ub on ub.id = f.updated_by`;

const toRow = rowReader(formRow);
const toQuestion = rowReader(formDetail.shape.questions.element);

const intArray = (v: unknown): number[] => (Array.isArray(v) ? v.map(Number) : []);
const textArray = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : []);
const questionsOf = (v: unknown): FormQuestionInput[] => (Array.isArray(v) ? (v as FormQuestionInput[]) : []);

/** What a question asks, without its id and position: two forms ask the same when these agree in order. */
const asked = (q: Omit<FormQuestionInput, 'min_label' | 'max_label'> & { min_label?: string | null | undefined; max_label?: string | null | undefined }) =>
  JSON.stringify([q.text, q.type, q.required, q.options, q.scale_min, q.scale_max, q.min_label ?? null, q.max_label ?? null]);

export async function questionsOfForm(tx: Db | Tx, formId: number | string): Promise<FormQuestion[]> {
  const rows = await queryRows(
    tx,
    sql`select id, position, text, type, required, options, scale_min, scale_max, min_label, max_label from form_questions where form_id = ${formId} order by position`,
  );
  return rows.map(toQuestion);
}

export const formDef: ResourceDef<FormRow, FormListQuery> = {
  entity: 'form',
  label: 'Form',
  table: 'forms',
  select: SELECT,
  from: FROM,
  countFrom: () => sql`from forms f`,
  id: 'f.id',
  toRow,
  sort: { updated_at: 'f.updated_at', name: 'lower(f.name)', start_at: 'f.start_at', end_at: 'f.end_at', created_at: 'f.created_at' },
  search: (pattern) => sql`lower(f.name) like lower(${pattern})`,
  where: (q) => [
    q.status ? sql`f.status = ${q.status}` : undefined,
    q.active_on ? sql`f.start_at < ${new Date(jakartaDayStart(q.active_on).getTime() + 86_400_000)} and f.end_at > ${jakartaDayStart(q.active_on)}` : undefined,
  ],
  // The questions are rows of form_questions, written in afterWrite.
  writable: writableColumns([formCreateBody, formUpdateBody], { notColumns: ['questions'] }),
  check: async (tx, body, current) => {
    if (current && current.response_count > 0) {
      if (body.status === FORM_DRAFT) throw conflict('This form has responses and cannot go back to draft');
      const stored = await questionsOfForm(tx, current.id);
      const sent = questionsOf(body.questions);
      if (stored.length !== sent.length || stored.some((q, i) => asked(q) !== asked(sent[i]!))) {
        throw conflict(`This form has ${current.response_count} response(s): its questions can no longer be changed`);
      }
    }
    await requireIds(tx, intArray(body.consumer_tag_ids), { table: 'custom_consumer_tags', field: 'consumer_tag_ids', label: 'Consumer tag' });
    await requireProvinces(tx, textArray(body.province_codes));
    for (const c of ['consumer_tag_ids', 'province_codes']) {
      const literal = arrayLiteral(body[c]);
      if (literal !== undefined) body[c] = literal;
    }
  },
  afterWrite: async (tx, id, body) => {
    if (!Array.isArray(body.questions)) return;
    // Answered questions are left as they are (check refused any change to them); the others are written afresh.
    const [form] = await queryRows<{ response_count: number }>(tx, sql`select response_count from forms where id = ${id}`);
    if (Number(form?.response_count ?? 0) > 0) return;
    await tx.execute(sql`delete from form_questions where form_id = ${id}`);
    const questions = questionsOf(body.questions).map((q, i) => ({ ...q, position: i + 1 }));
    if (!questions.length) return;
    await tx.execute(sql`insert into form_questions (form_id, position, text, type, required, options, scale_min, scale_max, min_label, max_label)
      select ${id}, (r->>'position')::int, r->>'text', (r->>'type')::smallint, (r->>'required')::boolean,
        array(select json_array_elements_text(r->'options')), (r->>'scale_min')::smallint, (r->>'scale_max')::smallint, r->>'min_label', r->>'max_label'
      from json_array_elements(${JSON.stringify(questions)}::json) r`);
  },
  auditView: (row) => {
    const { updated_by_name: _u, created_by_name: _c, question_count: _q, response_count: _r, ...rest } = row;
    const questions = (row as Partial<FormDetail>).questions;
    return { ...rest, questions: questions?.map(({ id: _id, ...q }) => q) };
  },
};

/** Polling and survey forms: the generic resource with its questions as rows; a form with responses keeps its questions and is not deleted. */
export class FormService extends ResourceService<FormRow, FormListQuery> {
  constructor(db: Db) {
    super(formDef, db);
  }

  override async get(id: number | string, tx: Db | Tx = this.db): Promise<FormDetail> {
    const row = await super.get(id, tx);
    return { ...row, questions: await questionsOfForm(tx, row.id) };
  }

  override async remove(id: number | string, ctx: AuditContext, version: number): Promise<void> {
    const form = await super.get(id);
    // A response arriving meanwhile is still held off by its foreign key (a 409 from the generic remove).
    if (form.response_count > 0) throw conflict(`This form has ${form.response_count} response(s) and cannot be deleted`);
    await super.remove(id, ctx, version);
  }
}
