import { Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OrderDetail } from '@portal/contract';
import { useFormat } from '../../lib/format.ts';
import { OrderStatusTag } from './OrderStatusTag.tsx';

/** What each timeline entry says happened (English defaults; the workflow's actions, the picking and the driver). */
const EVENT_TEXT: Record<string, string> = {
  place: 'Order placed',
  pay: 'Paid',
  payment_fail: 'Payment failed',
  expire: 'Payment expired',
  queue: 'Sent to the store',
  check_stock: 'Stock checked',
  confirm_pick: 'Pick confirmed',
  dispatch: 'Out for delivery',
  deliver: 'Delivered',
  hand_over: 'Handed over',
  delivery_incomplete: 'Delivery incomplete',
  redeliver: 'Delivering again',
  cancel: 'Cancelled',
  pick_items: 'Picking changed',
  assign_driver: 'Driver assigned',
};

/** Every change of the order, oldest first: the move (or the picking, or the driver), who made it, when, and why. */
export function OrderTimeline({ row }: { row: OrderDetail }) {
  const { t } = useTranslation();
  const f = useFormat();
  const who = (e: OrderDetail['timeline'][number]) =>
    e.actor_kind === 'system' ? t('orders.order.actor.system', 'System') : `${e.actor_name ?? '-'} (${t(`orders.order.actor.${e.actor_kind}`, e.actor_kind === 'staff' ? 'Staff' : 'Consumer')})`;
  return (
    <Timeline
      data-testid="order-timeline"
      items={row.timeline.map((e) => ({
        key: e.id,
        color: e.from_status === e.to_status ? 'gray' : 'blue',
        content: (
          <div data-testid="order-timeline-entry" data-action={e.action}>
            <Typography.Text strong>{t(`orders.order.events.${e.action}`, EVENT_TEXT[e.action] ?? e.action)}</Typography.Text>{' '}
            <OrderStatusTag status={e.to_status} />
            <br />
            <Typography.Text type="secondary">
              {f.dateTime(e.at)} · {who(e)}
            </Typography.Text>
            {e.note && (
              <>
                <br />
                <Typography.Text>{e.note}</Typography.Text>
              </>
            )}
          </div>
        ),
      }))}
    />
  );
}
