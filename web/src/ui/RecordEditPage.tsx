import { useEffect, useState } from 'react';
import { Card, Empty, Select, Skeleton } from 'antd';
import { Result } from './Result.tsx';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { resourceKeys } from '../lib/query-keys.ts';
import { PageHeader } from './PageHeader.tsx';
import { ResourceForm } from './ResourceForm.tsx';
import type { ResourceView } from './resource.ts';
import { resourceCalls } from './resource-calls.ts';
import { useSearchParam } from './search-param.ts';
import { useEntryTitle, useResourceAccess } from './use-resource-access.ts';

const PICK_LIMIT = 50;

/**
 * The edit screen of an entry holding several records at a path without their id (the spec's `chatbot (+edit)`,
 * `notification-offer: list, edit`, a member's `info-address/{id}/edit`): a search parameter names the record
 * (`?id=3`), a picker in the header switches it, and the form is the resource's one form. Without the parameter the
 * first record opens and the URL is completed with it, so the URL always names what is on screen.
 */
export function RecordEditPage<Row extends { id: number | string; version?: number }, Detail extends Row>({
  view,
  param = 'id',
  title,
  emptyText,
  all = false,
}: {
  view: ResourceView<Row, Detail>;
  param?: string;
  title?: string;
  emptyText?: string;
  /** The picker offers every record (`is_all`, up to the server's bound) rather than the first page. */
  all?: boolean;
}) {
  const { t } = useTranslation();
  const access = useResourceAccess(view);
  const entryTitle = useEntryTitle(access.entry) || view.title;
  const [chosen, choose] = useSearchParam(param);
  const [search, setSearch] = useState('');
  const query = { ...(all ? { is_all: 'true' } : { limit: PICK_LIMIT }), ...(view.search && search ? { search } : {}) };
  const records = useQuery({
    queryKey: resourceKeys(view.name).list({ ...query, via: `edit:${view.api.list.id}` }),
    queryFn: async () => (await resourceCalls<Row, Detail>(view.api, view.listParams, view.recordArgs).list(query)).data,
    placeholderData: keepPreviousData,
  });
  const first = records.data?.[0];
  useEffect(() => {
    if (!chosen && first && !search) choose(String(first.id), { replace: true });
  }, [chosen, first, search]);

  if (!access.can('edit')) return <Result status="403" title="403" subTitle={t('ui.forbidden', 'You do not have permission to open this page.')} data-testid="forbidden" />;
  const options = (records.data ?? []).map((r) => ({ value: String(r.id), label: view.rowTitle(r) }));
  if (chosen && !options.some((o) => o.value === chosen)) options.unshift({ value: chosen, label: `#${chosen}` });
  const picker = (
    <Select
      showSearch={view.search ? { filterOption: false, onSearch: setSearch } : { optionFilterProp: 'label' }}
      style={{ minWidth: 280 }}
      value={chosen}
      onChange={(value: string) => choose(value)}
      options={options}
      loading={records.isFetching}
      placeholder={t('ui.pickRecord', 'Choose a record')}
      aria-label={t('ui.pickRecord', 'Choose a record')}
      data-testid="record-pick"
    />
  );
  let body;
  if (chosen) body = <ResourceForm key={chosen} view={view} mode="edit" id={chosen} />;
  else if (records.isPending) body = <Skeleton active />;
  else body = <Empty description={emptyText ?? t('ui.nothingToEdit', 'There is nothing to edit yet')} data-testid="record-pick-empty" />;
  return (
    <>
      <PageHeader title={title ?? t('ui.editTitle', 'Edit {{name}}', { name: entryTitle })} extra={options.length > 1 || !chosen ? picker : undefined} />
      <Card>{body}</Card>
    </>
  );
}
