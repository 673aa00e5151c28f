import { describe, expect, it } from 'vitest';
import { FULFIL_DELIVERY, FULFIL_PICK_UP, ORDER_STATUS } from '../enums/order-status.ts';
import {
  canAssignDriver,
  canEditOrderItems,
  canOrder,
  ORDER_ACTIONS,
  ORDER_FINAL,
  orderMoveTo,
  returnsStock,
  staffOrderActionsFor,
  type OrderAction,
} from './order.ts';

const STATUSES = ORDER_STATUS.values;
const delivery = (status: number) => ({ status, fulfilment: FULFIL_DELIVERY });
const pickUp = (status: number) => ({ status, fulfilment: FULFIL_PICK_UP });

/** Every move the workflow allows, as `from → to` by action, for a delivery and a pick-up order. */
function moves(fulfilment: number): string[] {
  const out: string[] = [];
  for (const action of ORDER_ACTIONS) {
    for (const status of STATUSES) {
      const order = { status, fulfilment };
      if (canOrder(action, order)) out.push(`${action}: ${status} → ${orderMoveTo(action, order)}`);
    }
  }
  return out;
}

describe('order workflow', () => {
  it('has the twelve codes of the spec with their colours', () => {
    expect(STATUSES).toEqual([100, 110, 111, 200, 205, 201, 210, 300, 301, 310, 410, 400]);
    expect(ORDER_STATUS.options.filter((o) => o.color === 'red').map((o) => o.value)).toEqual([110, 111, 210, 410]);
    expect(ORDER_STATUS.options.filter((o) => o.color === 'orange').map((o) => o.value)).toEqual([100, 205, 201]);
    expect(ORDER_STATUS.label(301)).toBe('Pick Confirmed and Ready to Pick Up');
  });

  it('allows exactly these moves for a delivery order, and refuses every other (action, state) pair', () => {
    expect(moves(FULFIL_DELIVERY)).toEqual([
      'pay: 100 → 200',
      'payment_fail: 100 → 111',
      'expire: 100 → 110',
      'queue: 200 → 205',
      'check_stock: 205 → 201',
      'confirm_pick: 201 → 300',
      'dispatch: 300 → 310',
      'deliver: 310 → 400',
      'delivery_incomplete: 310 → 410',
      'redeliver: 410 → 310',
      'cancel: 100 → 210',
      'cancel: 200 → 210',
      'cancel: 205 → 210',
      'cancel: 201 → 210',
      'cancel: 300 → 210',
      'cancel: 410 → 210',
    ]);
  });

  it('takes a pick-up order to Ready to Pick Up and hands it over at the store, never on the road', () => {
    expect(moves(FULFIL_PICK_UP)).toEqual([
      'pay: 100 → 200',
      'payment_fail: 100 → 111',
      'expire: 100 → 110',
      'queue: 200 → 205',
      'check_stock: 205 → 201',
      'confirm_pick: 201 → 301',
      'hand_over: 301 → 400',
      'cancel: 100 → 210',
      'cancel: 200 → 210',
      'cancel: 205 → 210',
      'cancel: 201 → 210',
      'cancel: 301 → 210',
    ]);
  });

  it('leaves no final state and cancels nothing on the road', () => {
    for (const status of ORDER_FINAL) for (const action of ORDER_ACTIONS) expect(canOrder(action, delivery(status)) || canOrder(action, pickUp(status)), `${action} from ${status}`).toBe(false);
    expect(canOrder('cancel', delivery(310))).toBe(false);
    // Every state that is not final can be left somehow.
    for (const status of STATUSES.filter((s) => !ORDER_FINAL.includes(s))) {
      expect(ORDER_ACTIONS.some((a) => canOrder(a, delivery(status)) || canOrder(a, pickUp(status))), String(status)).toBe(true);
    }
  });

  it('offers staff only their actions: payment, expiry and queueing are the system’s', () => {
    expect(staffOrderActionsFor(delivery(100))).toEqual(['cancel']);
    expect(staffOrderActionsFor(delivery(200))).toEqual(['cancel']);
    expect(staffOrderActionsFor(delivery(205))).toEqual(['check_stock', 'cancel']);
    expect(staffOrderActionsFor(delivery(201))).toEqual(['confirm_pick', 'cancel']);
    expect(staffOrderActionsFor(delivery(300))).toEqual(['dispatch', 'cancel']);
    expect(staffOrderActionsFor(delivery(310))).toEqual<OrderAction[]>(['deliver', 'delivery_incomplete']);
    expect(staffOrderActionsFor(delivery(410))).toEqual(['redeliver', 'cancel']);
    expect(staffOrderActionsFor(pickUp(301))).toEqual(['hand_over', 'cancel']);
    expect(staffOrderActionsFor(delivery(400))).toEqual([]);
  });

  it('edits items only while the store checks, assigns drivers only to delivery orders that need one', () => {
    expect(STATUSES.filter((s) => canEditOrderItems(delivery(s)))).toEqual([205, 201]);
    expect(STATUSES.filter((s) => canAssignDriver(delivery(s)))).toEqual([300, 310, 410]);
    expect(STATUSES.filter((s) => canAssignDriver(pickUp(s)))).toEqual([]);
  });

  it('gives the stock back when an order ends unpaid or cancelled, never when it is sold', () => {
    expect(STATUSES.filter(returnsStock)).toEqual([110, 111, 210]);
  });
});
