import { formatRupiah, ORDER_STATUS, ORDER_UNPICK_REASON, patchOrderApi, type PatchOrderInput, type PatchOrderView } from '@portal/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Empty, Flex, Form, Input, Select, Table, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api.ts';
import { call } from '../../lib/call.ts';
import { useFormat } from '../../lib/format.ts';
import { registerDictionaries, useLang } from '../../lib/i18n.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { GuardedChangePanel, OperatorActions } from '../../ui/guarded/index.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { useSearchParam } from '../../ui/search-param.ts';
import { useEntryTitle, useResourceAccess } from '../../ui/use-resource-access.ts';
import { OrderStatusTag } from './OrderStatusTag.tsx';
import { OrderTimeline } from './OrderTimeline.tsx';
import { ordersI18n } from './orders.i18n.ts';
import { patchOrderI18n } from './patch-order.i18n.ts';

registerDictionaries(ordersI18n, patchOrderI18n);

const ENTRY = 'heimdal.patch-order';
const VIEW = { entries: [ENTRY] };

/** The order as the store system (MSI) and the goods movements (GM) see it. */
function OrderSides({ order }: { order: PatchOrderView }) {
  const { t } = useTranslation();
  const lang = useLang();
  const reason = (v: number | null) => (v === null ? '—' : (ORDER_UNPICK_REASON.options.find((o) => o.value === v)?.[lang === 'id' ? 'labelId' : 'label'] ?? String(v)));
  return (
    <Tabs
      items={[
        { key: 'timeline', label: t('patchOrder.timeline', 'Timeline'), children: <OrderTimeline row={order} /> },
        {
          key: 'msi',
          label: t('patchOrder.msi', 'MSI detail'),
          children: (
            <Flex vertical gap={8} data-testid="patch-order-msi">
              <Typography.Text type="secondary">{t('patchOrder.msiHelp')}</Typography.Text>
              <Descriptions size="small" column={{ xs: 1, md: 3 }}>
                <Descriptions.Item label={t('patchOrder.store', 'Store')}>{order.msi.store_code}</Descriptions.Item>
                <Descriptions.Item label={t('patchOrder.paymentStatus', 'Payment status')}>{order.msi.payment_status}</Descriptions.Item>
                <Descriptions.Item label={t('patchOrder.total', 'Total')}>{formatRupiah(order.msi.total)}</Descriptions.Item>
              </Descriptions>
              <Table
                size="small"
                rowKey="plu"
                pagination={false}
                scroll={{ x: true }}
                dataSource={order.msi.items}
                columns={[
                  { title: t('patchOrder.plu', 'PLU'), dataIndex: 'plu' },
                  { title: t('patchOrder.name', 'Product'), dataIndex: 'name' },
                  { title: t('patchOrder.price', 'Price'), align: 'right', render: (_, i) => formatRupiah(i.price) },
                  { title: t('patchOrder.quantity', 'Ordered'), dataIndex: 'quantity', align: 'right' },
                  { title: t('patchOrder.picked', 'Picked'), dataIndex: 'picked_quantity', align: 'right' },
                  { title: t('patchOrder.unpickReason', 'Unpick reason'), render: (_, i) => reason(i.unpick_reason) },
                ]}
              />
            </Flex>
          ),
        },
        {
          key: 'gm',
          label: t('patchOrder.gm', 'GM detail'),
          children: (
            <Flex vertical gap={8} data-testid="patch-order-gm">
              <Typography.Text type="secondary">{t('patchOrder.gmHelp')}</Typography.Text>
              <Table
                size="small"
                rowKey="plu"
                pagination={false}
                scroll={{ x: true }}
                dataSource={order.gm}
                columns={[
                  { title: t('patchOrder.plu', 'PLU'), dataIndex: 'plu' },
                  { title: t('patchOrder.name', 'Product'), dataIndex: 'name' },
                  { title: t('patchOrder.taken', 'Taken at order'), dataIndex: 'taken', align: 'right' },
                  { title: t('patchOrder.returnedByPicking', 'Given back by picking'), dataIndex: 'returned_by_picking', align: 'right' },
                  { title: t('patchOrder.returnedByEnding', 'Given back by cancel or expiry'), dataIndex: 'returned_by_ending', align: 'right' },
                  { title: t('patchOrder.held', 'Held for the order'), dataIndex: 'held', align: 'right' },
                  { title: t('patchOrder.storeStock', 'Store stock now'), align: 'right', render: (_, g) => g.store_stock ?? '—' },
                ]}
              />
            </Flex>
          ),
        },
      ]}
    />
  );
}

/** The patch: a status, previewed and applied as a guarded write. */
function PatchForm({ order, onApplied }: { order: PatchOrderView; onApplied: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const [to, setTo] = useState<number | undefined>();
  const input: PatchOrderInput | null = to === undefined ? null : { order_no: order.order_no, to_status: to, version: order.version };
  const label = (s: number) => `${s} ${ORDER_STATUS.options.find((o) => o.value === s)?.[lang === 'id' ? 'labelId' : 'label'] ?? ''}`;
  return (
    <Card size="small" title={<Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>{t('patchOrder.patch', 'Patch the order')}</Typography.Title>}>
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">{t('patchOrder.patchHelp')}</Typography.Text>
        <Form layout="vertical">
          <Form.Item label={t('patchOrder.toStatus', 'New status')} htmlFor="patch-to-status" required style={{ maxWidth: 420, marginBottom: 0 }}>
            <Select<number>
              id="patch-to-status"
              data-testid="patch-to-status"
              value={to}
              onChange={setTo}
              options={order.targets.map((s) => ({ value: s, label: label(s) }))}
              showSearch={{ optionFilterProp: 'label' }}
            />
          </Form.Item>
        </Form>
        <GuardedChangePanel
          api={patchOrderApi}
          input={input}
          applyLabel={t('patchOrder.apply', 'Patch order')}
          successMessage={t('patchOrder.success', 'Patch Order Success')}
          onApplied={() => {
            setTo(undefined);
            onApplied();
          }}
        />
      </Flex>
    </Card>
  );
}

/**
 * heimdal › Patch Order: an order looked up by number (kept in the URL), its state, timeline, MSI and GM detail, and a
 * patch to any status as a guarded write; below, the patches made, each undoable while the order is as it left it.
 */
export function PatchOrderScreen() {
  const { t } = useTranslation();
  const f = useFormat();
  const title = useEntryTitle(ENTRY);
  const access = useResourceAccess(VIEW);
  const client = useQueryClient();
  const [orderNo, setOrderNo] = useSearchParam('order');
  const [typed, setTyped] = useState(orderNo ?? '');
  const order = useQuery({
    queryKey: queryKeys.patchOrder.detail(orderNo ?? ''),
    queryFn: async () => (await call(patchOrderApi.lookup, { orderNo: orderNo! })).data,
    enabled: Boolean(orderNo),
    meta: { silentError: true },
  });
  const missing = order.error instanceof ApiError && order.error.status === 404;
  return (
    <Flex vertical gap={16}>
      <PageHeader title={title} />
      <Form layout="inline" onFinish={() => setOrderNo(typed.trim() || undefined)}>
        <Form.Item label={t('patchOrder.orderNo', 'Order number')} htmlFor="patch-order-no" tooltip={t('patchOrder.orderNoHelp')}>
          <Input id="patch-order-no" data-testid="patch-order-no" value={typed} onChange={(e) => setTyped(e.target.value)} maxLength={40} style={{ width: 260 }} />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" data-testid="patch-order-look-up" loading={order.isFetching}>
            {t('patchOrder.lookUp', 'Look up')}
          </Button>
        </Form.Item>
      </Form>
      {!orderNo && <Empty description={t('patchOrder.enter')} />}
      {missing && <Alert type="warning" showIcon message={t('patchOrder.notFound', 'No order has this number.')} data-testid="patch-order-missing" />}
      {order.isError && !missing && <Alert type="error" showIcon message={t('patchOrder.failed', 'The order could not be loaded. Try again.')} />}
      {order.data && (
        <>
          <Card size="small" data-testid="patch-order-summary" title={<Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>{`${t('patchOrder.summary', 'Order')} ${order.data.order_no}`}</Typography.Title>}>
            <Descriptions size="small" column={{ xs: 1, md: 3 }}>
              <Descriptions.Item label="Status">
                <OrderStatusTag status={order.data.status} />
              </Descriptions.Item>
              <Descriptions.Item label={t('patchOrder.store', 'Store')}>{`${order.data.store_code} ${order.data.store_name}`}</Descriptions.Item>
              <Descriptions.Item label={t('patchOrder.total', 'Total')}>{formatRupiah(order.data.total)}</Descriptions.Item>
              <Descriptions.Item label={t('patchOrder.createdAt', 'Ordered')}>{f.dateTime(order.data.created_at)}</Descriptions.Item>
              <Descriptions.Item label={t('patchOrder.updatedAt', 'Last changed')}>{f.dateTime(order.data.updated_at)}</Descriptions.Item>
            </Descriptions>
            <OrderSides order={order.data} />
          </Card>
          {access.can('edit') ? (
            <PatchForm key={`${order.data.order_no}:${order.data.version}`} order={order.data} onApplied={() => void client.invalidateQueries({ queryKey: queryKeys.patchOrder.all })} />
          ) : (
            <Alert type="info" showIcon message={t('patchOrder.readOnly')} />
          )}
        </>
      )}
      <OperatorActions api={patchOrderApi} canUndo={access.can('edit')} onUndone={() => void client.invalidateQueries({ queryKey: queryKeys.patchOrder.all })} />
    </Flex>
  );
}
