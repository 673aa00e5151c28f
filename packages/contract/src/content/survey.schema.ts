import { z } from 'zod';
import { isoDateTime } from '../common/fields.ts';
import { INT4_MAX, listQuery, recordId, versioned } from '../common/list-query.ts';
import { idFilter, intFilter, nameField, optionalText } from '../common/resource-fields.ts';
import { dayFilter, enumValueField, instantField } from '../common/period.ts';
import { enumTable } from '../enums/enum-table.ts';
import { targetingFields, targetingRules } from '../common/audience.schema.ts';

/** Spec section 3: Survey question type. */
export const SURVEY_QUESTION_TYPE = enumTable([
  { value: 1, label: 'Single choice', labelId: 'Pilihan tunggal', color: 'blue' },
  { value: 2, label: 'Multiple choice', labelId: 'Pilihan ganda', color: 'gold' },
  { value: 3, label: 'Scale', labelId: 'Skala', color: 'purple' },
  { value: 4, label: 'Text response', labelId: 'Jawaban teks', color: 'orange' },
  { value: 5, label: 'Long text response', labelId: 'Jawaban teks panjang', color: 'default' },
] as const);
export const QUESTION_SINGLE = 1;
export const QUESTION_MULTIPLE = 2;
export const QUESTION_SCALE = 3;
export const QUESTION_TEXT = 4;
export const CHOICE_TYPES: readonly number[] = [QUESTION_SINGLE, QUESTION_MULTIPLE];

/** A form's state (this project's decision, docs/decisions.md): only a published form in its period is offered to consumers. */
export const FORM_DRAFT = 1;
export const FORM_PUBLISHED = 2;
export const FORM_CLOSED = 3;
export const FORM_STATUS = enumTable([
  { value: FORM_DRAFT, label: 'Draft', labelId: 'Draf', color: 'default' },
  { value: FORM_PUBLISHED, label: 'Published', labelId: 'Terbit', color: 'green' },
  { value: FORM_CLOSED, label: 'Closed', labelId: 'Ditutup', color: 'red' },
] as const);

export const SCALE_LOWEST = 0;
export const SCALE_HIGHEST = 10;
export const MAX_QUESTIONS = 50;
export const MAX_OPTIONS = 20;

/** One question as the builder sends it, in the order of the array (its position). */
export const formQuestionInput = z
  .object({
    text: nameField('Question', 300),
    type: enumValueField(SURVEY_QUESTION_TYPE, 'Question type'),
    required: z.boolean().default(false),
    options: z
      .array(z.string().trim().min(1, 'An option needs a text').max(200, 'An option is at most 200 characters'))
      .max(MAX_OPTIONS, `At most ${MAX_OPTIONS} options`)
      .default([]),
    scale_min: z.number().int().min(SCALE_LOWEST, `A scale starts at ${SCALE_LOWEST} or more`).max(SCALE_HIGHEST).nullable().default(null),
    scale_max: z.number().int().min(SCALE_LOWEST).max(SCALE_HIGHEST, `A scale ends at ${SCALE_HIGHEST} or less`).nullable().default(null),
    min_label: optionalText(60),
    max_label: optionalText(60),
  })
  .strict()
  .superRefine((q, ctx) => {
    const choice = CHOICE_TYPES.includes(q.type);
    if (choice && q.options.length < 2) ctx.addIssue({ code: 'custom', path: ['options'], message: 'A choice question needs at least two options' });
    const named = q.options.filter((o) => o !== '').map((o) => o.toLowerCase());
    if (choice && new Set(named).size !== named.length)
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'An option is listed twice' });
    if (!choice && q.options.length) ctx.addIssue({ code: 'custom', path: ['options'], message: 'Only a choice question has options' });
    if (q.type === QUESTION_SCALE) {
      if (q.scale_min === null || q.scale_max === null) ctx.addIssue({ code: 'custom', path: ['scale_max'], message: 'A scale needs its lowest and highest value' });
      else if (q.scale_min >= q.scale_max) ctx.addIssue({ code: 'custom', path: ['scale_max'], message: 'The highest value of a scale must be above its lowest' });
    } else if (q.scale_min !== null || q.scale_max !== null) {
      ctx.addIssue({ code: 'custom', path: ['scale_min'], message: 'Only a scale question has a range' });
    }
  });
export type FormQuestionInput = z.infer<typeof formQuestionInput>;

export const formQuestion = z.object({
  id: z.number().int(),
  position: z.number().int(),
  text: z.string(),
  type: z.number().int(),
  required: z.boolean(),
  options: z.array(z.string()),
  scale_min: z.number().int().nullable(),
  scale_max: z.number().int().nullable(),
  min_label: z.string().nullable(),
  max_label: z.string().nullable(),
});
export type FormQuestion = z.infer<typeof formQuestion>;

export const formRow = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  status: z.number().int(),
  targeting: z.number().int(),
  member_scope: z.number().int(),
  consumer_tag_ids: z.array(z.number().int()),
  province_codes: z.array(z.string()),
  start_at: isoDateTime,
  end_at: isoDateTime,
  question_count: z.number().int(),
  response_count: z.number().int(),
  created_at: isoDateTime,
  created_by_name: z.string().nullable(),
  updated_at: isoDateTime,
  updated_by_name: z.string().nullable(),
  version: z.number().int(),
});
export type FormRow = z.infer<typeof formRow>;

export const formDetail = formRow.extend({ questions: z.array(formQuestion) });
export type FormDetail = z.infer<typeof formDetail>;

const formFields = {
  name: nameField('Name', 120),
  description: optionalText(1000),
  status: enumValueField(FORM_STATUS, 'Status').default(FORM_DRAFT),
  ...targetingFields,
  start_at: instantField('Start'),
  end_at: instantField('End'),
  questions: z.array(formQuestionInput, { error: 'Questions must be a list' }).max(MAX_QUESTIONS, `At most ${MAX_QUESTIONS} questions`).default([]),
};
type FormShape = { status: number; start_at: string; end_at: string; questions: unknown[]; targeting: number; consumer_tag_ids: number[]; province_codes: string[] };
const formRules = <T extends z.ZodType<FormShape>>(schema: T) =>
  targetingRules(
    schema
      .refine((b) => new Date(b.end_at).getTime() > new Date(b.start_at).getTime(), { message: 'End must be after the start', path: ['end_at'] })
      .refine((b) => b.status === FORM_DRAFT || b.questions.length > 0, { message: 'Add at least one question before publishing', path: ['questions'] }),
  );
export const formCreateBody = formRules(z.object(formFields).strict());
export const formUpdateBody = formRules(z.object({ ...formFields, ...versioned }).strict());
export type FormCreate = z.infer<typeof formCreateBody>;
export type FormUpdate = z.infer<typeof formUpdateBody>;

export const formListQuery = listQuery(['updated_at', 'name', 'start_at', 'end_at', 'created_at'] as const, {
  status: intFilter(1, 3),
  active_on: dayFilter,
});
export type FormListQuery = z.infer<typeof formListQuery>;

/** Per-question counts of a form's answers: each option's count, a scale's average, how many answered. */
export const formSummary = z.object({
  responses: z.number().int(),
  questions: z.array(
    z.object({
      question_id: z.number().int(),
      answered: z.number().int(),
      option_counts: z.array(z.number().int()),
      average: z.number().nullable(),
    }),
  ),
});
export type FormSummary = z.infer<typeof formSummary>;

/** One consumer's answer to one question: the chosen option indexes (choice), a value (scale) or a text. */
export const answerInput = z
  .object({
    question_id: recordId,
    choices: z.array(z.number().int().min(0).max(MAX_OPTIONS - 1)).max(MAX_OPTIONS).optional(),
    scale: z.number().int().min(SCALE_LOWEST).max(SCALE_HIGHEST).optional(),
    text: z.string().trim().max(5000, 'An answer is at most 5,000 characters').optional(),
  })
  .strict();
export type AnswerInput = z.infer<typeof answerInput>;
export const responseCreateBody = z
  .object({ answers: z.array(answerInput, { error: 'Answers must be a list' }).max(MAX_QUESTIONS) })
  .strict()
  .refine((b) => new Set(b.answers.map((a) => a.question_id)).size === b.answers.length, { message: 'A question is answered twice', path: ['answers'] });
export type ResponseCreate = z.infer<typeof responseCreateBody>;

export const responseAnswer = z.object({
  question_id: z.number().int(),
  position: z.number().int(),
  text: z.string(),
  type: z.number().int(),
  choices: z.array(z.number().int()).nullable(),
  scale: z.number().int().nullable(),
  answer_text: z.string().nullable(),
  /** The answer as one line: the chosen options' texts, the scale value or the text. */
  display: z.string().nullable(),
});

export const responseRow = z.object({
  id: z.number().int(),
  form_id: z.number().int(),
  form_name: z.string(),
  consumer_id: z.number().int(),
  consumer_name: z.string().nullable(),
  /** Masked unless the caller may see personal data. */
  phone: z.string().nullable(),
  submitted_at: isoDateTime,
  updated_at: isoDateTime,
  updated_by_name: z.string().nullable(),
  version: z.number().int(),
});
export type ResponseRow = z.infer<typeof responseRow>;
export const responseDetail = responseRow.extend({ answers: z.array(responseAnswer) });
export type ResponseDetail = z.infer<typeof responseDetail>;

export const responseListQuery = listQuery(['submitted_at', 'form_name'] as const, {
  form_id: idFilter,
  submitted_from: dayFilter,
  submitted_to: dayFilter,
});
export type ResponseListQuery = z.infer<typeof responseListQuery>;

/** The form report: its responses, one column per question. */
export const formReportQuery = z
  .object({ form_id: z.coerce.number({ error: 'Choose the form whose report to export (form_id)' }).int().positive().max(INT4_MAX) })
  .strict();

/** A form as the consumer app shows it. */
export const appForm = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  end_at: isoDateTime,
  questions: z.array(formQuestion.omit({ position: true })),
});
export type AppForm = z.infer<typeof appForm>;
export const appResponse = z.object({ id: z.number().int(), form_id: z.number().int(), submitted_at: isoDateTime });
