import { sql, type SQL } from 'drizzle-orm';
import {
  CHOICE_TYPES,
  FORM_PUBLISHED,
  QUESTION_SCALE,
  QUESTION_SINGLE,
  QUESTION_TEXT,
  appForm,
  jakartaDayStart,
  responseDetail,
  responseRow,
  type AnswerInput,
  type AppForm,
  type FormQuestion,
  type FormSummary,
  type ResponseCreate,
  type ResponseDetail,
  type ResponseListQuery,
  type ResponseRow,
} from '@portal/contract';
import { queryRows, type Db, type Tx } from '../../db/client.ts';
import { writeAudit, type AuditContext } from '../../platform/audit.ts';
import { ResourceService, type ResourceDef } from '../../platform/crud/index.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { rowReader } from '../../platform/sql/row-reader.ts';
import { questionsOfForm } from './form.resource.ts';

/** Longest answer of a text question (type 4); a long text (type 5) takes up to the contract's 5,000. */
const SHORT_TEXT_MAX = 500;

const SELECT = sql`select r.id, r.form_id, f.name as form_name, r.consumer_id, c.name as consumer_name, c.phone, r.submitted_at,
  r.submitted_at as updated_at, null::text as updated_by_name, 1 as version`;
const FROM = sql`from form_responses r join forms f on f.id = r.form_id join consumers c on c.id = r.consumer_id`;
const nextDay = (day: string) => new Date(jakartaDayStart(day).getTime() + 86_400_000);

export const responseDef: ResourceDef<ResponseRow, ResponseListQuery> = {
  entity: 'form-response',
  label: 'Response',
  table: 'form_responses',
  select: SELECT,
  from: FROM,
  countFrom: (q) => (q.search ? sql`from form_responses r join consumers c on c.id = r.consumer_id` : sql`from form_responses r`),
  id: 'r.id',
  toRow: rowReader(responseRow),
  sort: { submitted_at: 'r.submitted_at' },
  search: (pattern) => sql`(lower(c.name) like lower(${pattern}) or c.phone like ${pattern})`,
  where: (q) => [
    q.form_id ? sql`r.form_id = ${q.form_id}` : undefined,
    q.submitted_from ? sql`r.submitted_at >= ${jakartaDayStart(q.submitted_from)}` : undefined,
    q.submitted_to ? sql`r.submitted_at < ${nextDay(q.submitted_to)}` : undefined,
  ],
  writable: [],
  created: false,
};

const toAppForm = rowReader(appForm.omit({ questions: true }));
const readAnswer = rowReader(responseDetail.shape.answers.element.omit({ display: true }));

/**
 * The forms the consumer `c` is offered at `now`: published, in their period, admitted by their targeting (everyone, or
 * the consumer's tag or domicile region; App Member: a membership) and not answered yet.
 */
const offeredTo = (consumerId: number, now: Date): SQL => sql`f.status = ${FORM_PUBLISHED} and f.start_at <= ${now} and f.end_at > ${now}
  and (f.member_scope = 0 or exists (select 1 from members m where m.consumer_id = c.id))
  and (f.targeting = 2 or c.province_code = any(f.province_codes)
    or exists (select 1 from consumer_tags t where t.consumer_id = c.id and t.tag_id = any(f.consumer_tag_ids)))
  and not exists (select 1 from form_responses r where r.form_id = f.id and r.consumer_id = c.id)
  and c.id = ${consumerId}`;

/** Why an answer does not fit its question, or null. */
function misfit(q: FormQuestion, a: AnswerInput): string | null {
  if (CHOICE_TYPES.includes(q.type)) {
    const choices = a.choices ?? [];
    if (a.scale !== undefined || a.text !== undefined) return 'Answer with the options of the question';
    if (choices.some((i) => i >= q.options.length)) return 'Choose among the options of the question';
    if (new Set(choices).size !== choices.length) return 'An option is chosen twice';
    if (q.type === QUESTION_SINGLE && choices.length > 1) return 'Choose one option';
    return null;
  }
  if (q.type === QUESTION_SCALE) {
    if (a.choices !== undefined || a.text !== undefined) return 'Answer with a value of the scale';
    if (a.scale !== undefined && (a.scale < (q.scale_min ?? 0) || a.scale > (q.scale_max ?? 0))) return `Choose a value from ${q.scale_min} to ${q.scale_max}`;
    return null;
  }
  if (a.choices !== undefined || a.scale !== undefined) return 'Answer with a text';
  if (q.type === QUESTION_TEXT && (a.text ?? '').length > SHORT_TEXT_MAX) return `A short answer is at most ${SHORT_TEXT_MAX} characters`;
  return null;
}

const isEmpty = (a: AnswerInput | undefined): boolean => !a || ((a.choices ?? []).length === 0 && a.scale === undefined && (a.text ?? '') === '');

/** The answer as one line: the chosen options' texts, the scale value or the text. */
function display(q: Pick<FormQuestion, 'options'>, a: { choices: number[] | null; scale: number | null; answer_text: string | null }): string | null {
  if (a.choices) return a.choices.map((i) => q.options[i] ?? '?').join(', ');
  if (a.scale !== null) return String(a.scale);
  return a.answer_text;
}

/** Consumers' answers to forms: offered forms, answering once, the staff's list, detail and per-form counts. */
export class ResponseService extends ResourceService<ResponseRow, ResponseListQuery> {
  constructor(db: Db) {
    super(responseDef, db);
  }

  override async get(id: number | string, tx: Db | Tx = this.db): Promise<ResponseDetail> {
    const row = await super.get(id, tx);
    const rows = await queryRows(
      tx,
      sql`select q.id as question_id, q.position, q.text, q.type, q.options, a.choices, a.scale, a.answer_text
          from form_questions q left join form_answers a on a.question_id = q.id and a.response_id = ${row.id}
          where q.form_id = ${row.form_id} order by q.position`,
    );
    const answers = rows.map((r) => {
      const a = readAnswer(r);
      return { ...a, display: display({ options: Array.isArray(r.options) ? r.options.map(String) : [] }, a) };
    });
    return { ...row, answers };
  }

  async offered(consumerId: number, now: Date, formId?: number): Promise<AppForm[]> {
    const forms = await queryRows(
      this.db,
      sql`select f.id, f.name, f.description, f.end_at from forms f, consumers c where ${offeredTo(consumerId, now)}
          ${formId === undefined ? sql`` : sql`and f.id = ${formId}`} order by f.end_at, f.id limit 50`,
    );
    return Promise.all(
      forms.map(async (f) => ({ ...toAppForm(f), questions: (await questionsOfForm(this.db, Number(f.id))).map(({ position: _p, ...q }) => q) })),
    );
  }

  /**
   * Answers a form once: the form must be offered to the consumer, every required question answered and each answer fit
   * its question. The unique (form, consumer) index decides between parallel answers: the second is a 409.
   */
  async answer(formId: number, consumerId: number, body: ResponseCreate, ctx: AuditContext): Promise<{ id: number; form_id: number; submitted_at: string }> {
    return this.db.transaction(async (tx) => {
      const offered = await queryRows(tx, sql`select f.id from forms f, consumers c where ${offeredTo(consumerId, ctx.now)} and f.id = ${formId}`);
      if (!offered.length) {
        const answered = await queryRows(tx, sql`select 1 from form_responses where form_id = ${formId} and consumer_id = ${consumerId}`);
        if (answered.length) throw conflict('You have already answered this form');
        throw notFound('Form');
      }
      const questions = await questionsOfForm(tx, formId);
      const byId = new Map(body.answers.map((a) => [a.question_id, a]));
      const problems: { path: string; message: string }[] = [];
      body.answers.forEach((a, i) => {
        const q = questions.find((x) => x.id === a.question_id);
        const why = q ? misfit(q, a) : 'Not a question of this form';
        if (why) problems.push({ path: `answers.${i}`, message: `${q ? `"${q.text}": ` : ''}${why}` });
      });
      for (const q of questions) {
        if (q.required && isEmpty(byId.get(q.id))) problems.push({ path: `answers`, message: `"${q.text}" is required` });
      }
      if (problems.length) throw badRequest(problems[0]!.message, problems);

      const inserted = await queryRows<{ id: number; submitted_at: string }>(
        tx,
        sql`insert into form_responses (form_id, consumer_id, submitted_at) values (${formId}, ${consumerId}, ${ctx.now})
            on conflict (form_id, consumer_id) do nothing returning id, submitted_at`,
      );
      const response = inserted[0];
      if (!response) throw conflict('You have already answered this form');
      const given = body.answers.filter((a) => !isEmpty(a));
      if (given.length) {
        await tx.execute(sql`insert into form_answers (response_id, question_id, choices, scale, answer_text)
          select ${response.id}, (r->>'question_id')::int,
            case when r->'choices' is null then null else array(select (json_array_elements_text(r->'choices'))::int) end,
            (r->>'scale')::smallint, nullif(r->>'text', '')
          from json_array_elements(${JSON.stringify(given)}::json) r`);
      }
      await tx.execute(sql`update forms set response_count = response_count + 1 where id = ${formId}`);
      await writeAudit(tx, ctx, { action: 'create', entity: 'form-response', entityId: response.id, after: { form_id: formId, consumer_id: consumerId, answers: given } });
      return { id: Number(response.id), form_id: formId, submitted_at: new Date(response.submitted_at).toISOString() };
    });
  }

  /** Per question: how many answered, each option's count (choice), the average (scale). */
  async summary(formId: number): Promise<FormSummary> {
    const [form] = await queryRows<{ response_count: number }>(this.db, sql`select response_count from forms where id = ${formId}`);
    if (!form) throw notFound('Form');
    const questions = await questionsOfForm(this.db, formId);
    const answered = await queryRows<{ question_id: number; answered: number; average: string | null }>(
      this.db,
      sql`select a.question_id, count(*)::int as answered, avg(a.scale)::float8 as average
          from form_answers a join form_questions q on q.id = a.question_id where q.form_id = ${formId} group by a.question_id`,
    );
    const counts = await queryRows<{ question_id: number; idx: number; n: number }>(
      this.db,
      sql`select a.question_id, c.idx, count(*)::int as n from form_answers a join form_questions q on q.id = a.question_id
          cross join unnest(a.choices) as c(idx) where q.form_id = ${formId} group by a.question_id, c.idx`,
    );
    return {
      responses: Number(form.response_count),
      questions: questions.map((q) => {
        const a = answered.find((x) => Number(x.question_id) === q.id);
        const option_counts = q.options.map((_o, i) => Number(counts.find((c) => Number(c.question_id) === q.id && Number(c.idx) === i)?.n ?? 0));
        return {
          question_id: q.id,
          answered: Number(a?.answered ?? 0),
          option_counts,
          average: q.type === QUESTION_SCALE && a?.average != null ? Math.round(Number(a.average) * 100) / 100 : null,
        };
      }),
    };
  }
}
