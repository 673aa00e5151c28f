import { Alert, Card, List, Typography } from 'antd';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { can, previewEntries, PRINT_PREVIEW_PATHS, type PreviewKind } from '@portal/contract';
import { useLang } from '../../lib/i18n.ts';
import { useSession } from '../../lib/session.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';

/**
 * A print preview opened without a page to print (or with one it does not print): what it prints, and a link to the
 * preview of each dashboard or report the user's role opens.
 */
export function PreviewChooser({ kind, refused }: { kind: PreviewKind; refused?: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const perms = useSession()?.access.perms;
  const entries = previewEntries(kind).filter((e) => !!perms && can(perms, e.key, 'view'));
  const title = kind === 'dashboard' ? t('printPreview.title.dashboard', 'Dashboard print preview') : t('printPreview.title.report', 'Report print preview');
  return (
    <>
      <PageHeader title={title} />
      {refused !== undefined && (
        <Alert type="warning" showIcon style={{ marginBottom: 16 }} data-testid="preview-refused" title={t('printPreview.notPreviewable', 'This address is not a page printed here: {{path}}', { path: refused })} />
      )}
      <Card>
        <Typography.Paragraph>
          {kind === 'dashboard'
            ? t('printPreview.choose.dashboard', 'Choose a dashboard to print or save as a PDF. From an open dashboard, its Print preview button brings its period and filters along.')
            : t('printPreview.choose.report', 'Choose a report to print or save as a PDF. From an open report, its Print preview button brings its filters along.')}
        </Typography.Paragraph>
        <Typography.Title level={2} style={{ fontSize: 16 }}>
          {t('printPreview.pages', 'Pages printed here')}
        </Typography.Title>
        <List
          size="small"
          data-testid="preview-choices"
          dataSource={entries}
          rowKey="key"
          locale={{ emptyText: t('printPreview.none', 'Your role opens no page printed here.') }}
          renderItem={(e) => (
            <List.Item>
              <Link to={PRINT_PREVIEW_PATHS[kind]} search={{ path: e.route }} data-testid={`preview-choice-${e.key}`}>{lang === 'id' ? e.labelId : e.label}</Link>
            </List.Item>
          )}
        />
      </Card>
    </>
  );
}
