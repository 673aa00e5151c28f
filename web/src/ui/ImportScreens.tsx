import { lazy, Suspense, type ReactNode } from 'react';
import { Button, Skeleton } from 'antd';
import { Result } from './Result.tsx';
import { UploadOutlined } from '@ant-design/icons';
import { useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { Action } from '@portal/contract';
import type { ImportWizardProps } from './ImportWizard.tsx';
import { useGo } from './nav.ts';
import { useResourceAccess } from './use-resource-access.ts';

/** The wizard (steps, upload, progress) arrives in its own chunk when an import screen opens, not with the lists. */
const ImportWizard = lazy(async () => ({ default: (await import('./ImportWizard.tsx')).ImportWizard }));

/*
 * The bulk operations of a resource's list: a button on the list that opens `<list>/<path>`, and the screen there, the
 * one ImportWizard for the import definition's key. The server checks the definition's permission again on every call.
 */

interface ImportTarget {
  /** The resource's view (its menu entries decide which list the screen belongs to). */
  view: { entries: readonly string[] };
  /** The action the import needs on the entry (the definition's; `edit` for every bulk edit). */
  action?: Action;
}

export function ImportLinkButton({ view, action = 'edit', path, children, testId }: ImportTarget & { path: string; children: ReactNode; testId: string }) {
  const access = useResourceAccess(view);
  const { link } = useGo();
  if (!access.can(action)) return null;
  return (
    <Button icon={<UploadOutlined />} {...link(`${access.paths.list}/${path}`)} data-testid={testId}>
      {children}
    </Button>
  );
}

export function ImportPage({
  view,
  action = 'edit',
  importKey,
  title,
  ...wizard
}: ImportTarget & { importKey: string; title?: ReactNode } & Pick<ImportWizardProps, 'params' | 'uploadPrelude' | 'uploadBlocked' | 'failTo' | 'confirmStep'>) {
  const { t } = useTranslation();
  const access = useResourceAccess(view);
  if (!access.can(action)) return <Result status="403" title="403" subTitle={t('ui.forbidden', 'You do not have permission to open this page.')} data-testid="forbidden" />;
  return (
    <Suspense fallback={<Skeleton active />}>
      <ImportWizard importKey={importKey} backTo={access.paths.list} title={title} {...wizard} />
    </Suspense>
  );
}

/** An import into one record of the list (`free-gift-promotion/{id}/store-upload`): its `$id` is the parameter. */
export function RecordImportPage({ param, ...props }: ImportTarget & { importKey: string; param: string; title?: ReactNode }) {
  const params: Record<string, unknown> = useParams({ strict: false });
  const id = typeof params.id === 'string' ? params.id : '';
  return <ImportPage {...props} params={{ [param]: id }} />;
}
