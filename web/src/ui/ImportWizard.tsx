import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Card, Spin, Steps } from 'antd';
import { Result } from './Result.tsx';
import { useTranslation } from 'react-i18next';
import type { ImportBatch } from '@portal/contract';
import { ApiError, type Query } from '../lib/api.ts';
import { registerDictionaries } from '../lib/i18n.ts';
import { errorMessage, notifyError } from '../lib/notifier.tsx';
import { useGo } from './nav.ts';
import { importStep, type ImportStage } from './import-step.ts';
import { importWizardI18n } from './import-wizard.i18n.ts';
import { ImportConfirmStep } from './ImportConfirmStep.tsx';
import { ImportPreviewStep } from './ImportPreviewStep.tsx';
import { ImportUploadStep } from './ImportUploadStep.tsx';
import { PageHeader } from './PageHeader.tsx';
import { useBatchParam, useImportBatch, useImportDefinition } from './use-import-batch.ts';

// The wizard's texts arrive with it (its own chunk, loaded when an import screen opens).
registerDictionaries(importWizardI18n);

/*
 * The one import screen, generic over an import definition's key: 1 template and upload, 2 preview of every row with
 * its errors by cell, 3 confirm and the job's progress until COMPLETED or FAILED. The batch id lives in the URL
 * (?batch=ID), so a reload or a link resumes where the import is.
 */

export interface ImportWizardProps {
  /** The import definition's key (`product-edit`, ...). */
  importKey: string;
  /** Where "Back to the list" leads. */
  backTo: string;
  /** The page title; default the definition's title. */
  title?: ReactNode;
  /** The upload's parameters, for an import into one record (`{ free_gift_id: 5 }`) or typed beside the file (a reason). */
  params?: Query;
  /** Fields above the drop zone that fill `params` (the reason of a stamp injection). */
  uploadPrelude?: ReactNode;
  /** Why the file cannot be uploaded yet (a required parameter is missing): the drop zone waits, saying so. */
  uploadBlocked?: string | null;
  /**
   * Where a failed upload returns (spec section 4: digital-stamp-inject): a file refused at validation, and leaving the
   * preview, go there with the reason as a notice instead of staying in the wizard.
   */
  failTo?: string;
  /**
   * Step 3 of a validated batch when another write than the pipeline's confirm applies it (heimdal's guarded tools: a
   * preview, a reason, the second factor); the batch's later states (completed, failed) show as usual.
   */
  confirmStep?: (step: { batch: ImportBatch; onBack: () => void; onRestart: () => void }) => ReactNode;
}

export function ImportWizard({ importKey, backTo, title, params, uploadPrelude, uploadBlocked, failTo, confirmStep }: ImportWizardProps) {
  const { t } = useTranslation();
  const [batchId, setBatchId] = useBatchParam();
  const [stage, setStage] = useState<ImportStage>('preview');
  const definition = useImportDefinition(importKey);
  const batch = useImportBatch(batchId);

  const info = definition.data;
  const current = batchId !== undefined ? batch.data : undefined;
  const { go } = useGo();
  const restart = () => {
    if (failTo) return go(failTo);
    setStage('preview');
    setBatchId(undefined);
  };
  // A batch that failed before it was confirmed (a wrong header, an empty file) returns to `failTo`, once.
  const failedId = failTo && current?.status === 'FAILED' && !current.confirmed_at ? current.id : undefined;
  const returned = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (failedId === undefined || !failTo || returned.current === failedId) return;
    returned.current = failedId;
    notifyError(current?.error ?? '', t('import.failedTitle'));
    go(failTo, { replace: true });
  }, [failedId, failTo, current?.error, go, t]);
  const step = importStep(current, stage);

  let body: ReactNode;
  if (definition.isError) body = <Alert type="error" showIcon title={errorMessage(definition.error)} />;
  else if (!info || (batchId !== undefined && batch.isPending)) body = <Spin style={{ display: 'block', margin: '48px auto' }} />;
  else if (batchId !== undefined && batch.isError) {
    body = (
      <Result
        status={batch.error instanceof ApiError && batch.error.status === 404 ? '404' : 'error'}
        title={errorMessage(batch.error)}
        extra={<Button onClick={restart}>{t('import.uploadAnother')}</Button>}
      />
    );
  } else if (!current) body = <ImportUploadStep info={info} params={params} prelude={uploadPrelude} blocked={uploadBlocked} onUploaded={(b) => setBatchId(b.id)} />;
  else if (step === 1) body = <ImportPreviewStep info={info} batch={current} onRestart={restart} onNext={() => setStage('confirm')} />;
  else if (confirmStep && current.status === 'VALIDATED') body = confirmStep({ batch: current, onBack: () => setStage('preview'), onRestart: restart });
  else body = <ImportConfirmStep batch={current} backTo={backTo} doneMessage={info?.done_message ?? null} onRestart={restart} onBack={() => setStage('preview')} />;

  return (
    <div data-testid="import-wizard">
      <PageHeader title={title ?? (info ? t(`import.title.${info.key}`, info.title) : '')} />
      <Card>
        <Steps
          current={current?.status === 'COMPLETED' ? 3 : step}
          status={current?.status === 'FAILED' ? 'error' : undefined}
          style={{ marginBottom: 24 }}
          items={[{ title: t('import.stepUpload') }, { title: t('import.stepPreview') }, { title: t('import.stepConfirm') }]}
          data-testid="import-steps"
        />
        {body}
      </Card>
    </div>
  );
}
