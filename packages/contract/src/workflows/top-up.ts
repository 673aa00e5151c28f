import {
  TOP_UP_CANCELLED,
  TOP_UP_FAILED,
  TOP_UP_FAILED_BY_SYSTEM,
  TOP_UP_IN_PROCESS,
  TOP_UP_ON_HOLD,
  TOP_UP_PAID,
  TOP_UP_PAYMENT_EXPIRED,
  TOP_UP_PAYMENT_FAILED,
  TOP_UP_PENDING_OPERATOR,
  TOP_UP_SUCCESS,
  TOP_UP_WAITING_PAYMENT,
} from '../enums/top-up-status.ts';

/**
 * The top-up (digital product) workflow (decisions.md, "Top-up and bills"; the spec gives the eleven codes, not the
 * moves). The server refuses any other move with 409; the web app offers only the staff's moves the state allows.
 *
 * Made by the system (the payment gateway's callback, the expiry job, the biller job and the biller's callback):
 * - pay: Waiting for Payment → Payment successful; payment_fail: → Payment Failed; expire: → Payment Expired
 * - send: Payment successful → Transaction is in Process (handed to the biller, right after payment)
 * - biller_success / biller_fail: in process, pending or on hold → Transaction successful / Transaction Failed
 * - biller_pending: in process or on hold → Pending Operator Confirmation; biller_hold: in process or pending → On-Hold
 * - system_fail: in process → Failed by System (the biller could not be reached or refused the request)
 * Made by staff:
 * - retry: Transaction Failed, Failed by System or On-Hold → in process (sent to the biller again)
 * - cancel (with a reason): before payment, paid but not yet sent, on hold, or failed → Transaction Canceled; never while
 *   the biller works on it (in process, pending operator confirmation: the credit may still arrive)
 * - resolve_success / resolve_failed: pending or on hold → successful / failed, from the biller's reconciliation report
 */
export const TOP_UP_ACTIONS = [
  'pay',
  'payment_fail',
  'expire',
  'send',
  'biller_success',
  'biller_fail',
  'biller_pending',
  'biller_hold',
  'system_fail',
  'retry',
  'cancel',
  'resolve_success',
  'resolve_failed',
] as const;
export type TopUpAction = (typeof TOP_UP_ACTIONS)[number];

/** The staff's actions; every other is the system's and never offered. */
export const TOP_UP_STAFF_ACTIONS = ['retry', 'cancel', 'resolve_success', 'resolve_failed'] as const satisfies readonly TopUpAction[];
export type TopUpStaffAction = (typeof TOP_UP_STAFF_ACTIONS)[number];

const WITH_BILLER = [TOP_UP_IN_PROCESS, TOP_UP_PENDING_OPERATOR, TOP_UP_ON_HOLD];

export const TOP_UP_TRANSITIONS: Record<TopUpAction, { from: readonly number[]; to: number }> = {
  pay: { from: [TOP_UP_WAITING_PAYMENT], to: TOP_UP_PAID },
  payment_fail: { from: [TOP_UP_WAITING_PAYMENT], to: TOP_UP_PAYMENT_FAILED },
  expire: { from: [TOP_UP_WAITING_PAYMENT], to: TOP_UP_PAYMENT_EXPIRED },
  send: { from: [TOP_UP_PAID], to: TOP_UP_IN_PROCESS },
  biller_success: { from: WITH_BILLER, to: TOP_UP_SUCCESS },
  biller_fail: { from: WITH_BILLER, to: TOP_UP_FAILED },
  biller_pending: { from: [TOP_UP_IN_PROCESS, TOP_UP_ON_HOLD], to: TOP_UP_PENDING_OPERATOR },
  biller_hold: { from: [TOP_UP_IN_PROCESS, TOP_UP_PENDING_OPERATOR], to: TOP_UP_ON_HOLD },
  system_fail: { from: [TOP_UP_IN_PROCESS], to: TOP_UP_FAILED_BY_SYSTEM },
  retry: { from: [TOP_UP_FAILED, TOP_UP_FAILED_BY_SYSTEM, TOP_UP_ON_HOLD], to: TOP_UP_IN_PROCESS },
  cancel: { from: [TOP_UP_WAITING_PAYMENT, TOP_UP_PAID, TOP_UP_ON_HOLD, TOP_UP_FAILED, TOP_UP_FAILED_BY_SYSTEM], to: TOP_UP_CANCELLED },
  resolve_success: { from: [TOP_UP_PENDING_OPERATOR, TOP_UP_ON_HOLD], to: TOP_UP_SUCCESS },
  resolve_failed: { from: [TOP_UP_PENDING_OPERATOR, TOP_UP_ON_HOLD], to: TOP_UP_FAILED },
};

/** States no action leaves. */
export const TOP_UP_FINAL: readonly number[] = [TOP_UP_PAYMENT_EXPIRED, TOP_UP_PAYMENT_FAILED, TOP_UP_CANCELLED, TOP_UP_SUCCESS];

export const canTopUp = (action: TopUpAction, status: number): boolean => TOP_UP_TRANSITIONS[action].from.includes(status);

/** The staff's actions a top-up in `status` allows, in workflow order (what the detail screen offers). */
export const staffTopUpActionsFor = (status: number): TopUpStaffAction[] => TOP_UP_STAFF_ACTIONS.filter((a) => canTopUp(a, status));

/**
 * The target status of a bulk-update row and the staff action that reaches it: 250 is a retry, 453 a cancel, 400 and
 * 451 a resolution from the biller's report.
 */
export const TOP_UP_BULK_TARGETS: Readonly<Record<number, TopUpStaffAction>> = {
  [TOP_UP_IN_PROCESS]: 'retry',
  [TOP_UP_CANCELLED]: 'cancel',
  [TOP_UP_SUCCESS]: 'resolve_success',
  [TOP_UP_FAILED]: 'resolve_failed',
};

/** Whether the consumer is owed their money back: paid, then cancelled (finance refunds it outside the portal). */
export const topUpRefundDue = (t: { status: number; paid: boolean; amount: number }): number => (t.paid && t.status === TOP_UP_CANCELLED ? t.amount : 0);
