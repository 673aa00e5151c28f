import { Button, Flex, Spin, Table, Typography } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DELIVERY_MODE, ORDER_FULFILMENT, formatRupiah, orderStaffApi, type AnyEndpoint, type OrderDetail } from '@portal/contract';
import { callEndpoint } from '../../lib/call.ts';
import { useFormat } from '../../lib/format.ts';
import { errorMessage } from '../../lib/notifier.tsx';
import { printCss } from '../../ui/print.ts';
import { Result } from '../../ui/Result.tsx';
import { useIdParam } from '../../ui/ResourceScreens.tsx';
import type { ResourceKeys } from '../../lib/query-keys.ts';
import { OrderStatusTag } from './OrderStatusTag.tsx';
import { orderKeys } from './use-order-change.ts';

// Printed, the slip is the page: the shell's menu and header and the screen's own buttons stay off the paper.
const PRINT_CSS = `.order-slip dt { color: #595959; font-size: 12px; margin-top: 6px; }
${printCss({ size: 'A5', margin: '10mm' })}`;

/** Where the slip reads its order: an endpoint answering the order's record by `id`, and the keys it is kept under. */
export interface OrderSource {
  get: AnyEndpoint;
  keys: ResourceKeys<string>;
}
const ORDER_MANAGEMENT: OrderSource = { get: orderStaffApi.get, keys: orderKeys };

/**
 * The order's packing slip, ready to print: the store, the consumer and where it goes, each line to pick, the totals,
 * signatures. Order Management's order by default; a report (pandora's All Transactions) reads it through its own entry.
 */
export function OrderPreview({ from = ORDER_MANAGEMENT }: { from?: OrderSource }) {
  const { t } = useTranslation();
  const f = useFormat();
  const id = useIdParam();
  const order = useQuery({ queryKey: from.keys.detail(id), queryFn: () => callEndpoint<OrderDetail>(from.get, { id }).then((r) => r.data) });
  if (order.isPending) return <Spin data-testid="detail-loading" style={{ display: 'block', margin: 48 }} />;
  if (order.isError) return <Result status="warning" title={errorMessage(order.error)} />;
  const o = order.data;
  const mode = o.delivery_mode === null ? null : DELIVERY_MODE.label(o.delivery_mode as 1 | 2);
  return (
    <div className="order-slip" data-testid="order-slip" style={{ background: '#fff', padding: 24, maxWidth: 800 }}>
      <style>{PRINT_CSS}</style>
      <Flex justify="space-between" align="start" wrap gap={16}>
        <div>
          <Typography.Title level={1} style={{ margin: 0, fontSize: 24 }}>
            {t('orders.order.slipTitle', 'Packing slip')}
          </Typography.Title>
          <Typography.Text>
            {o.store_code} · {o.store_name}
          </Typography.Text>
        </div>
        <Button type="primary" icon={<PrinterOutlined />} onClick={() => window.print()} data-no-print data-testid="order-print">
          {t('orders.order.print', 'Print')}
        </Button>
      </Flex>
      <Flex gap={32} wrap style={{ margin: '16px 0' }}>
        <dl style={{ margin: 0 }}>
          <dt>{t('orders.order.fields.order_no', 'Order No')}</dt>
          <dd style={{ fontSize: 18, fontWeight: 600, margin: 0 }}>{o.order_no}</dd>
          <dt>{t('orders.order.fields.created_at', 'Order Date')}</dt>
          <dd style={{ margin: 0 }}>{f.dateTime(o.created_at)}</dd>
          <dt>{t('orders.order.fields.status', 'Status')}</dt>
          <dd style={{ margin: 0 }}>
            <OrderStatusTag status={o.status} />
          </dd>
        </dl>
        <dl style={{ margin: 0 }}>
          <dt>{t('orders.order.fields.store_name', 'Store')}</dt>
          <dd style={{ margin: 0 }}>
            {o.store_code} · {o.store_name}
          </dd>
          <dt>{t('orders.order.fields.consumer_name', 'Consumer')}</dt>
          <dd style={{ margin: 0 }}>
            {o.consumer_name} {o.consumer_phone ? `· ${o.consumer_phone}` : ''}
          </dd>
          <dt>{t('orders.order.fields.fulfilment', 'Fulfilment')}</dt>
          <dd style={{ margin: 0 }}>
            {ORDER_FULFILMENT.label(o.fulfilment as 1 | 2)}
            {mode ? ` · ${mode}` : ''}
            {o.driver_name ? ` · ${o.driver_name}` : ''}
          </dd>
          {o.delivery_address && (
            <>
              <dt>{t('orders.order.fields.delivery_address', 'Delivery Address')}</dt>
              <dd style={{ margin: 0 }}>{o.delivery_address}</dd>
            </>
          )}
        </dl>
      </Flex>
      <Table
        size="small"
        rowKey="id"
        pagination={false}
        bordered
        dataSource={o.items}
        columns={[
          { key: 'check', title: '✓', width: 36, render: () => <span aria-hidden>☐</span> },
          { key: 'plu', title: t('orders.order.fields.plu', 'PLU'), dataIndex: 'plu', width: 110 },
          { key: 'name', title: t('orders.order.fields.item', 'Item'), dataIndex: 'name' },
          { key: 'quantity', title: t('orders.order.fields.quantity', 'Ordered'), dataIndex: 'quantity', align: 'right', width: 80 },
          { key: 'picked', title: t('orders.order.fields.picked_quantity', 'Picked'), dataIndex: 'picked_quantity', align: 'right', width: 80 },
          { key: 'price', title: t('orders.order.fields.price', 'Price'), align: 'right', render: (_, i) => <span style={{ whiteSpace: 'nowrap' }}>{formatRupiah(i.price)}</span> },
          { key: 'subtotal', title: t('orders.order.fields.subtotal', 'Picked Subtotal'), align: 'right', render: (_, i) => <span style={{ whiteSpace: 'nowrap' }}>{formatRupiah(i.price * i.picked_quantity)}</span> },
        ]}
        summary={() => (
          <>
            {[
              [t('orders.order.fields.picked_total', 'Picked Total'), o.picked_total],
              [t('orders.order.fields.delivery_fee', 'Delivery Fee'), o.delivery_fee],
            ].map(([label, amount]) => (
              <Table.Summary.Row key={label}>
                <Table.Summary.Cell index={0} colSpan={6} align="right">
                  {label}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={1} align="right">
                  {formatRupiah(Number(amount))}
                </Table.Summary.Cell>
              </Table.Summary.Row>
            ))}
          </>
        )}
      />
      <Flex justify="space-between" style={{ marginTop: 48 }} gap={16}>
        {[t('orders.order.packedBy', 'Packed by'), t('orders.order.driver', 'Driver'), t('orders.order.receivedBy', 'Received by')].map((who) => (
          <div key={who} style={{ flex: 1, textAlign: 'center' }}>
            <div style={{ borderTop: '1px solid #595959', paddingTop: 4 }}>{who}</div>
          </div>
        ))}
      </Flex>
    </div>
  );
}
