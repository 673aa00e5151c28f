import { Button, Space, Spin, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { DOWNLOAD_FAILED, DOWNLOAD_READY, downloadsApi, type DownloadRow } from '@portal/contract';
import { urlOf } from '../../lib/call.ts';
import { formatCount } from '../../lib/format.ts';
import { translateMessage } from '../../lib/i18n.ts';

const UNITS = ['B', 'KB', 'MB', 'GB'];

/** 1536 → "1.5 KB". */
export function fileSize(bytes: number | null): string {
  if (bytes === null) return '-';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${UNITS[unit]}`;
}

export function FileSize({ row }: { row: DownloadRow }) {
  return <>{fileSize(row.size_bytes)}</>;
}

/**
 * What can be done with an export: download it when ready (a plain link, so the browser streams even a large file to
 * disk with the session cookie), wait while it is written, or read why it failed.
 */
export function DownloadAction({ row }: { row: DownloadRow }) {
  const { t } = useTranslation();
  if (row.status === DOWNLOAD_READY) {
    return (
      <Button type="primary" size="small" icon={<DownloadOutlined />} href={urlOf(downloadsApi.file, { id: row.id })} download={row.file_name} data-testid={`download-${row.id}`}>
        {t('operations.download.download', 'Download')}
      </Button>
    );
  }
  if (row.status === DOWNLOAD_FAILED) {
    return (
      <Typography.Text type="danger" data-testid={`download-error-${row.id}`}>
        {row.error ? translateMessage(row.error) : t('operations.download.failed', 'Export failed')}
      </Typography.Text>
    );
  }
  // A job that has counted its rows and written some: how far it is.
  const percent = row.rows_expected && row.rows_done ? Math.min(99, Math.floor((row.rows_done / row.rows_expected) * 100)) : null;
  return (
    <Space size={6} data-testid={`download-pending-${row.id}`}>
      <Spin size="small" />
      <Typography.Text type="secondary" data-testid={percent === null ? undefined : `download-progress-${row.id}`}>
        {percent === null
          ? t('operations.download.preparing', 'Preparing the file…')
          : `${t('operations.download.writing', 'Writing the file: {{done}} of {{expected}} rows', { done: formatCount(row.rows_done), expected: formatCount(row.rows_expected) })} (${percent}%)`}
      </Typography.Text>
    </Space>
  );
}
