import { Alert, Button, Dropdown, Flex, Progress, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatCount, importsApi, JOB_STATUS, type ImportBatch, type ImportDefinitionInfo } from '@portal/contract';
import { urlOf } from '../lib/call.ts';
import { ImportCounts, ImportFailed } from './ImportBatchSummary.tsx';
import { ImportPreviewTable } from './ImportPreviewTable.tsx';
import { StatusTag } from './StatusTag.tsx';

/** Step 2: the batch while it validates, then its counts, every row with its errors, the error file, and Next. */
export function ImportPreviewStep({ info, batch, onRestart, onNext }: { info: ImportDefinitionInfo; batch: ImportBatch; onRestart: () => void; onNext: () => void }) {
  const { t } = useTranslation();
  if (batch.status === 'PENDING') {
    return (
      <Flex vertical align="center" gap={12} style={{ padding: '32px 0' }} data-testid="import-validating">
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('import.validating')}
        </Typography.Title>
        <Progress type="circle" percent={batch.progress} />
        <StatusTag table={JOB_STATUS} value={batch.job_status} />
        <Typography.Text type="secondary">{t('import.validatingHint')}</Typography.Text>
      </Flex>
    );
  }
  if (batch.status === 'FAILED') return <ImportFailed batch={batch} onRestart={onRestart} />;
  return (
    <Flex vertical gap={16}>
      <ImportCounts batch={batch} />
      {batch.valid_rows === 0 ? (
        <Alert type="error" showIcon title={t('import.noneValid')} />
      ) : batch.invalid_rows > 0 ? (
        <Alert type="warning" showIcon title={t('import.someInvalid', { invalid: formatCount(batch.invalid_rows), total: formatCount(batch.total_rows) })} />
      ) : (
        <Alert type="success" showIcon title={t('import.allValid')} />
      )}
      <ImportPreviewTable info={info} batch={batch} />
      <Flex justify="space-between" gap={8} wrap>
        <Flex gap={8} wrap>
          <Button onClick={onRestart} data-testid="import-restart">
            {t('import.uploadAnother')}
          </Button>
          {batch.invalid_rows > 0 && <ErrorFileButton batch={batch} />}
        </Flex>
        <Button type="primary" disabled={batch.valid_rows === 0} onClick={onNext} data-testid="import-next">
          {t('import.next')}
        </Button>
      </Flex>
    </Flex>
  );
}

/** The invalid rows with their errors, as XLSX or CSV, to fix and upload again. */
function ErrorFileButton({ batch }: { batch: ImportBatch }) {
  const { t } = useTranslation();
  return (
    <Dropdown
      menu={{
        items: [
          { key: 'xlsx', label: <a href={urlOf(importsApi.errors, { id: batch.id, query: { format: 'xlsx' } })} download data-testid="import-errors-xlsx">{t('import.errorFileXlsx')}</a> },
          { key: 'csv', label: <a href={urlOf(importsApi.errors, { id: batch.id, query: { format: 'csv' } })} download data-testid="import-errors-csv">{t('import.errorFileCsv')}</a> },
        ],
      }}
    >
      <Button icon={<DownloadOutlined />} data-testid="import-errors">
        {t('import.errorFile')}
      </Button>
    </Dropdown>
  );
}
