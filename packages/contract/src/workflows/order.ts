import {
  FULFIL_DELIVERY,
  FULFIL_PICK_UP,
  ORDER_CANCELLED,
  ORDER_DELIVERY,
  ORDER_DELIVERY_INCOMPLETE,
  ORDER_DISTRIBUTED,
  ORDER_PAID,
  ORDER_PAYMENT_EXPIRED,
  ORDER_PAYMENT_FAILED,
  ORDER_READY_TO_DELIVER,
  ORDER_READY_TO_PICK_UP,
  ORDER_STOCK_CHECKED,
  ORDER_WAITING_CHECKING,
  ORDER_WAITING_PAYMENT,
} from '../enums/order-status.ts';

/**
 * The order workflow as a grocery chain runs it (decisions.md, "the order workflow"; the spec gives the codes, not the
 * moves). The server refuses any other move with 409, the web app offers only these.
 *
 * Made by the system (the payment gateway's callback, the expiry job):
 * - pay: Waiting for Payment → Paid; payment_fail: → Payment Failed; expire: → Payment Expired
 * - queue: Paid → Waiting for Checking (the store receives the order; done by the server right after payment)
 * Made by the store's staff:
 * - check_stock: Waiting for Checking → Stock Checked (items may be unpicked or lowered in either state)
 * - confirm_pick: Stock Checked → Ready to Delivery (a delivery order) or Ready to Pick Up (a pick-up order)
 * - dispatch: Ready to Delivery → Delivery (with a driver: 3PL or internal)
 * - deliver: Delivery → Distribute to Customer; hand_over: Ready to Pick Up → Distribute to Customer
 * - delivery_incomplete: Delivery → Delivery Incomplete; redeliver: Delivery Incomplete → Delivery (a new driver)
 * - cancel (with a reason from the cancel-reasons list): from every state before the goods leave the store or reach
 *   the consumer (Waiting for Payment, Paid, Waiting for Checking, Stock Checked, both Ready states) and from Delivery
 *   Incomplete (the goods came back); never from Delivery (the driver has them: mark it incomplete first) nor from a
 *   final state (expired, failed, cancelled, distributed)
 */
export const ORDER_ACTIONS = [
  'pay',
  'payment_fail',
  'expire',
  'queue',
  'check_stock',
  'confirm_pick',
  'dispatch',
  'deliver',
  'hand_over',
  'delivery_incomplete',
  'redeliver',
  'cancel',
] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

/** Who may take an action: the system's own (payment, expiry, queueing) are never offered to staff. */
export const ORDER_SYSTEM_ACTIONS: readonly OrderAction[] = ['pay', 'payment_fail', 'expire', 'queue'];

/** Each action's starting states and its end state; `confirm_pick` ends by the order's fulfilment (orderMoveTo). */
export const ORDER_TRANSITIONS: Record<OrderAction, { from: readonly number[]; to: number }> = {
  pay: { from: [ORDER_WAITING_PAYMENT], to: ORDER_PAID },
  payment_fail: { from: [ORDER_WAITING_PAYMENT], to: ORDER_PAYMENT_FAILED },
  expire: { from: [ORDER_WAITING_PAYMENT], to: ORDER_PAYMENT_EXPIRED },
  queue: { from: [ORDER_PAID], to: ORDER_WAITING_CHECKING },
  check_stock: { from: [ORDER_WAITING_CHECKING], to: ORDER_STOCK_CHECKED },
  confirm_pick: { from: [ORDER_STOCK_CHECKED], to: ORDER_READY_TO_DELIVER },
  dispatch: { from: [ORDER_READY_TO_DELIVER], to: ORDER_DELIVERY },
  deliver: { from: [ORDER_DELIVERY], to: ORDER_DISTRIBUTED },
  hand_over: { from: [ORDER_READY_TO_PICK_UP], to: ORDER_DISTRIBUTED },
  delivery_incomplete: { from: [ORDER_DELIVERY], to: ORDER_DELIVERY_INCOMPLETE },
  redeliver: { from: [ORDER_DELIVERY_INCOMPLETE], to: ORDER_DELIVERY },
  cancel: {
    from: [ORDER_WAITING_PAYMENT, ORDER_PAID, ORDER_WAITING_CHECKING, ORDER_STOCK_CHECKED, ORDER_READY_TO_DELIVER, ORDER_READY_TO_PICK_UP, ORDER_DELIVERY_INCOMPLETE],
    to: ORDER_CANCELLED,
  },
};

/** States no action leaves. */
export const ORDER_FINAL: readonly number[] = [ORDER_PAYMENT_EXPIRED, ORDER_PAYMENT_FAILED, ORDER_CANCELLED, ORDER_DISTRIBUTED];
/** Items may be unpicked or lowered (never raised) only while the store checks the order. */
export const ORDER_ITEMS_EDITABLE: readonly number[] = [ORDER_WAITING_CHECKING, ORDER_STOCK_CHECKED];
/** A driver is assigned while the order waits for one, is on the road, or must go out again. */
export const ORDER_DRIVER_ASSIGNABLE: readonly number[] = [ORDER_READY_TO_DELIVER, ORDER_DELIVERY, ORDER_DELIVERY_INCOMPLETE];
/**
 * Placing an order takes its items from the store's stock; an order that ends unpaid or cancelled gives them back (a
 * cancel after Delivery Incomplete too: the goods came back to the store). Delivered or handed over, they are sold.
 */
export const ORDER_STOCK_RETURNED: readonly number[] = [ORDER_PAYMENT_EXPIRED, ORDER_PAYMENT_FAILED, ORDER_CANCELLED];

/** The order as the workflow reads it. */
export interface OrderState {
  status: number;
  /** FULFIL_DELIVERY or FULFIL_PICK_UP. */
  fulfilment: number;
}

/** The road is for delivery orders only; a pick-up order waits at the store instead. */
const DELIVERY_ONLY: readonly number[] = [ORDER_READY_TO_DELIVER, ORDER_DELIVERY, ORDER_DELIVERY_INCOMPLETE];
const PICK_UP_ONLY: readonly number[] = [ORDER_READY_TO_PICK_UP];

/** Whether `action` is allowed from the order's state (a state its fulfilment can be in at all). */
export function canOrder(action: OrderAction, order: OrderState): boolean {
  const impossible = order.fulfilment === FULFIL_PICK_UP ? DELIVERY_ONLY : PICK_UP_ONLY;
  return !impossible.includes(order.status) && ORDER_TRANSITIONS[action].from.includes(order.status);
}

/** Where `action` takes the order (confirm_pick: Ready to Delivery or Ready to Pick Up by its fulfilment). */
export function orderMoveTo(action: OrderAction, order: OrderState): number {
  if (action === 'confirm_pick') return order.fulfilment === FULFIL_PICK_UP ? ORDER_READY_TO_PICK_UP : ORDER_READY_TO_DELIVER;
  return ORDER_TRANSITIONS[action].to;
}

/** The staff's actions the order allows now, in workflow order (what the detail screen offers). */
export const staffOrderActionsFor = (order: OrderState): OrderAction[] =>
  ORDER_ACTIONS.filter((a) => !ORDER_SYSTEM_ACTIONS.includes(a) && canOrder(a, order));

export const canEditOrderItems = (order: OrderState): boolean => ORDER_ITEMS_EDITABLE.includes(order.status);
export const canAssignDriver = (order: OrderState): boolean => order.fulfilment === FULFIL_DELIVERY && ORDER_DRIVER_ASSIGNABLE.includes(order.status);
/** Whether a move into `to` gives the order's stock back to the store. */
export const returnsStock = (to: number): boolean => ORDER_STOCK_RETURNED.includes(to);
