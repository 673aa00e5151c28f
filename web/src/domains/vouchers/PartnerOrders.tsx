import { useState } from 'react';
import { Table, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { VOUCHER_ORDER_STATUS, VOUCHER_PAYMENT_METHOD, voucherOrdersApi, type PartnerDetail, type VoucherOrderRow } from '@portal/contract';
import { call } from '../../lib/call.ts';
import { formatCount, formatRupiah, useFormat } from '../../lib/format.ts';
import { resourceKeys } from '../../lib/query-keys.ts';
import { useGo } from '../../ui/nav.ts';
import { StatusTag } from '../../ui/StatusTag.tsx';
import { useResourceAccess } from '../../ui/use-resource-access.ts';

const PAGE = 5;
const ORDERS = ['cms.voucher-digital/order-voucher-management'] as const;

/** A partner's voucher orders, newest first, five a page, each opening its detail (for whoever may view orders). */
export function PartnerOrders({ row }: { row: PartnerDetail }) {
  const { t } = useTranslation();
  const f = useFormat();
  const { link } = useGo();
  const access = useResourceAccess({ entries: ORDERS });
  const [page, setPage] = useState(1);
  const query = { partner_id: row.id, page, limit: PAGE, sort_by: 'created_at', sort_dir: 'desc' } as const;
  const orders = useQuery({
    queryKey: resourceKeys('voucher-order').list({ ...query, via: 'partner' }),
    queryFn: async () => (await call(voucherOrdersApi.list, { query })).data,
    enabled: access.can('view'),
  });
  if (!access.can('view')) return <Typography.Text type="secondary">{t('voucher.partner.ordersHidden', 'You may not view voucher orders.')}</Typography.Text>;
  return (
    <Table<VoucherOrderRow>
      rowKey="id"
      size="small"
      loading={orders.isFetching}
      dataSource={orders.data?.data ?? []}
      data-testid="partner-orders"
      locale={{ emptyText: <Typography.Text type="secondary">{t('voucher.partner.noOrders', 'No orders yet')}</Typography.Text> }}
      pagination={{ current: page, pageSize: PAGE, total: orders.data?.meta.total ?? 0, showSizeChanger: false, onChange: setPage }}
      columns={[
        { key: 'no', title: t('voucher.order.fields.order_number', 'Order Number'), render: (_, o) => <a {...link(access.paths.detail(o.id))}>{o.order_number}</a> },
        { key: 'at', title: t('voucher.order.fields.created_at', 'Order Date'), render: (_, o) => f.dateTime(o.created_at) },
        { key: 'status', title: t('voucher.order.fields.status', 'Status'), render: (_, o) => <StatusTag table={VOUCHER_ORDER_STATUS} value={o.status} /> },
        { key: 'pay', title: t('voucher.order.fields.payment_method', 'Payment Method'), render: (_, o) => <StatusTag table={VOUCHER_PAYMENT_METHOD} value={o.payment_method} /> },
        { key: 'count', title: t('voucher.order.fields.voucher_count', 'Vouchers'), align: 'right', render: (_, o) => formatCount(o.voucher_count) },
        { key: 'total', title: t('voucher.order.fields.total_amount', 'Total'), align: 'right', render: (_, o) => formatRupiah(o.total_amount) },
      ]}
    />
  );
}
