import { Button, Checkbox, Flex, Form, Input, InputNumber, Select, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  CHOICE_TYPES,
  MAX_OPTIONS,
  MAX_QUESTIONS,
  QUESTION_SCALE,
  SCALE_HIGHEST,
  SCALE_LOWEST,
  SURVEY_QUESTION_TYPE,
  formQuestionInput,
  type FormQuestion,
  type FormQuestionInput,
} from '@portal/contract';
import { translateMessage, useLang } from '../../lib/i18n.ts';
import type { CustomInputProps } from '../../ui/resource.ts';
import { moveItem, SortableList } from '../../ui/SortableList.tsx';

/** A question as the builder holds it: the body's question with a key of its own that survives reordering. */
export interface DraftQuestion extends FormQuestionInput {
  id: number;
}

let nextKey = 1;
const newKey = () => nextKey++;

/** The saved questions as the builder's drafts. */
export const draftsOf = (questions: readonly FormQuestion[]): DraftQuestion[] =>
  questions.map(({ id: _id, position: _p, ...q }) => ({ ...q, min_label: q.min_label ?? null, max_label: q.max_label ?? null, id: newKey() }));

/** The drafts as the body's questions, in their order. */
export const questionsToBody = (v: unknown): FormQuestionInput[] => (Array.isArray(v) ? (v as DraftQuestion[]).map(({ id: _k, ...q }) => q) : []);

const blank = (type: number): Omit<DraftQuestion, 'text' | 'id'> => ({
  type,
  required: false,
  options: CHOICE_TYPES.includes(type) ? ['', ''] : [],
  scale_min: type === QUESTION_SCALE ? 1 : null,
  scale_max: type === QUESTION_SCALE ? 5 : null,
  min_label: null,
  max_label: null,
});

/** What is wrong with one question, by the contract's rules: shown under it once the form was checked and found wanting. */
function problemsOf(q: DraftQuestion): string[] {
  const { id: _k, ...body } = q;
  const parsed = formQuestionInput.safeParse(body);
  return parsed.success ? [] : [...new Set(parsed.error.issues.map((i) => translateMessage(i.message)))];
}

function QuestionEditor({ q, n, set, disabled }: { q: DraftQuestion; n: number; set: (q: DraftQuestion) => void; disabled?: boolean | undefined }) {
  const { t } = useTranslation();
  const lang = useLang();
  const { status } = Form.Item.useStatus();
  const problems = status === 'error' ? problemsOf(q) : [];
  const label = (what: string, fallback: string) => t(`content.survey.builder.${what}`, fallback, { n });
  return (
    <Flex vertical gap={8} data-testid={`question-${n}`}>
      <Flex gap={8} wrap>
        <Input
          value={q.text}
          disabled={disabled}
          maxLength={300}
          style={{ flex: 1, minWidth: 220 }}
          placeholder={t('content.survey.builder.textPlaceholder', 'Question')}
          aria-label={label('text', 'Question {{n}}')}
          data-testid={`question-${n}-text`}
          onChange={(e) => set({ ...q, text: e.target.value })}
        />
        <Select
          value={q.type}
          disabled={disabled}
          style={{ width: 200 }}
          aria-label={label('type', 'Type of question {{n}}')}
          data-testid={`question-${n}-type`}
          options={SURVEY_QUESTION_TYPE.options.map((o) => ({ value: o.value, label: lang === 'id' && o.labelId ? o.labelId : o.label }))}
          onChange={(type: number) => set({ ...q, ...blank(type), text: q.text, required: q.required })}
        />
        <Checkbox checked={q.required} disabled={disabled} data-testid={`question-${n}-required`} onChange={(e) => set({ ...q, required: e.target.checked })}>
          {t('content.survey.builder.required', 'Required')}
        </Checkbox>
      </Flex>
      {CHOICE_TYPES.includes(q.type) && (
        <Flex vertical gap={6} style={{ paddingLeft: 16 }}>
          {q.options.map((o, i) => (
            <Flex key={i} gap={8}>
              <Input
                value={o}
                disabled={disabled}
                maxLength={200}
                aria-label={t('content.survey.builder.option', 'Option {{i}} of question {{n}}', { i: i + 1, n })}
                data-testid={`question-${n}-option-${i + 1}`}
                onChange={(e) => set({ ...q, options: q.options.map((x, j) => (j === i ? e.target.value : x)) })}
              />
              <Button
                icon={<DeleteOutlined />}
                disabled={disabled || q.options.length <= 2}
                aria-label={t('content.survey.builder.removeOption', 'Remove option {{i}} of question {{n}}', { i: i + 1, n })}
                onClick={() => set({ ...q, options: q.options.filter((_x, j) => j !== i) })}
              />
            </Flex>
          ))}
          <Button
            size="small"
            icon={<PlusOutlined />}
            disabled={disabled || q.options.length >= MAX_OPTIONS}
            style={{ alignSelf: 'flex-start' }}
            data-testid={`question-${n}-add-option`}
            onClick={() => set({ ...q, options: [...q.options, ''] })}
          >
            {t('content.survey.builder.addOption', 'Add option')}
          </Button>
        </Flex>
      )}
      {q.type === QUESTION_SCALE && (
        <Flex gap={8} wrap align="center" style={{ paddingLeft: 16 }}>
          <InputNumber<number>
            min={SCALE_LOWEST}
            max={SCALE_HIGHEST}
            precision={0}
            value={q.scale_min}
            disabled={disabled}
            aria-label={label('scaleMin', 'Lowest value of question {{n}}')}
            data-testid={`question-${n}-scale-min`}
            onChange={(v) => set({ ...q, scale_min: v })}
          />
          <Input
            value={q.min_label ?? ''}
            disabled={disabled}
            maxLength={60}
            style={{ width: 160 }}
            placeholder={t('content.survey.builder.minLabel', 'Label of the lowest')}
            aria-label={label('minLabelOf', 'Label of the lowest value of question {{n}}')}
            onChange={(e) => set({ ...q, min_label: e.target.value || null })}
          />
          <Typography.Text type="secondary">–</Typography.Text>
          <InputNumber<number>
            min={SCALE_LOWEST}
            max={SCALE_HIGHEST}
            precision={0}
            value={q.scale_max}
            disabled={disabled}
            aria-label={label('scaleMax', 'Highest value of question {{n}}')}
            data-testid={`question-${n}-scale-max`}
            onChange={(v) => set({ ...q, scale_max: v })}
          />
          <Input
            value={q.max_label ?? ''}
            disabled={disabled}
            maxLength={60}
            style={{ width: 160 }}
            placeholder={t('content.survey.builder.maxLabel', 'Label of the highest')}
            aria-label={label('maxLabelOf', 'Label of the highest value of question {{n}}')}
            onChange={(e) => set({ ...q, max_label: e.target.value || null })}
          />
        </Flex>
      )}
      {problems.map((p) => (
        <Typography.Text key={p} type="danger" data-testid={`question-${n}-problem`}>
          {p}
        </Typography.Text>
      ))}
    </Flex>
  );
}

/**
 * The form builder: questions of the five types with their options or range and a required flag, ordered by dragging a
 * question's handle (Space and the arrow keys from the keyboard) or by its arrows.
 */
export function QuestionBuilder({ id, value, onChange, disabled }: CustomInputProps) {
  const { t } = useTranslation();
  const questions: DraftQuestion[] = Array.isArray(value) ? (value as DraftQuestion[]) : [];
  const set = (next: DraftQuestion[]) => onChange?.(next);
  const replace = (i: number, q: DraftQuestion) => set(questions.map((x, j) => (j === i ? q : x)));
  return (
    <Flex vertical gap={8} id={id} data-testid="question-builder">
      {questions.length === 0 && <Typography.Text type="secondary">{t('content.survey.builder.empty', 'No questions yet: add the first one.')}</Typography.Text>}
      <SortableList
        items={questions}
        handleOnly
        testId="question-list"
        move={(from, to) => set(moveItem(questions, from, to))}
        name={(q) => q.text || t('content.survey.builder.untitled', 'untitled question')}
        render={(q, i) => (
          <Flex gap={8} align="flex-start">
            <div style={{ flex: 1, minWidth: 0 }}>
              <QuestionEditor q={q} n={i + 1} disabled={disabled} set={(next) => replace(i, next)} />
            </div>
            <Button
              icon={<DeleteOutlined />}
              disabled={disabled}
              aria-label={t('content.survey.builder.remove', 'Remove question {{n}}', { n: i + 1 })}
              data-testid={`question-${i + 1}-remove`}
              onClick={() => set(questions.filter((_x, j) => j !== i))}
            />
          </Flex>
        )}
      />
      <Button
        icon={<PlusOutlined />}
        disabled={disabled || questions.length >= MAX_QUESTIONS}
        style={{ alignSelf: 'flex-start' }}
        data-testid="question-add"
        onClick={() => set([...questions, { ...blank(1), text: '', id: newKey() }])}
      >
        {t('content.survey.builder.add', 'Add question')}
      </Button>
    </Flex>
  );
}
