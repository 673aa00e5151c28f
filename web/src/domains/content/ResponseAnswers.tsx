import { Descriptions, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { SURVEY_QUESTION_TYPE, type ResponseDetail } from '@portal/contract';
import { useLang } from '../../lib/i18n.ts';

/** Every question of the form in order with the consumer's answer; an optional question left out shows a dash. */
export function ResponseAnswers({ row }: { row: ResponseDetail }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <Descriptions
      column={1}
      bordered
      size="small"
      data-testid="response-answers"
      items={row.answers.map((a) => {
        const type = SURVEY_QUESTION_TYPE.options.find((o) => o.value === a.type);
        return {
          key: String(a.question_id),
          label: (
            <span>
              {a.position}. {a.text} {type && <Tag style={{ marginLeft: 4 }}>{lang === 'id' && type.labelId ? type.labelId : type.label}</Tag>}
            </span>
          ),
          children: a.display ? (
            <Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{a.display}</Typography.Text>
          ) : (
            <Typography.Text type="secondary">{t('content.survey.response.notAnswered', 'Not answered')}</Typography.Text>
          ),
        };
      })}
    />
  );
}
