import type { ReactNode } from 'react';
import { Button, Col, Flex, Row, Statistic } from 'antd';
import { Result } from './Result.tsx';
import { CheckCircleOutlined, CloseCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatCount, JOB_STATUS, type ImportBatch } from '@portal/contract';
import { translateMessage } from '../lib/i18n.ts';
import { StatusTag } from './StatusTag.tsx';

/** A batch's rows: total, valid, invalid (in red when there are any). */
export function ImportCounts({ batch }: { batch: ImportBatch }) {
  const { t } = useTranslation();
  return (
    <Row gutter={16} data-testid="import-counts">
      <Col xs={8}>
        <Statistic title={t('import.total')} value={formatCount(batch.total_rows)} />
      </Col>
      <Col xs={8}>
        <Statistic title={t('import.valid')} value={formatCount(batch.valid_rows)} styles={{ content: { color: '#389e0d' } }} prefix={<CheckCircleOutlined />} />
      </Col>
      <Col xs={8}>
        <Statistic title={t('import.invalid')} value={formatCount(batch.invalid_rows)} styles={{ content: { color: batch.invalid_rows ? '#cf1322' : undefined } }} prefix={<CloseCircleOutlined />} />
      </Col>
    </Row>
  );
}

/** A batch that failed (its validation or its import): the reason, the job's status, and another upload. */
export function ImportFailed({ batch, onRestart, extra }: { batch: ImportBatch; onRestart: () => void; extra?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Result
      status="error"
      title={t('import.failedTitle')}
      subTitle={
        <Flex vertical align="center" gap={8}>
          <span data-testid="import-failure">{translateMessage(batch.error ?? '')}</span>
          {batch.job_status && (
            <span>
              {t('import.jobStatus')}: <StatusTag table={JOB_STATUS} value={batch.job_status} />
            </span>
          )}
        </Flex>
      }
      extra={
        <Flex gap={8} justify="center" wrap>
          <Button type="primary" onClick={onRestart} data-testid="import-restart">
            {t('import.uploadAnother')}
          </Button>
          {extra}
        </Flex>
      }
    />
  );
}
