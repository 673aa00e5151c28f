import { lazy, Suspense, type ReactNode } from 'react';
import { Card } from 'antd';
import { Result } from './Result.tsx';
import { useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { Action } from '@portal/contract';
import { DetailView } from './DetailView.tsx';
import { PageHeader } from './PageHeader.tsx';
import { usePreviewHref, usePrintMode } from './print-mode.ts';
import type { ResourcePrintPage as ResourcePrintPageType } from './ResourcePrintPage.tsx';
import type { ResourceView } from './resource.ts';
import { ResourceForm } from './ResourceForm.tsx';
import { ResourceTable, type TableSelection } from './ResourceTable.tsx';
import { prefetchList } from './list-query.ts';
import { useEntryTitle, useResourceAccess } from './use-resource-access.ts';

// Only pandora's pages offer a print preview: the button loads with them, not with every list.
const PrintPreviewButton = lazy(async () => ({ default: (await import('./PrintPreviewButton.tsx')).PrintPreviewButton }));
// Only a print preview draws it: loaded then, not with every list. Typed as the component (`lazy` drops its parameters).
const ResourcePrintPage = lazy(async () => ({ default: (await import('./ResourcePrintPage.tsx')).ResourcePrintPage })) as unknown as typeof ResourcePrintPageType;

type View<Row extends { id: number | string }, Detail extends Row> = { view: ResourceView<Row, Detail> };

/** The `$id` of the open route. */
export function useIdParam(): string {
  const params: Record<string, unknown> = useParams({ strict: false });
  return typeof params.id === 'string' ? params.id : '';
}

/** Renders the screen only when the user may do the action on the open entry. */
function Allowed({ entries, action, children }: { entries: readonly string[]; action: Action; children: ReactNode }) {
  const { t } = useTranslation();
  const access = useResourceAccess({ entries });
  if (access.can(action)) return <>{children}</>;
  return <Result status="403" title="403" subTitle={t('ui.forbidden', 'You do not have permission to open this page.')} data-testid="forbidden" />;
}

/** A list screen as a route holds it: the component and how to start its first page before it renders. */
export type ListScreen = (() => ReactNode) & { prefetch: (search: object) => void };

/**
 * The list screen of `view` (the generic page, or `Body` when the screen adds to it): its route starts the page the URL
 * shows once the session is known, while the screen's code runs, instead of when the table first renders.
 */
export function listScreen<Row extends { id: number | string }, Detail extends Row>(view: ResourceView<Row, Detail>, Body?: () => ReactNode): ListScreen {
  const Screen = Body ?? (() => <ResourceListPage view={view} />);
  return Object.assign(Screen, { prefetch: (search: object) => prefetchList(view, search) });
}

/**
 * `above`: what a list shows over its table (a report's totals). In a print preview the list is laid out for paper: a
 * print header with its filters in words, then its totals and its first rows.
 */
export function ResourceListPage<Row extends { id: number | string }, Detail extends Row>({
  view,
  extra,
  above,
  below,
  selection,
}: View<Row, Detail> & { extra?: ReactNode; above?: ReactNode; below?: ReactNode; selection?: TableSelection<Row> }) {
  const access = useResourceAccess(view);
  const title = useEntryTitle(access.entry);
  const print = usePrintMode();
  const preview = usePreviewHref();
  if (print) {
    return (
      <Allowed entries={view.entries} action="view">
        <Suspense fallback={null}>
          <ResourcePrintPage view={view} title={title} above={above} />
        </Suspense>
      </Allowed>
    );
  }
  return (
    <Allowed entries={view.entries} action="view">
      <PageHeader
        title={title}
        extra={
          preview ? (
            <>
              {extra}
              <Suspense fallback={null}>
                <PrintPreviewButton href={preview} />
              </Suspense>
            </>
          ) : (
            extra
          )
        }
      />
      {above}
      <Card>
        <ResourceTable view={view} selection={selection} />
      </Card>
      {below}
    </Allowed>
  );
}

/** `id` names the record when the route has no `$id` (a single settings record). */
export function ResourceDetailPage<Row extends { id: number | string }, Detail extends Row>({ view, id: fixedId }: View<Row, Detail> & { id?: string }) {
  const param = useIdParam();
  const id = fixedId ?? param;
  return (
    <Allowed entries={view.entries} action="view">
      <DetailView key={id} view={view} id={id} />
    </Allowed>
  );
}

/** The create form filled with a copy of the record named by the route's `$id`; saving creates a new record. */
export function ResourceDuplicatePage<Row extends { id: number | string; version?: number }, Detail extends Row>({ view }: View<Row, Detail>) {
  return <FormPage view={view} mode="create" copyOf={useIdParam()} />;
}

function FormPage<Row extends { id: number | string; version?: number }, Detail extends Row>({
  view,
  mode,
  id: fixedId,
  copyOf,
}: View<Row, Detail> & { mode: 'create' | 'edit'; id?: string; copyOf?: string }) {
  const { t } = useTranslation();
  const param = useIdParam();
  const id = fixedId ?? param;
  const access = useResourceAccess(view);
  const entryTitle = useEntryTitle(access.entry);
  const pageTitle = copyOf
    ? t('ui.duplicateTitle', 'Duplicate {{name}}', { name: entryTitle })
    : mode === 'create'
      ? t('ui.createTitle', 'Create {{name}}', { name: entryTitle })
      : t('ui.editTitle', 'Edit {{name}}', { name: entryTitle });
  return (
    <Allowed entries={view.entries} action={mode === 'create' ? 'create' : 'edit'}>
      <PageHeader title={pageTitle} />
      <Card>
        <ResourceForm key={`${mode}-${id}-${copyOf ?? ''}`} view={view} mode={mode} id={mode === 'edit' ? id : undefined} copyOf={copyOf} />
      </Card>
    </Allowed>
  );
}

export function ResourceCreatePage<Row extends { id: number | string; version?: number }, Detail extends Row>({ view }: View<Row, Detail>) {
  return <FormPage view={view} mode="create" />;
}

export function ResourceEditPage<Row extends { id: number | string; version?: number }, Detail extends Row>({ view, id }: View<Row, Detail> & { id?: string }) {
  return <FormPage view={view} mode="edit" id={id} />;
}
