import { useEffect, useState } from 'react';
import { Button, InputNumber, Modal, Progress, Space, Table, Typography } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { VOUCHER_ORDER_FINAL, voucherOrderItemBody, voucherOrdersApi, type VoucherOrderDetail, type VoucherOrderItem } from '@portal/contract';
import { call } from '../../lib/call.ts';
import { formatCount, formatRupiah } from '../../lib/format.ts';
import { notifySuccess } from '../../lib/notifier.tsx';
import { resourceKeys } from '../../lib/query-keys.ts';
import { useResourceAccess } from '../../ui/use-resource-access.ts';

const orderKeys = resourceKeys('voucher-order');
const RELEASE_POLL_MS = 2_000;

/**
 * The order's lines: voucher, denomination, quantity, how many the release generates (editable before release by
 * whoever may edit the order), amount, and the total; once released, the job's progress until every code exists.
 */
export function VoucherOrderItems({ row }: { row: VoucherOrderDetail }) {
  const { t } = useTranslation();
  const access = useResourceAccess({ entries: ['cms.voucher-digital/order-voucher-management'] });
  const [editing, setEditing] = useState<VoucherOrderItem | null>(null);
  const editable = access.can('edit') && !VOUCHER_ORDER_FINAL.includes(row.status);
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <ReleaseProgress row={row} />
      <Table<VoucherOrderItem>
        rowKey="voucher_product_id"
        size="small"
        pagination={false}
        dataSource={row.items}
        data-testid="voucher-order-items"
        columns={[
          { key: 'code', title: t('voucher.order.items.voucher_code', 'Voucher Code'), dataIndex: 'voucher_code' },
          { key: 'name', title: t('voucher.order.items.name', 'Voucher'), dataIndex: 'name' },
          { key: 'denomination', title: t('voucher.order.items.denomination', 'Denomination'), align: 'right', render: (_, i) => formatRupiah(i.denomination) },
          { key: 'quantity', title: t('voucher.order.items.quantity', 'Quantity'), align: 'right', render: (_, i) => formatCount(i.quantity) },
          {
            key: 'release',
            title: t('voucher.order.items.release_amount', 'Release Amount'),
            align: 'right',
            render: (_, i) => (
              <Space>
                {formatCount(i.release_amount)}
                {editable && (
                  <Button size="small" type="link" onClick={() => setEditing(i)} data-testid={`voucher-order-release-amount-${i.voucher_code}`} aria-label={t('voucher.order.items.editRelease', 'Edit the release amount of {{code}}', { code: i.voucher_code })}>
                    {t('ui.edit', 'Edit')}
                  </Button>
                )}
              </Space>
            ),
          },
          { key: 'amount', title: t('voucher.order.items.amount', 'Amount'), align: 'right', render: (_, i) => formatRupiah(i.amount) },
        ]}
        summary={() => (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0} colSpan={3}>
              <Typography.Text strong>{t('voucher.order.items.total', 'Total')}</Typography.Text>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={3} align="right">
              <Typography.Text strong>{formatCount(row.voucher_count)}</Typography.Text>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={4} />
            <Table.Summary.Cell index={5} align="right">
              <Typography.Text strong data-testid="voucher-order-total">
                {formatRupiah(row.total_amount)}
              </Typography.Text>
            </Table.Summary.Cell>
          </Table.Summary.Row>
        )}
      />
      {editing && <ReleaseAmountDialog row={row} item={editing} onClose={() => setEditing(null)} />}
    </Space>
  );
}

/** While the release job generates the codes, the share done, read again every two seconds. */
function ReleaseProgress({ row }: { row: VoucherOrderDetail }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const releasing = row.status === 'done' && !row.released_at;
  useEffect(() => {
    if (!releasing) return;
    const timer = setInterval(() => void queryClient.invalidateQueries({ queryKey: orderKeys.detail(row.id) }), RELEASE_POLL_MS);
    return () => clearInterval(timer);
  }, [releasing, row.id, queryClient]);
  if (row.status !== 'done') return null;
  const target = row.items.reduce((n, i) => n + i.release_amount, 0);
  return (
    <div data-testid="voucher-order-release-progress">
      <Typography.Text>
        {releasing
          ? t('voucher.order.releasing', 'Generating voucher codes: {{done}} of {{target}}', { done: formatCount(row.released_count), target: formatCount(target) })
          : t('voucher.order.released', '{{done}} vouchers released', { done: formatCount(row.released_count) })}
      </Typography.Text>
      <Progress
        percent={target ? Math.floor((row.released_count / target) * 100) : 100}
        status={releasing ? 'active' : 'success'}
        aria-label={releasing ? t('voucher.order.releasing', 'Generating voucher codes: {{done}} of {{target}}', { done: formatCount(row.released_count), target: formatCount(target) }) : t('voucher.order.released', '{{done}} vouchers released', { done: formatCount(row.released_count) })}
      />
    </div>
  );
}

function ReleaseAmountDialog({ row, item, onClose }: { row: VoucherOrderDetail; item: VoucherOrderItem; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [value, setValue] = useState<number | null>(item.release_amount);
  const parsed = voucherOrderItemBody.shape.release_amount.safeParse(value);
  const error = !parsed.success ? parsed.error.issues[0]?.message : value !== null && value > item.quantity ? t('voucher.order.items.overQuantity', 'At most the {{n}} vouchers ordered', { n: formatCount(item.quantity) }) : undefined;
  const save = useMutation({
    mutationFn: () => call(voucherOrdersApi.releaseAmount, { id: row.id, query: { code: item.voucher_code }, body: { version: row.version, release_amount: value ?? 0 } }),
    onSuccess: ({ data, message }) => {
      queryClient.setQueryData(orderKeys.detail(data.id), data);
      notifySuccess(message);
      onClose();
    },
    // The shared notifier shows the server's message; the order is read again.
    onError: async () => {
      await queryClient.invalidateQueries({ queryKey: orderKeys.details() });
    },
  });
  return (
    <Modal
      open
      title={t('voucher.order.items.releaseTitle', 'Release amount of {{code}}', { code: item.voucher_code })}
      okText={t('ui.save', 'Save')}
      okButtonProps={{ disabled: !!error, loading: save.isPending, 'data-testid': 'voucher-order-release-amount-ok' }}
      cancelText={t('ui.cancel', 'Cancel')}
      onCancel={onClose}
      onOk={() => save.mutate()}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        {t('voucher.order.items.releaseHelp', 'How many of the {{n}} vouchers ordered the release generates.', { n: formatCount(item.quantity) })}
      </Typography.Paragraph>
      <InputNumber<number>
        aria-label={t('voucher.order.items.release_amount', 'Release Amount')}
        min={0}
        max={item.quantity}
        precision={0}
        value={value}
        onChange={setValue}
        status={error ? 'error' : undefined}
        style={{ width: 200 }}
        data-testid="voucher-order-release-amount-input"
      />
      {error && (
        <Typography.Paragraph type="danger" style={{ marginTop: 4 }}>
          {error}
        </Typography.Paragraph>
      )}
    </Modal>
  );
}
