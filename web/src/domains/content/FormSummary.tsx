import { Alert, Flex, Progress, Spin, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { can, formatCount, formsApi, QUESTION_SCALE, responsesApi, SURVEY_FORM_ENTRY, SURVEY_QUESTION_TYPE, SURVEY_RESPONSE_ENTRY, type FormDetail } from '@portal/contract';
import { call } from '../../lib/call.ts';
import { useLang } from '../../lib/i18n.ts';
import { errorMessage } from '../../lib/notifier.tsx';
import { resourceKeys } from '../../lib/query-keys.ts';
import { useSession } from '../../lib/session.ts';
import { ExportButton } from '../../ui/ExportButton.tsx';

const summaryKeys = resourceKeys('form-summary');

/** The form's questions in order, each with its answers counted: per option (a bar each), a scale's average. */
export function FormQuestionsSummary({ row }: { row: FormDetail }) {
  const { t } = useTranslation();
  const lang = useLang();
  const summary = useQuery({ queryKey: summaryKeys.detail(row.id), queryFn: async () => (await call(formsApi.summary, { id: row.id })).data });
  if (!row.questions.length) return <Typography.Text type="secondary">{t('content.survey.form.noQuestions', 'This form has no questions yet.')}</Typography.Text>;
  if (summary.isPending) return <Spin />;
  if (summary.isError) return <Alert type="error" showIcon title={errorMessage(summary.error)} />;
  const { responses, questions } = summary.data;
  return (
    <Flex vertical gap={16} data-testid="form-summary">
      <Typography.Text>{t('content.survey.form.responsesCount', 'Responses: {{n}}', { n: formatCount(responses) })}</Typography.Text>
      {row.questions.map((q) => {
        const s = questions.find((x) => x.question_id === q.id);
        const type = SURVEY_QUESTION_TYPE.options.find((o) => o.value === q.type);
        return (
          <Flex key={q.id} vertical gap={6} data-testid={`summary-question-${q.position}`}>
            <Flex gap={8} align="center" wrap>
              <Typography.Text strong>
                {q.position}. {q.text}
              </Typography.Text>
              {type && <Tag>{lang === 'id' && type.labelId ? type.labelId : type.label}</Tag>}
              {q.required && <Tag color="red">{t('content.survey.builder.required', 'Required')}</Tag>}
              <Typography.Text type="secondary">{t('content.survey.form.answered', '{{n}} answered', { n: formatCount(s?.answered ?? 0) })}</Typography.Text>
            </Flex>
            {q.options.map((o, i) => {
              const n = s?.option_counts[i] ?? 0;
              const share = responses ? Math.round((n / responses) * 100) : 0;
              return (
                <Flex key={i} gap={12} align="center" style={{ maxWidth: 560 }}>
                  <Typography.Text style={{ width: 200 }}>{o}</Typography.Text>
                  <Progress percent={share} size="small" style={{ flex: 1, margin: 0 }} aria-label={o} />
                  <Typography.Text data-testid={`summary-q${q.position}-option-${i + 1}`}>{formatCount(n)}</Typography.Text>
                </Flex>
              );
            })}
            {q.type === QUESTION_SCALE && (
              <Typography.Text data-testid={`summary-q${q.position}-average`}>
                {t('content.survey.form.average', 'Average {{avg}} on {{min}}–{{max}}', { avg: s?.average ?? '-', min: q.scale_min, max: q.scale_max })}
              </Typography.Text>
            )}
          </Flex>
        );
      })}
    </Flex>
  );
}

/** The form's response report (`response_<date>`, a column per question) for whoever may export forms or responses. */
export function FormReportButton({ row }: { row: FormDetail }) {
  const perms = useSession()?.access.perms;
  if (!perms || !(can(perms, SURVEY_RESPONSE_ENTRY, 'export') || can(perms, SURVEY_FORM_ENTRY, 'export'))) return null;
  return <ExportButton endpoint={responsesApi.report} query={{ form_id: String(row.id) }} />;
}
