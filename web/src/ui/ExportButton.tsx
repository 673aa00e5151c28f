import { useEffect, useRef, useState } from 'react';
import { Button, Dropdown, notification as notificationApi } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { can, EXPORT_FORMATS, MENU_BY_KEY, type AnyEndpoint, type ExportFormat } from '@portal/contract';
import { ApiError, withStepUp, type Query } from '../lib/api.ts';
import { resourceKeys } from '../lib/query-keys.ts';
import { NOTIFY_SECONDS, notifyError } from '../lib/notifier.tsx';
import { useSession } from '../lib/session.ts';
import { saveFile } from '../lib/save-file.ts';
import { exportUrl, fileNameOf } from './export-file.ts';
import { useGo } from './nav.ts';

const FORMAT_LABELS: Record<ExportFormat, string> = { csv: 'CSV', txt: 'TXT', xlsx: 'XLSX' };


export const DOWNLOAD_LIST_ENTRY = 'cms.download-list';

/**
 * Export of a list as CSV, TXT or XLSX with the list's current filters (from the URL). A small export arrives as the
 * file itself; a large one answers 202 and is written in the background into the Download List. `start` runs an
 * export in that format once the button is shown (a shared link's `export=xlsx`), then calls `onStart`. `label` names the
 * button where a screen offers more than one export.
 */
export function ExportButton({
  endpoint,
  params = {},
  query,
  start,
  onStart,
  label,
  testId = 'export-button',
}: {
  endpoint: AnyEndpoint;
  params?: Record<string, string | number>;
  query: Query;
  start?: ExportFormat;
  onStart?: () => void;
  /** The button's text when a screen offers more than one export (default "Export"). */
  label?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const [notification, notificationHolder] = notificationApi.useNotification();
  const queryClient = useQueryClient();
  const { link } = useGo();
  const perms = useSession()?.access.perms;
  const [busy, setBusy] = useState(false);
  const downloadList = MENU_BY_KEY.get(DOWNLOAD_LIST_ENTRY)?.route;
  const canOpenList = !!perms && can(perms, DOWNLOAD_LIST_ENTRY, 'view');

  const run = async (format: ExportFormat) => {
    setBusy(true);
    try {
      // Unmasked personal data may ask for the step-up first; the dialog opens and the export runs again.
      const res = await withStepUp(async () => {
        const answer = await fetch(exportUrl(endpoint, params, query, format), { credentials: 'same-origin' });
        if (answer.status === 403) throw new ApiError(403, await answer.json().catch(() => null));
        return answer;
      });
      if (res.status === 202) {
        await queryClient.invalidateQueries({ queryKey: resourceKeys('downloads').all });
        notification.info({
          key: 'export-in-progress',
          duration: NOTIFY_SECONDS * 2,
          title: t('export.inProgress', 'Export in progress, see Download List'),
          description:
            canOpenList && downloadList ? (
              <a {...link(downloadList)} data-testid="export-download-list-link">
                {t('export.openDownloadList', 'Open the Download List')}
              </a>
            ) : (
              t('export.askForDownloadList', 'The file will be in the Download List.')
            ),
        });
        return;
      }
      if (!res.ok) {
        const text = await res.text();
        let body: unknown = text;
        try {
          body = JSON.parse(text);
        } catch {
          // not JSON: the text itself
        }
        throw new ApiError(res.status, body as ConstructorParameters<typeof ApiError>[1]);
      }
      saveFile(await res.blob(), fileNameOf(res.headers.get('content-disposition'), `export.${format}`));
    } catch (err) {
      notifyError(err);
    } finally {
      setBusy(false);
    }
  };

  const started = useRef(false);
  useEffect(() => {
    if (!start || started.current) return;
    started.current = true;
    onStart?.();
    void run(start);
  }, [start]);

  return (
    <>
      {notificationHolder}
      <Dropdown
        trigger={['click']}
        menu={{
          items: EXPORT_FORMATS.map((f) => ({ key: f, label: <span data-testid={`export-${f}`}>{FORMAT_LABELS[f]}</span> })),
          onClick: ({ key }) => void run(key as ExportFormat),
        }}
      >
        <Button icon={<DownloadOutlined />} loading={busy} data-testid={testId}>
          {label ?? t('export.button', 'Export')}
        </Button>
      </Dropdown>
    </>
  );
}
