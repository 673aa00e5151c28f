import { enumTable } from '../enums/enum-table.ts';
import type { Action } from '../access/types.ts';

/**
 * A business client's order of e-vouchers (decisions.md, "The voucher order workflow"). The spec gives the five voucher
 * payment states and the steps, not the moves; before payment the chain's PIC (person in charge of the client) takes
 * the order up and approves or rejects it, as the spec's PIC steps and toasts say. The server refuses any other move
 * with 409; the web app offers only the moves the state and the viewer's grants allow.
 * - pic_process: New → Processed by PIC (the PIC checks the order and prepares its quotation)
 * - pic_approve: Processed by PIC → waiting_for_payment (the quotation stands; the client pays it)
 * - pic_reject (with a reason): New or Processed by PIC → Rejected by PIC
 * - payment_verify: waiting_for_payment → on_payment_verification (finance sees the transfer: amount and reference)
 * - payment_date_verify (with a reason): on_payment_verification → on_release_process (a second person confirms the
 *   payment and its date; the reason records what was checked)
 * - payment_reject (with a reason): waiting_for_payment or on_payment_verification → payment_rejected
 * - release: on_release_process → done (the vouchers' codes are generated)
 */
export const VOUCHER_ORDER_STATUS = enumTable([
  { value: 'new', label: 'Waiting for PIC', labelId: 'Menunggu PIC', color: 'default' },
  { value: 'pic_processing', label: 'Processed by PIC', labelId: 'Diproses PIC', color: 'blue' },
  { value: 'pic_rejected', label: 'Rejected by PIC', labelId: 'Ditolak PIC', color: 'red' },
  { value: 'waiting_for_payment', label: 'Waiting for Payment', labelId: 'Menunggu Pembayaran', color: 'orange' },
  { value: 'on_payment_verification', label: 'On Payment Verification', labelId: 'Verifikasi Pembayaran', color: 'gold' },
  { value: 'on_release_process', label: 'On Release Process', labelId: 'Proses Rilis', color: 'purple' },
  { value: 'done', label: 'Done', labelId: 'Selesai', color: 'green' },
  { value: 'payment_rejected', label: 'Payment Rejected', labelId: 'Pembayaran Ditolak', color: 'red' },
] as const);
export type VoucherOrderStatus = (typeof VOUCHER_ORDER_STATUS.values)[number];

export const VOUCHER_ORDER_ACTIONS = ['pic_process', 'pic_approve', 'pic_reject', 'payment_verify', 'payment_date_verify', 'payment_reject', 'release'] as const;
export type VoucherOrderAction = (typeof VOUCHER_ORDER_ACTIONS)[number];

export interface VoucherOrderMove {
  from: readonly VoucherOrderStatus[];
  to: VoucherOrderStatus;
  /** The grant on Order Voucher Management the move needs: makers edit, checkers approve. */
  grant: Extract<Action, 'edit' | 'approve'>;
  /** A reason (3 to 500 characters) goes with the move. */
  reason: boolean;
  /** The maker move whose actor may not make this one: the same person never both prepares and checks. */
  checks?: VoucherOrderAction;
  /** The spec's toast on success. */
  toast: string;
}

export const VOUCHER_ORDER_MOVES: Record<VoucherOrderAction, VoucherOrderMove> = {
  pic_process: { from: ['new'], to: 'pic_processing', grant: 'edit', reason: false, toast: 'PIC processing successful' },
  pic_approve: { from: ['pic_processing'], to: 'waiting_for_payment', grant: 'approve', reason: false, checks: 'pic_process', toast: 'PIC Approval successful' },
  pic_reject: { from: ['new', 'pic_processing'], to: 'pic_rejected', grant: 'approve', reason: true, toast: 'PIC rejection successful' },
  payment_verify: { from: ['waiting_for_payment'], to: 'on_payment_verification', grant: 'edit', reason: false, toast: 'Verify Payment Success' },
  payment_date_verify: { from: ['on_payment_verification'], to: 'on_release_process', grant: 'approve', reason: true, checks: 'payment_verify', toast: 'Verify Payment Success' },
  payment_reject: { from: ['waiting_for_payment', 'on_payment_verification'], to: 'payment_rejected', grant: 'approve', reason: true, toast: 'Reject Order Success' },
  release: { from: ['on_release_process'], to: 'done', grant: 'approve', reason: false, toast: 'Release Voucher Success' },
};

/** States no move leaves. */
export const VOUCHER_ORDER_FINAL: readonly VoucherOrderStatus[] = ['pic_rejected', 'done', 'payment_rejected'];

export const canMoveVoucherOrder = (action: VoucherOrderAction, status: VoucherOrderStatus): boolean => VOUCHER_ORDER_MOVES[action].from.includes(status);

/**
 * Whether `actor` may make `action` on an order whose earlier moves were made by `movedBy` (action → user id): the
 * checker of a maker move must be someone else.
 */
export function voucherOrderCheckerDiffers(action: VoucherOrderAction, actor: number, movedBy: Partial<Record<VoucherOrderAction, number>>): boolean {
  const maker = VOUCHER_ORDER_MOVES[action].checks;
  return maker === undefined || movedBy[maker] === undefined || movedBy[maker] !== actor;
}

/** The moves an order in `status` allows to a viewer with `grants` (edit, approve), in workflow order: what its detail offers. */
export const voucherOrderMovesFor = (status: VoucherOrderStatus, grants: ReadonlySet<Action>): VoucherOrderAction[] =>
  VOUCHER_ORDER_ACTIONS.filter((a) => canMoveVoucherOrder(a, status) && grants.has(VOUCHER_ORDER_MOVES[a].grant));

/** A reason given with a move: trimmed, 3 to 500 characters. */
export const VOUCHER_ORDER_REASON = { min: 3, max: 500 } as const;

/**
 * The states in which a credit order counts against its client's credit limit: placed and not refused, its payment
 * not yet confirmed (payment date verified). Placing a credit order needs the client's open credit plus the order's
 * total to stay within the limit.
 */
export const VOUCHER_ORDER_OPEN_CREDIT: readonly VoucherOrderStatus[] = ['new', 'pic_processing', 'waiting_for_payment', 'on_payment_verification'];

export const VOUCHER_PAYMENT_METHOD = enumTable([
  { value: 'transfer', label: 'Bank Transfer', labelId: 'Transfer Bank', color: 'blue' },
  { value: 'credit', label: 'Credit', labelId: 'Kredit', color: 'purple' },
] as const);
export type VoucherPaymentMethod = (typeof VOUCHER_PAYMENT_METHOD.values)[number];
