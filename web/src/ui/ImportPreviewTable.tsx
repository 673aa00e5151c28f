import { useMemo, useState } from 'react';
import { Flex, Switch, Table, Tooltip, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { CheckCircleOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { importsApi, type ImportBatch, type ImportDefinitionInfo, type ImportRow } from '@portal/contract';
import { call } from '../lib/call.ts';
import { translateMessage } from '../lib/i18n.ts';
import { importKeys } from './use-import-batch.ts';

/** The rows of a validated batch, page by page, each invalid cell in red with its messages; optionally only rows with errors. */
export function ImportPreviewTable({ info, batch }: { info: ImportDefinitionInfo; batch: ImportBatch }) {
  const { t } = useTranslation();
  const [onlyErrors, setOnlyErrors] = useState(batch.invalid_rows > 0);
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(10);
  const params = { batch: batch.id, page, limit, only_errors: onlyErrors };
  const rows = useQuery({
    queryKey: importKeys.list(params),
    queryFn: async () =>
      (await call(importsApi.rows, { id: batch.id, query: { page, limit, only_errors: onlyErrors ? 'true' : undefined } })).data,
    placeholderData: keepPreviousData,
  });

  const columns = useMemo<TableColumnsType<ImportRow>>(
    () => [
      { key: 'row_no', title: t('import.row'), dataIndex: 'row_no', width: 72, fixed: 'left' },
      ...info.columns.map((c) => ({
        key: c.key,
        title: c.label,
        onCell: (r: ImportRow) => (r.errors.some((e) => e.column === c.key) ? { style: { background: '#fff1f0' }, 'data-error': 'true' } : {}),
        render: (_: unknown, r: ImportRow) => {
          const value = r.values[c.key];
          const text = value === null || value === undefined ? '' : String(value);
          const messages = r.errors.filter((e) => e.column === c.key).map((e) => translateMessage(e.message));
          if (!messages.length) return text;
          return (
            <Tooltip title={messages.join(' · ')}>
              <div data-testid="import-cell-error">
                <div style={{ color: '#cf1322', wordBreak: 'break-all' }}>{text || '\u00a0'}</div>
                <Typography.Text type="danger" style={{ fontSize: 12 }}>
                  {messages.join(' · ')}
                </Typography.Text>
              </div>
            </Tooltip>
          );
        },
      })),
      {
        key: '_errors',
        title: t('import.errors'),
        fixed: 'right',
        width: 280,
        render: (_: unknown, r: ImportRow) =>
          r.errors.length ? (
            <ul style={{ margin: 0, paddingLeft: 16, color: '#cf1322', fontSize: 12 }} data-testid="import-row-errors">
              {r.errors.map((e, i) => (
                <li key={i}>
                  {info.columns.find((c) => c.key === e.column)?.label ?? e.column}: {translateMessage(e.message)}
                </li>
              ))}
            </ul>
          ) : (
            <CheckCircleOutlined style={{ color: '#389e0d' }} aria-label={t('import.valid')} />
          ),
      },
    ],
    [info.columns, t],
  );

  return (
    <div>
      <Flex justify="space-between" align="center" style={{ marginBottom: 8 }}>
        <Flex gap={8} align="center">
          <Switch
            checked={onlyErrors}
            disabled={batch.invalid_rows === 0}
            onChange={(v) => {
              setOnlyErrors(v);
              setPage(1);
            }}
            data-testid="import-only-errors"
          />
          <span>{t('import.onlyErrors')}</span>
        </Flex>
      </Flex>
      <Table<ImportRow>
        size="small"
        rowKey="row_no"
        bordered
        loading={rows.isFetching}
        columns={columns}
        dataSource={rows.data?.data ?? []}
        scroll={{ x: 'max-content' }}
        data-testid="import-preview"
        pagination={{
          current: page,
          pageSize: limit,
          total: rows.data?.meta.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: ['10', '20', '50', '100'],
          showTotal: (total) => t('ui.total', { count: total }),
          onChange: (p, size) => {
            setPage(size !== limit ? 1 : p);
            setLimit(size);
          },
        }}
      />
    </div>
  );
}
