import { useState } from 'react';
import { Button, Input, Popconfirm, Table, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { RollbackOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CONSUMER_ENTRIES, formatCount, injectReasonField, stampInjectionsApi, type StampInjectionLine, type StampInjectionRow } from '@portal/contract';
import { call } from '../../lib/call.ts';
import { notifySuccess } from '../../lib/notifier.tsx';
import { resourceKeys } from '../../lib/query-keys.ts';
import { useGo } from '../../ui/nav.ts';
import { useResourceAccess } from '../../ui/use-resource-access.ts';

const keys = resourceKeys('stamp-injection');
const PAGE_SIZE = 20;

/** A batch's rows on its detail, a page at a time from the server: consumer, programme, stamps and the ledger rows. */
export function StampInjectionLines({ row }: { row: StampInjectionRow }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const consumers = useResourceAccess({ entries: CONSUMER_ENTRIES });
  const { link } = useGo();
  const lines = useQuery({
    queryKey: [...keys.detail(row.id), 'rows', page],
    queryFn: async () => (await call(stampInjectionsApi.rows, { id: row.id, query: { page, limit: PAGE_SIZE } })).data,
  });
  const ledgerId = (v: number | null) => (v === null ? '-' : `#${v}`);
  const columns: TableColumnsType<StampInjectionLine> = [
    { key: 'row_no', title: t('loyalty.inject.rows.row', 'Row'), dataIndex: 'row_no', width: 70 },
    {
      key: 'consumer',
      title: t('loyalty.inject.rows.consumer', 'Consumer'),
      render: (_, l) => {
        const text = `${l.consumer_name} · ${l.app_card_id}`;
        return consumers.can('view') ? <a {...link(consumers.paths.detail(l.consumer_id))}>{text}</a> : text;
      },
    },
    { key: 'programme', title: t('loyalty.inject.rows.programme', 'Programme'), dataIndex: 'programme_name' },
    {
      key: 'stamps',
      title: t('loyalty.inject.rows.stamps', 'Stamps'),
      dataIndex: 'stamps',
      width: 100,
      align: 'right',
      render: (v: number) => (v < 0 ? <Typography.Text type="danger">{formatCount(v)}</Typography.Text> : `+${formatCount(v)}`),
    },
    { key: 'ledger_id', title: t('loyalty.inject.rows.ledger', 'Ledger Row'), dataIndex: 'ledger_id', width: 120, render: ledgerId },
    { key: 'reversal_ledger_id', title: t('loyalty.inject.rows.reversal', 'Reversal Row'), dataIndex: 'reversal_ledger_id', width: 130, render: ledgerId },
  ];
  return (
    <Table<StampInjectionLine>
      size="small"
      rowKey="row_no"
      loading={lines.isPending}
      columns={columns}
      dataSource={lines.data?.data ?? []}
      pagination={{ current: page, pageSize: PAGE_SIZE, total: lines.data?.meta.total ?? row.row_count, onChange: setPage, showSizeChanger: false }}
      data-testid="stamp-injection-rows"
    />
  );
}

/** Reverse the batch (with the create right, after a confirmation): every row's stamps are moved back. */
export function StampInjectionReverse({ row, entry }: { row: StampInjectionRow; entry: string }) {
  const { t } = useTranslation();
  const access = useResourceAccess({ entries: [entry] });
  const queryClient = useQueryClient();
  const reverse = useMutation({
    mutationFn: () => call(stampInjectionsApi.reverse, { id: row.id, body: { version: row.version } }),
    onSuccess: async () => {
      notifySuccess(t('loyalty.inject.reversed', 'The batch was reversed'));
      await queryClient.invalidateQueries({ queryKey: keys.all });
    },
  });
  if (row.status !== 'confirmed' || !access.can('create')) return null;
  return (
    <Popconfirm
      title={t('loyalty.inject.reverseTitle', 'Reverse this batch?')}
      description={t('loyalty.inject.reverseText', 'Every row’s stamps are moved back ({{rows}} rows). A consumer who has used the stamps cannot be reversed.', {
        rows: formatCount(row.row_count),
      })}
      okText={t('loyalty.inject.reverse', 'Reverse batch')}
      cancelText={t('ui.cancel', 'Cancel')}
      okButtonProps={{ danger: true, 'data-testid': 'confirm-ok' }}
      onConfirm={() => reverse.mutateAsync().catch(() => undefined)}
    >
      <Button danger icon={<RollbackOutlined />} loading={reverse.isPending} data-testid="stamp-injection-reverse">
        {t('loyalty.inject.reverse', 'Reverse batch')}
      </Button>
    </Popconfirm>
  );
}

/** A batch's reason in a list cell: one line, the whole text on hover. */
export function InjectReasonCell({ row }: { row: StampInjectionRow }) {
  return (
    <Typography.Text ellipsis={{ tooltip: row.reason }} style={{ maxWidth: 280 }}>
      {row.reason}
    </Typography.Text>
  );
}

/** The batch's reason, typed once above the drop zone; the upload carries it. */
export function InjectReasonInput({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const { t } = useTranslation();
  return (
    <div style={{ marginBottom: 28, maxWidth: 640 }}>
      <Typography.Text strong>{t('loyalty.inject.reason', 'Reason')}</Typography.Text>
      <Input.TextArea
        value={value}
        onChange={(e) => onChange(e.target.value)}
        maxLength={300}
        showCount
        autoSize={{ minRows: 2, maxRows: 4 }}
        placeholder={t('loyalty.inject.reasonPlaceholder', 'Why these stamps are added or taken away, e.g. a POS outage on 3 January')}
        aria-label={t('loyalty.inject.reason', 'Reason')}
        data-testid="stamp-inject-reason"
      />
    </div>
  );
}

/** Whether the reason is enough to upload; the contract's message otherwise. */
export function reasonProblem(reason: string): string | null {
  const parsed = injectReasonField.safeParse(reason);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
}
