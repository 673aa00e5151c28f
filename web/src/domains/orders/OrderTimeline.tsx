import type { OrderDetail } from '@portal/contract';
import { WorkflowTimeline } from '../../ui/WorkflowTimeline.tsx';
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
  patch: 'Patched by an operator',
  patch_undo: 'Operator patch undone',
  courier_booked: 'Courier booked',
  courier_failed: 'Courier hand-over failed',
  courier_retry: 'Courier hand-over retried by an operator',
};

/** Every change of the order, oldest first: the move (or the picking, or the driver), who made it, when, and why. */
export const OrderTimeline = ({ row }: { row: Pick<OrderDetail, 'timeline'> }) => (
  <WorkflowTimeline entries={row.timeline} events={EVENT_TEXT} i18n="orders.order" status={(s) => <OrderStatusTag status={s} />} testId="order-timeline" />
);
