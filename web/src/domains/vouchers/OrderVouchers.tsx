import { useState } from 'react';
import { Space, Table, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { VOUCHER_STATUS, formatDate, jakartaDayStart, vouchersListApi, type VoucherOrderDetail, type VoucherRow } from '@portal/contract';
import { call } from '../../lib/call.ts';
import { formatRupiah, useFormat } from '../../lib/format.ts';
import { resourceKeys } from '../../lib/query-keys.ts';
import { ExportButton } from '../../ui/ExportButton.tsx';
import { StatusTag } from '../../ui/StatusTag.tsx';
import { useResourceAccess } from '../../ui/use-resource-access.ts';

const PAGE = 10;

/**
 * A released order's vouchers, ten a page, codes masked; whoever may export downloads them whole to hand to the client
 * (VoucherReport_<day>.xlsx of this order).
 */
export function OrderVouchers({ row }: { row: VoucherOrderDetail }) {
  const { t } = useTranslation();
  const f = useFormat();
  const access = useResourceAccess({ entries: ['cms.voucher-digital/order-voucher-management'] });
  const [page, setPage] = useState(1);
  const query = { order_id: row.id, page, limit: PAGE, sort_by: 'released_at', sort_dir: 'asc' } as const;
  const vouchers = useQuery({
    queryKey: resourceKeys('voucher').list({ ...query, released: row.released_count }),
    queryFn: async () => (await call(vouchersListApi.list, { query })).data,
    enabled: row.released_count > 0,
  });
  if (row.released_count === 0) return <Typography.Text type="secondary">{t('voucher.order.noVouchers', 'Vouchers are generated when the order is released.')}</Typography.Text>;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {access.can('export') && (
        <Space>
          <ExportButton endpoint={vouchersListApi.export} query={{ order_id: row.id, sort_by: 'released_at', sort_dir: 'asc' }} />
          <Typography.Text type="secondary">{t('voucher.order.exportHelp', 'The file holds the whole codes: send it to the client only.')}</Typography.Text>
        </Space>
      )}
      <Table<VoucherRow>
        rowKey="id"
        size="small"
        loading={vouchers.isFetching}
        dataSource={vouchers.data?.data ?? []}
        data-testid="order-vouchers"
        pagination={{ current: page, pageSize: PAGE, total: vouchers.data?.meta.total ?? 0, showSizeChanger: false, onChange: setPage }}
        columns={[
          { key: 'code', title: t('voucher.order.vouchers.masked_code', 'Voucher Barcode'), dataIndex: 'masked_code' },
          { key: 'voucher', title: t('voucher.order.vouchers.voucher', 'Voucher'), dataIndex: 'voucher_code' },
          { key: 'denomination', title: t('voucher.order.vouchers.denomination', 'Denomination'), align: 'right', render: (_, v) => formatRupiah(v.denomination) },
          { key: 'valid', title: t('voucher.order.vouchers.valid_until', 'Valid Until'), render: (_, v) => formatDate(jakartaDayStart(v.valid_until), f.lang) },
          { key: 'status', title: t('voucher.order.vouchers.status', 'Status'), render: (_, v) => <StatusTag table={VOUCHER_STATUS} value={v.status} /> },
          { key: 'used', title: t('voucher.order.vouchers.used_at', 'Used At'), render: (_, v) => (v.used_at ? `${f.dateTime(v.used_at)} · ${v.used_store_code ?? ''}` : '-') },
        ]}
      />
    </Space>
  );
}
