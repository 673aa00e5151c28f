import { useMemo, useState } from 'react';
import { Alert, Button, Empty, Flex, Popconfirm, Space, Table, Tooltip } from 'antd';
import type { TableColumnsType, TableProps } from 'antd';
import { DeleteOutlined, EditOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation, useRouter, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { resourceKeys } from '../lib/query-keys.ts';
import { errorMessage, notifyError, notifySuccess } from '../lib/notifier.tsx';
import { DeleteConfirm } from './DeleteConfirm.tsx';
import { ExportButton } from './ExportButton.tsx';
import { ColumnChooser, useHiddenColumns } from './ColumnChooser.tsx';
import { DisplayValue } from './DisplayValue.tsx';
import { FilterBar, type FilterValues } from './FilterBar.tsx';
import { cleanListSearch, listQueryParams, pagerTotal, type ListSearch } from './list-search.ts';
import { useGo } from './nav.ts';
import { deleteQueryOf, type ResourceView } from './resource.ts';
import { resourceCalls } from './resource-calls.ts';
import { listQueryOptions } from './list-query.ts';
import { useResourceAccess } from './use-resource-access.ts';

const PAGE_SIZES = ['10', '20', '50', '100'];

/** The list's state in the URL: read through the router, written back as a new history entry. */
function useListSearch(schema: z.ZodType) {
  const router = useRouter();
  const pathname = useLocation({ select: (l) => l.pathname });
  const raw: object = useSearch({ strict: false });
  const search = useMemo(() => cleanListSearch(schema, raw), [schema, raw]);
  const params = useMemo(() => listQueryParams(schema, raw), [schema, raw]);
  const update = (patch: ListSearch) => {
    const merged: Record<string, string | number> = {};
    // A cursor belongs to one page of one ordering and filter: any change drops it unless the patch brings a new one.
    for (const [k, v] of Object.entries({ ...search, cursor: undefined, ...patch })) if (v !== undefined && v !== '') merged[k] = v;
    const next = cleanListSearch(schema, merged);
    void router.navigate({ href: `${pathname}${router.options.stringifySearch(next)}` });
  };
  return { search, params, update };
}

/**
 * Rows ticked for the screen's own use of them (the input of a guarded tool under the list), held by the screen instead
 * of the view's bulk actions; cleared by the table when the page changes.
 */
export interface TableSelection<Row> {
  rows: readonly Row[];
  onChange: (rows: Row[]) => void;
  /** Rows that may be ticked; others show a disabled box. */
  eligible?: (row: Row) => boolean;
}

/**
 * The generic list screen body: FilterBar, column chooser and Create button over an antd Table with server-side
 * pagination and sorting, all driven by the URL's list query; row actions (detail, edit, delete) per permission.
 */
export function ResourceTable<Row extends { id: number | string }, Detail extends Row>({ view, selection }: { view: ResourceView<Row, Detail>; selection?: TableSelection<Row> }) {
  const { t } = useTranslation();
  const access = useResourceAccess(view);
  const { go, link } = useGo();
  const queryClient = useQueryClient();
  const keys = resourceKeys(view.name);
  const { search, params, update } = useListSearch(view.listQuery);
  const calls = resourceCalls<Row, Detail>(view.api, view.listParams, view.recordArgs);

  const list = useQuery({
    ...listQueryOptions(view, params),
    placeholderData: keepPreviousData,
    refetchInterval: view.refresh ? (q) => view.refresh?.(q.state.data?.data ?? []) ?? false : undefined,
  });

  const remove = useMutation({
    mutationFn: (row: Row) => {
      if (!calls.remove) throw new Error('This resource cannot be deleted');
      return calls.remove(row.id, deleteQueryOf(view, row));
    },
    onSuccess: async () => {
      notifySuccess(t('common.success', 'Success'));
      await queryClient.invalidateQueries({ queryKey: keys.all });
    },
  });

  // Bulk actions over ticked rows of the page shown (cleared whenever the page changes or an action ran).
  const bulkActions = (view.bulkActions ?? []).filter((b) => access.can(b.action));
  const [ticked, setTicked] = useState<Row[]>([]);
  const bulk = useMutation({
    mutationFn: ({ key, rows }: { key: string; rows: readonly Row[] }) => bulkActions.find((b) => b.key === key)!.run(rows),
    onSuccess: async () => {
      notifySuccess(t('common.success', 'Success'));
      setTicked([]);
      await queryClient.invalidateQueries({ queryKey: keys.all });
    },
    onError: (err) => notifyError(err),
  });

  const fieldLabel = (key: string, label: string) => t(`${view.i18n}.fields.${key}`, label);
  const defaultHidden = view.columns.filter((c) => c.defaultHidden).map((c) => c.key);
  const [hidden, setHidden] = useHiddenColumns(view.name, defaultHidden);

  const sortBy = typeof params.sort_by === 'string' ? params.sort_by : undefined;
  const sortDir = params.sort_dir === 'asc' ? 'ascend' : 'descend';
  const canEdit = !!calls.update && !!view.form && access.can('edit');
  const canDelete = !!calls.remove && access.can('delete');

  const columns: TableColumnsType<Row> = view.columns
    .filter((c) => !hidden.includes(c.key))
    .map((c) => ({
      key: c.key,
      title: fieldLabel(c.key, c.label),
      width: c.width,
      fixed: c.fixed,
      sorter: c.sortable ? true : undefined,
      sortOrder: c.sortable ? (sortBy === c.key ? sortDir : null) : undefined,
      sortDirections: ['ascend', 'descend'],
      render: (_: unknown, row: Row) =>
        c.link ? (
          <a {...link(access.paths.detail(row.id))} data-testid={`row-link-${row.id}`}>
            <DisplayValue def={c} row={row} />
          </a>
        ) : (
          <DisplayValue def={c} row={row} />
        ),
    }));

  if (view.rowActions !== false) columns.push({
    key: '__actions',
    title: t('ui.actions', 'Actions'),
    fixed: 'right',
    width: 130,
    render: (_: unknown, row: Row) => {
      return (
        <Space size={4}>
          <Tooltip title={t('ui.detail', 'Detail')}>
            <Button type="text" size="small" icon={<EyeOutlined />} {...link(access.paths.detail(row.id))} data-testid={`row-detail-${row.id}`} />
          </Tooltip>
          {canEdit && !view.locked?.(row) && (
            <Tooltip title={t('ui.edit', 'Edit')}>
              <Button type="text" size="small" icon={<EditOutlined />} {...link(access.paths.edit(row.id))} data-testid={`row-edit-${row.id}`} />
            </Tooltip>
          )}
          {canDelete && !view.locked?.(row) && (
            <DeleteConfirm title={view.rowTitle(row)} onConfirm={() => remove.mutateAsync(row)}>
              <Button type="text" size="small" danger icon={<DeleteOutlined />} data-testid={`row-delete-${row.id}`} />
            </DeleteConfirm>
          )}
        </Space>
      );
    },
  });

  const onChange: TableProps<Row>['onChange'] = (pagination, _filters, sorter, extra) => {
    if (extra.action === 'sort') {
      const s = Array.isArray(sorter) ? sorter[0] : sorter;
      const key = s?.order ? String(s.columnKey) : undefined;
      update({ sort_by: key, sort_dir: key ? (s?.order === 'ascend' ? 'asc' : 'desc') : undefined, page: undefined });
      return;
    }
    const limit = pagination.pageSize ?? 10;
    const page = limit !== params.limit ? undefined : pagination.current;
    // The next page is read by keyset from this page's last row; any other jump reads by offset.
    const current = typeof params.page === 'number' ? params.page : 1;
    const cursor = page === current + 1 ? (list.data?.meta.next_cursor ?? undefined) : undefined;
    setTicked([]);
    selection?.onChange([]);
    update({ page, limit, cursor });
  };

  const filterKeys = (view.filters ?? []).flatMap((f) => (f.kind === 'dateRange' ? [f.from, f.to] : [f.key]));
  const filterValues: FilterValues = Object.fromEntries(['search', ...filterKeys].map((k) => [k, search[k]]));
  const resetPatch: FilterValues = Object.fromEntries(['search', ...filterKeys, 'page'].map((k) => [k, undefined]));

  const data = list.data;
  const total = data?.meta.total ?? 0;
  const page = typeof params.page === 'number' ? params.page : 1;
  const pageSize = typeof params.limit === 'number' ? params.limit : 10;
  const offered = pagerTotal(total, pageSize, page, !!data?.meta.next_cursor);

  return (
    <div data-testid="resource-table" data-resource={view.name}>
      <Flex justify="space-between" align="flex-start" gap={8} wrap style={{ marginBottom: 12 }}>
        <FilterBar
          i18n={view.i18n}
          search={view.search}
          filters={view.filters ?? []}
          values={filterValues}
          onChange={(patch) => update({ ...patch, page: undefined })}
          onReset={() => update(resetPatch)}
        />
        <Space wrap>
          {bulkActions.map((b) => {
            const rows = ticked.filter((r) => b.eligible?.(r) ?? true);
            return (
              <Popconfirm
                key={b.key}
                title={t(`${view.i18n}.bulk.${b.key}Confirm`, b.confirm, { count: rows.length })}
                disabled={!rows.length}
                onConfirm={() => bulk.mutateAsync({ key: b.key, rows }).catch(() => undefined)}
                okButtonProps={{ 'data-testid': `bulk-${b.key}-confirm` }}
              >
                <Button disabled={!rows.length} loading={bulk.isPending && bulk.variables?.key === b.key} data-testid={`bulk-${b.key}`}>
                  {t(`${view.i18n}.bulk.${b.key}`, b.label)}
                  {rows.length ? ` (${rows.length})` : ''}
                </Button>
              </Popconfirm>
            );
          })}
          <ColumnChooser
            columns={view.columns.map((c) => ({ key: c.key, title: fieldLabel(c.key, c.label) }))}
            hidden={hidden}
            onChange={setHidden}
          />
          {view.export && access.can('export') && <ExportButton endpoint={view.export} params={view.listParams} query={{ ...params, ...view.exportQuery }} />}
          {view.api.create && view.form?.create && access.can('create') && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => go(access.paths.create)} data-testid="create-button">
              {t('ui.create', 'Create')}
            </Button>
          )}
        </Space>
      </Flex>
      {list.isError && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          title={errorMessage(list.error)}
          action={
            <Button size="small" onClick={() => void list.refetch()}>
              {t('ui.retry', 'Retry')}
            </Button>
          }
        />
      )}
      <Table<Row>
        rowKey={(row) => String(row.id)}
        size="middle"
        columns={columns}
        dataSource={data?.data ?? []}
        loading={list.isFetching || remove.isPending}
        scroll={{ x: 'max-content' }}
        onChange={onChange}
        rowSelection={
          selection
            ? {
                selectedRowKeys: selection.rows.map((r) => String(r.id)),
                onChange: (_keys, rows) => selection.onChange(rows),
                getCheckboxProps: (row) => ({ disabled: !(selection.eligible?.(row) ?? true), 'data-testid': `row-select-${row.id}` }),
              }
            : bulkActions.length
            ? {
                selectedRowKeys: ticked.map((r) => String(r.id)),
                onChange: (_keys, rows) => setTicked(rows),
                getCheckboxProps: (row) => ({ disabled: !bulkActions.some((b) => b.eligible?.(row) ?? true), 'data-testid': `row-select-${row.id}` }),
              }
            : undefined
        }
        onRow={(row) => {
          const attrs = { 'data-testid': `resource-row-${row.id}`, 'data-row-id': String(row.id), className: 'resource-row' };
          return attrs;
        }}
        locale={{ emptyText: list.isPending ? ' ' : <Empty description={t('ui.empty', 'No data')} data-testid="resource-empty" /> }}
        pagination={{
          current: page,
          pageSize,
          total: offered,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZES,
          showTotal: () => (
            <span data-testid="resource-total">
              {data?.meta.total_kind === 'estimate' ? t('ui.totalEstimate', 'About {{count}} items', { count: total }) : t('ui.total', 'Total {{count}} items', { count: total })}
              {offered < total && ` · ${t('ui.deepPages', 'use the filters to reach the rest')}`}
            </span>
          ),
        }}
      />
    </div>
  );
}
