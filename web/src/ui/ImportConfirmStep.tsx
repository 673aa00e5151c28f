import { useEffect, useRef } from 'react';
import { Alert, Button, Flex, Popconfirm, Progress, Typography } from 'antd';
import { Result } from './Result.tsx';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatCount, importsApi, JOB_STATUS, type ImportBatch } from '@portal/contract';
import { call } from '../lib/call.ts';
import { notifyError, notifySuccess } from '../lib/notifier.tsx';
import { ImportCounts, ImportFailed } from './ImportBatchSummary.tsx';
import { useGo } from './nav.ts';
import { StatusTag } from './StatusTag.tsx';
import { importKeys } from './use-import-batch.ts';

/** Step 3: the summary and Confirm, then the job's progress until COMPLETED (with what changed) or FAILED. */
export function ImportConfirmStep({
  batch,
  backTo,
  doneMessage,
  onRestart,
  onBack,
}: {
  batch: ImportBatch;
  backTo: string;
  /** The spec's toast once the confirmed file has been applied (bulk voucher). */
  doneMessage: string | null;
  onRestart: () => void;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { link } = useGo();
  const confirm = useMutation({
    mutationFn: async () => (await call(importsApi.confirm, { id: batch.id, body: { version: batch.version } })).data,
    meta: { silentError: true },
    onSuccess: (next) => queryClient.setQueryData(importKeys.detail(batch.id), next),
    onError: async (err) => {
      notifyError(err);
      await queryClient.invalidateQueries({ queryKey: importKeys.detail(batch.id) });
    },
  });
  const completed = batch.status === 'COMPLETED';
  // Whether this screen saw the file being applied (not a completed batch opened later by its link).
  const sawRunning = useRef(batch.status !== 'COMPLETED');
  useEffect(() => {
    // The import changed records other screens show: everything they cached is stale now.
    if (completed) void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== importKeys.all[0] });
    if (completed && sawRunning.current && doneMessage) notifySuccess(t(doneMessage, doneMessage));
    if (completed) sawRunning.current = false;
  }, [completed, queryClient, doneMessage, t]);

  const backLink = (
    <Button type="primary" {...link(backTo)} data-testid="import-back-to-list">
      {t('import.backToList')}
    </Button>
  );

  if (batch.status === 'VALIDATED') {
    return (
      <Flex vertical gap={16}>
        <ImportCounts batch={batch} />
        <Alert type="info" showIcon title={t('import.confirmSummary', { valid: formatCount(batch.valid_rows), invalid: formatCount(batch.invalid_rows), file: batch.file_name })} />
        <Flex justify="space-between" gap={8}>
          <Button onClick={onBack} data-testid="import-back">
            {t('import.back')}
          </Button>
          <Popconfirm
            title={t('import.confirmTitle', { count: formatCount(batch.valid_rows) })}
            description={t('import.confirmText', { count: formatCount(batch.valid_rows) })}
            okText={t('import.confirmButton')}
            cancelText={t('ui.cancel')}
            onConfirm={() => confirm.mutate()}
          >
            <Button type="primary" loading={confirm.isPending} data-testid="import-confirm">
              {t('import.confirmButton')}
            </Button>
          </Popconfirm>
        </Flex>
      </Flex>
    );
  }
  if (batch.status === 'PROCESSING') {
    return (
      <Flex vertical align="center" gap={12} style={{ padding: '32px 0' }} data-testid="import-processing">
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('import.importing')}
        </Typography.Title>
        {/* One transaction: nothing to count until it commits, so the bar runs without a figure. */}
        <Progress percent={100} status="active" showInfo={false} style={{ maxWidth: 480 }} />
        <Typography.Text type="secondary">{t('import.importingHint', { count: formatCount(batch.valid_rows) })}</Typography.Text>
        <Flex gap={8} align="center">
          <span>{t('import.jobStatus')}:</span>
          <StatusTag table={JOB_STATUS} value={batch.job_status} />
        </Flex>
      </Flex>
    );
  }
  if (batch.status === 'FAILED') return <ImportFailed batch={batch} onRestart={onRestart} extra={backLink} />;
  const result = batch.result ?? {};
  const details = (['inserted', 'updated'] as const).filter((k) => (result[k] ?? 0) > 0).map((k) => t(`import.result.${k}`, { count: formatCount(result[k] ?? 0) }));
  return (
    <Result
      status="success"
      title={t('import.completedTitle')}
      subTitle={
        <Flex vertical align="center" gap={8}>
          <span data-testid="import-completed">
            {t('import.completedText', { rows: formatCount(result.rows ?? batch.valid_rows), file: batch.file_name })}
            {details.length ? ` (${details.join(', ')})` : ''}
          </span>
          <span>
            {t('import.jobStatus')}: <StatusTag table={JOB_STATUS} value={batch.job_status} />
          </span>
        </Flex>
      }
      extra={
        <Flex gap={8} justify="center" wrap>
          {backLink}
          <Button onClick={onRestart} data-testid="import-restart">
            {t('import.uploadAnother')}
          </Button>
        </Flex>
      }
    />
  );
}
