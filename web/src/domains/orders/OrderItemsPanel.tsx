import { useEffect, useMemo, useState } from 'react';
import { Button, Flex, InputNumber, Popconfirm, Select, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ORDER_UNPICK_REASON, canEditOrderItems, formatRupiah, orderStaffApi, type OrderDetail, type OrderItem } from '@portal/contract';
import { call } from '../../lib/call.ts';
import { useLang } from '../../lib/i18n.ts';
import { StatusTag } from '../../ui/StatusTag.tsx';
import { useResourceAccess } from '../../ui/use-resource-access.ts';
import { useOrderChange } from './use-order-change.ts';

type Draft = Record<number, { picked: number; reason: number | null }>;

const draftOf = (items: readonly OrderItem[]): Draft => Object.fromEntries(items.map((i) => [i.id, { picked: i.picked_quantity, reason: i.unpick_reason }]));

/**
 * The order's lines: what was ordered and what the store picks. While the store checks the order, a staff member with
 * the edit right lowers or unpicks lines (each short line with its reason; never above what was ordered) and saves
 * them at once, or unpicks the whole order with one reason. `readOnly`: the lines only, whoever looks (a report's order).
 */
export function OrderItemsPanel({ row, readOnly = false }: { row: OrderDetail; readOnly?: boolean }) {
  const { t } = useTranslation();
  const lang = useLang();
  const access = useResourceAccess({ entries: ['cms.order-management'] });
  const editable = !readOnly && canEditOrderItems(row) && access.can('edit');
  const [draft, setDraft] = useState<Draft>(() => draftOf(row.items));
  const [allReason, setAllReason] = useState<number | undefined>();
  useEffect(() => setDraft(draftOf(row.items)), [row]);

  const changed = useMemo(
    () => row.items.filter((i) => draft[i.id] && (draft[i.id]!.picked !== i.picked_quantity || (draft[i.id]!.picked < i.quantity && draft[i.id]!.reason !== i.unpick_reason))),
    [draft, row.items],
  );
  const missingReason = changed.some((i) => draft[i.id]!.picked < i.quantity && draft[i.id]!.reason === null);
  const save = useOrderChange(() =>
    call(orderStaffApi.items, {
      id: row.id,
      body: { version: row.version, items: changed.map((i) => ({ id: i.id, picked_quantity: draft[i.id]!.picked, unpick_reason: draft[i.id]!.picked < i.quantity ? draft[i.id]!.reason : null })) },
    }),
  );
  const unpickAll = useOrderChange((reason: number) => call(orderStaffApi.unpickAll, { id: row.id, body: { version: row.version, unpick_reason: reason } }));
  const reasons = ORDER_UNPICK_REASON.options.map((o) => ({ value: o.value as number, label: lang === 'id' ? o.labelId : o.label }));
  const set = (id: number, patch: Partial<Draft[number]>) => setDraft((d) => ({ ...d, [id]: { ...d[id]!, ...patch } }));

  return (
    <Flex vertical gap={12} data-testid="order-items">
      <Table
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={row.items}
        scroll={{ x: 'max-content' }}
        columns={[
          { key: 'plu', title: t('orders.order.fields.plu', 'PLU'), dataIndex: 'plu', width: 110 },
          { key: 'name', title: t('orders.order.fields.item', 'Item'), dataIndex: 'name' },
          { key: 'price', title: t('orders.order.fields.price', 'Price'), align: 'right', render: (_, i) => formatRupiah(i.price) },
          { key: 'quantity', title: t('orders.order.fields.quantity', 'Ordered'), dataIndex: 'quantity', align: 'right', width: 90 },
          {
            key: 'picked',
            title: t('orders.order.fields.picked_quantity', 'Picked'),
            align: 'right',
            width: 110,
            render: (_, i) =>
              editable ? (
                <InputNumber
                  min={0}
                  max={i.quantity}
                  precision={0}
                  value={draft[i.id]?.picked ?? i.picked_quantity}
                  onChange={(v) => set(i.id, { picked: typeof v === 'number' ? Math.min(Math.max(0, Math.round(v)), i.quantity) : i.quantity })}
                  aria-label={t('orders.order.pickedOf', 'Picked of {{name}}', { name: i.name })}
                  data-testid={`order-picked-${i.plu}`}
                  style={{ width: 80 }}
                />
              ) : (
                i.picked_quantity
              ),
          },
          {
            key: 'reason',
            title: t('orders.order.fields.unpick_reason', 'Unpick Reason'),
            width: 240,
            render: (_, i) => {
              const short = (draft[i.id]?.picked ?? i.picked_quantity) < i.quantity;
              if (!editable) return <StatusTag table={ORDER_UNPICK_REASON} value={i.unpick_reason} />;
              return short ? (
                <Select
                  value={draft[i.id]?.reason ?? undefined}
                  options={reasons}
                  placeholder={t('orders.order.chooseReason', 'Choose a reason')}
                  onChange={(v: number) => set(i.id, { reason: v })}
                  aria-label={t('orders.order.reasonOf', 'Unpick reason of {{name}}', { name: i.name })}
                  status={draft[i.id]?.reason === null ? 'warning' : undefined}
                  data-testid={`order-reason-${i.plu}`}
                  style={{ width: 220 }}
                />
              ) : (
                '-'
              );
            },
          },
          { key: 'subtotal', title: t('orders.order.fields.subtotal', 'Picked Subtotal'), align: 'right', render: (_, i) => formatRupiah(i.price * (draft[i.id]?.picked ?? i.picked_quantity)) },
        ]}
      />
      <Flex justify="space-between" wrap gap={12}>
        <Typography.Text>
          {t('orders.order.fields.picked_total', 'Picked Total')}: <strong>{formatRupiah(row.picked_total)}</strong> · {t('orders.order.fields.items_total', 'Items Total')}:{' '}
          {formatRupiah(row.items_total)}
        </Typography.Text>
        {editable && (
          <Flex gap={8} wrap>
            <Select
              value={allReason}
              options={reasons}
              onChange={(v: number) => setAllReason(v)}
              placeholder={t('orders.order.unpickAllReason', 'Reason to unpick all')}
              aria-label={t('orders.order.unpickAllReason', 'Reason to unpick all')}
              data-testid="order-unpick-all-reason"
              style={{ width: 220 }}
            />
            <Popconfirm
              title={t('orders.order.unpickAllConfirm', 'Unpick every line of this order? Their stock goes back to the store.')}
              onConfirm={() => (allReason === undefined ? undefined : unpickAll.mutateAsync(allReason))}
              okText={t('orders.order.unpickAll', 'Unpick all')}
              cancelText={t('ui.cancel', 'Cancel')}
              disabled={allReason === undefined}
            >
              <Button danger disabled={allReason === undefined} loading={unpickAll.isPending} data-testid="order-unpick-all">
                {t('orders.order.unpickAll', 'Unpick all')}
              </Button>
            </Popconfirm>
            <Button type="primary" disabled={!changed.length || missingReason} loading={save.isPending} onClick={() => save.mutate(undefined)} data-testid="order-save-picking">
              {t('orders.order.savePicking', 'Save picking')}
            </Button>
          </Flex>
        )}
      </Flex>
    </Flex>
  );
}
