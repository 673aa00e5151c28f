import type { GrabRetryRow } from '@portal/contract';
import { Button, Typography } from 'antd';
import { createContext, useContext } from 'react';
import { useTranslation } from 'react-i18next';

/** What a row's Retry button does: chooses that order alone for the retry below the list (null: the user may not retry). */
export const RetryChoice = createContext<((row: GrabRetryRow) => void) | null>(null);

/** Only a failed hand-over is retried; one being retried waits for the courier's answer. */
export const retryable = (row: GrabRetryRow): boolean => row.status === 'failed';

export function StoreCell({ row }: { row: GrabRetryRow }) {
  return (
    <span>
      <Typography.Text strong>{row.store_code}</Typography.Text> {row.store_name}
    </span>
  );
}

export function AskedByCell({ row }: { row: GrabRetryRow }) {
  const { t } = useTranslation();
  return <span>{row.requested_by_name ?? t('operations.grabRetry.system', 'System')}</span>;
}

export function ErrorCell({ row }: { row: GrabRetryRow }) {
  // Plain text: a red one fails the contrast on a ticked row's background.
  return row.error ? <span style={{ maxWidth: 340, display: 'inline-block', whiteSpace: 'normal' }}>{row.error}</span> : <span>—</span>;
}

export function RetryCell({ row }: { row: GrabRetryRow }) {
  const { t } = useTranslation();
  const choose = useContext(RetryChoice);
  if (!choose || !retryable(row)) return null;
  return (
    <Button size="small" onClick={() => choose(row)} data-testid={`grab-retry-one-${row.id}`} aria-label={t('operations.grabRetry.retryOne', { order: row.order_no })}>
      {t('operations.grabRetry.retry', 'Retry')}
    </Button>
  );
}
