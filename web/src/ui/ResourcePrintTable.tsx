import { useMemo } from 'react';
import { Alert, Table, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../lib/format.ts';
import { errorMessage } from '../lib/notifier.tsx';
import { useHiddenColumns } from './ColumnChooser.tsx';
import { DisplayValue } from './DisplayValue.tsx';
import { listQueryOptions } from './list-query.ts';
import { listQueryParams } from './list-search.ts';
import { usePrintMode } from './print-mode.ts';
import type { ResourceView } from './resource.ts';

/** How many rows a list prints when the preview does not say. */
const DEFAULT_ROWS = 100;

/**
 * A list printed: the first rows (the print preview's number) for the URL's filters and order, in the columns the user
 * shows on screen, with how many of how many rows the sheet holds. The export holds them all.
 */
export function ResourcePrintTable<Row extends { id: number | string }, Detail extends Row>({ view }: { view: ResourceView<Row, Detail> }) {
  const { t } = useTranslation();
  const rows = usePrintMode()?.rows ?? DEFAULT_ROWS;
  const raw: Record<string, unknown> = useSearch({ strict: false });
  const key = JSON.stringify(raw);
  const params = useMemo(() => listQueryParams(view.listQuery, { ...raw, page: 1, limit: rows, cursor: undefined }), [view, key, rows]);
  const list = useQuery(listQueryOptions(view, params));
  const [hidden] = useHiddenColumns(view.name, view.columns.filter((c) => c.defaultHidden).map((c) => c.key));
  const columns: TableColumnsType<Row> = view.columns
    .filter((c) => !hidden.includes(c.key))
    .map((c) => ({ key: c.key, title: t(`${view.i18n}.fields.${c.key}`, c.label), render: (_: unknown, row: Row) => <DisplayValue def={c} row={row} /> }));
  if (list.isError) return <Alert type="error" showIcon title={errorMessage(list.error)} data-testid="print-table-error" />;
  const shown = list.data?.data.length ?? 0;
  const total = list.data?.meta.total ?? 0;
  return (
    <>
      <Table<Row> size="small" rowKey={(row) => String(row.id)} columns={columns} dataSource={list.data?.data ?? []} loading={list.isPending} pagination={false} data-testid="print-table" />
      {list.data && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 8 }} data-testid="print-rows">
          {shown < total
            ? t('ui.print.firstRows', 'The first {{shown}} of {{total}} rows. The export holds them all.', { shown: formatCount(shown), total: formatCount(total) })
            : t('ui.print.allRows', 'All {{total}} rows.', { total: formatCount(total) })}
        </Typography.Paragraph>
      )}
    </>
  );
}
