import { useState } from 'react';
import { Button, Form, Input, Modal, Popconfirm, Radio, Select, Tooltip } from 'antd';
import { CarOutlined, PrinterOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DELIVERY_MODE, canAssignDriver, orderDriverBody, orderStaffApi, staffOrderActionsFor, type OrderAction, type OrderDetail } from '@portal/contract';
import { call } from '../../lib/call.ts';
import { useGo } from '../../ui/nav.ts';
import { resourcePaths } from '../../ui/resource-paths.ts';
import { zodRule } from '../../ui/zod-rule.ts';
import { useResourceAccess } from '../../ui/use-resource-access.ts';
import { orderKeys, useOrderChange } from './use-order-change.ts';

/** What each staff move is called on its button, and what it asks before it is made. */
const ACTION_TEXT: Partial<Record<OrderAction, { label: string; confirm: string }>> = {
  check_stock: { label: 'Stock checked', confirm: 'Mark the stock of this order as checked?' },
  confirm_pick: { label: 'Confirm pick', confirm: 'Confirm the pick? The order becomes ready for its driver or for pick-up.' },
  dispatch: { label: 'Out for delivery', confirm: 'Hand the order to its driver?' },
  deliver: { label: 'Delivered', confirm: 'Mark the order as received by the customer?' },
  hand_over: { label: 'Handed over', confirm: 'Mark the order as collected by the customer?' },
  delivery_incomplete: { label: 'Delivery incomplete', confirm: 'Mark this delivery as incomplete? The goods come back to the store.' },
  redeliver: { label: 'Deliver again', confirm: 'Send the order out again with its driver?' },
};

/** The order's packing slip (`{id}/preview` under the entry whose order is open). */
export function OrderSlipLink({ row, entry }: { row: OrderDetail; entry: string }) {
  const { t } = useTranslation();
  const { link } = useGo();
  return (
    <Button icon={<PrinterOutlined />} {...link(`${resourcePaths(entry).list}/${row.id}/preview`)} data-testid="order-preview">
      {t('orders.order.preview', 'Packing slip')}
    </Button>
  );
}

/**
 * The detail's actions: only the moves the order's state allows (the contract's workflow, which the server enforces),
 * each confirmed; cancel with a reason from the list; a driver for a delivery order that needs one; the packing slip.
 */
export function OrderActions({ row, entry }: { row: OrderDetail; entry: string }) {
  const { t } = useTranslation();
  const access = useResourceAccess({ entries: ['cms.order-management'] });
  const [cancelling, setCancelling] = useState(false);
  const [driving, setDriving] = useState(false);
  const move = useOrderChange((args: { action: OrderAction; cancel_reason_id?: number; note?: string | null }) =>
    call(orderStaffApi.move, { id: row.id, body: { ...args, version: row.version } }),
  );
  const allowed = access.can('edit') ? staffOrderActionsFor(row) : [];
  const needsDriver = (a: OrderAction) => (a === 'dispatch' || a === 'redeliver') && !row.driver_name;

  return (
    <>
      <OrderSlipLink row={row} entry={entry} />
      {access.can('edit') && canAssignDriver(row) && (
        <Button icon={<CarOutlined />} onClick={() => setDriving(true)} data-testid="order-assign-driver">
          {row.driver_name ? t('orders.order.newDriver', 'New driver') : t('orders.order.assignDriver', 'Assign driver')}
        </Button>
      )}
      {allowed
        .filter((a) => a !== 'cancel')
        .map((a) => {
          const text = ACTION_TEXT[a];
          const button = (
            <Button type="primary" loading={move.isPending && move.variables?.action === a} disabled={needsDriver(a)} data-testid={`order-action-${a}`}>
              {t(`orders.order.actions.${a}`, text?.label ?? a)}
            </Button>
          );
          return needsDriver(a) ? (
            <Tooltip key={a} title={t('orders.order.driverFirst', 'Assign a driver first')}>
              <span>{button}</span>
            </Tooltip>
          ) : (
            <Popconfirm
              key={a}
              title={t(`orders.order.confirm.${a}`, text?.confirm ?? '')}
              onConfirm={() => move.mutateAsync({ action: a })}
              okText={t('ui.yes', 'Yes')}
              cancelText={t('ui.cancel', 'Cancel')}
            >
              {button}
            </Popconfirm>
          );
        })}
      {allowed.includes('cancel') && (
        <Button danger onClick={() => setCancelling(true)} data-testid="order-action-cancel">
          {t('orders.order.actions.cancel', 'Cancel order')}
        </Button>
      )}
      {cancelling && <CancelDialog row={row} onClose={() => setCancelling(false)} />}
      {driving && <DriverDialog row={row} onClose={() => setDriving(false)} />}
    </>
  );
}

function CancelDialog({ row, onClose }: { row: OrderDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ cancel_reason_id: number; note?: string }>();
  const reasons = useQuery({ queryKey: [...orderKeys.all, 'cancel-reasons'], queryFn: () => call(orderStaffApi.cancelReasons).then((r) => r.data), staleTime: 300_000 });
  const cancel = useOrderChange((v: { cancel_reason_id: number; note?: string }) =>
    call(orderStaffApi.move, { id: row.id, body: { action: 'cancel', cancel_reason_id: v.cancel_reason_id, note: v.note?.trim() || null, version: row.version } }),
  );
  return (
    <Modal
      open
      title={t('orders.order.cancelTitle', 'Cancel order {{no}}', { no: row.order_no })}
      okText={t('orders.order.actions.cancel', 'Cancel order')}
      okButtonProps={{ danger: true, loading: cancel.isPending, 'data-testid': 'order-cancel-ok' }}
      cancelText={t('ui.back', 'Back')}
      onCancel={onClose}
      onOk={() => form.validateFields().then((v) => cancel.mutateAsync(v).then(onClose, () => undefined))}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" data-testid="order-cancel-form">
        <Form.Item name="cancel_reason_id" label={t('orders.order.fields.cancel_reason', 'Cancel Reason')} rules={[{ required: true, message: t('orders.order.reasonRequired', 'Choose a cancel reason from the list') }]}>
          <Select loading={reasons.isPending} options={(reasons.data ?? []).map((r) => ({ value: r.id, label: r.name }))} data-testid="order-cancel-reason" />
        </Form.Item>
        <Form.Item name="note" label={t('orders.order.fields.cancel_note', 'Note')}>
          <Input.TextArea rows={3} maxLength={500} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function DriverDialog({ row, onClose }: { row: OrderDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ driver_name: string; driver_phone: string; delivery_mode: 1 | 2 }>();
  const assign = useOrderChange((v: { driver_name: string; driver_phone: string; delivery_mode: 1 | 2 }) => call(orderStaffApi.driver, { id: row.id, body: { ...v, version: row.version } }));
  return (
    <Modal
      open
      title={t('orders.order.assignDriver', 'Assign driver')}
      okText={t('ui.save', 'Save')}
      okButtonProps={{ loading: assign.isPending, 'data-testid': 'order-driver-ok' }}
      cancelText={t('ui.cancel', 'Cancel')}
      onCancel={onClose}
      onOk={() => form.validateFields().then((v) => assign.mutateAsync({ ...v, driver_name: v.driver_name.trim(), driver_phone: v.driver_phone.trim() }).then(onClose, () => undefined))}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ delivery_mode: row.delivery_mode ?? 2 }} data-testid="order-driver-form">
        <Form.Item name="delivery_mode" label={t('orders.order.fields.delivery_mode', 'Delivery Mode')} rules={[{ required: true }]}>
          <Radio.Group options={DELIVERY_MODE.options.map((o) => ({ value: o.value, label: o.label }))} />
        </Form.Item>
        <Form.Item name="driver_name" label={t('orders.order.fields.driver_name', 'Driver Name')} rules={[zodRule(orderDriverBody.shape.driver_name)]}>
          <Input data-testid="order-driver-name" autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="driver_phone"
          label={t('orders.order.fields.driver_phone', 'Driver Phone')}
          rules={[zodRule(orderDriverBody.shape.driver_phone)]}
        >
          <Input data-testid="order-driver-phone" inputMode="tel" autoComplete="off" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
