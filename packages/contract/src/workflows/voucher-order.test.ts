import { describe, expect, it } from 'vitest';
import type { Action } from '../access/types.ts';
import {
  VOUCHER_ORDER_ACTIONS,
  VOUCHER_ORDER_FINAL,
  VOUCHER_ORDER_MOVES,
  VOUCHER_ORDER_STATUS,
  canMoveVoucherOrder,
  voucherOrderCheckerDiffers,
  voucherOrderMovesFor,
  type VoucherOrderAction,
  type VoucherOrderStatus,
} from './voucher-order.ts';

const STATUSES = VOUCHER_ORDER_STATUS.values;

describe('voucher order workflow', () => {
  it('holds the five voucher payment states of the spec, after the PIC’s three', () => {
    expect(STATUSES).toEqual(['new', 'pic_processing', 'pic_rejected', 'waiting_for_payment', 'on_payment_verification', 'on_release_process', 'done', 'payment_rejected']);
    expect(VOUCHER_ORDER_STATUS.label('on_release_process')).toBe('On Release Process');
  });

  it('allows exactly these moves, and refuses every other (action, state) pair', () => {
    const allowed: string[] = [];
    for (const action of VOUCHER_ORDER_ACTIONS) for (const status of STATUSES) if (canMoveVoucherOrder(action, status)) allowed.push(`${action}: ${status} → ${VOUCHER_ORDER_MOVES[action].to}`);
    expect(allowed).toEqual([
      'pic_process: new → pic_processing',
      'pic_approve: pic_processing → waiting_for_payment',
      'pic_reject: new → pic_rejected',
      'pic_reject: pic_processing → pic_rejected',
      'payment_verify: waiting_for_payment → on_payment_verification',
      'payment_date_verify: on_payment_verification → on_release_process',
      'payment_reject: waiting_for_payment → payment_rejected',
      'payment_reject: on_payment_verification → payment_rejected',
      'release: on_release_process → done',
    ]);
  });

  it('leaves no final state, and reaches every state from New', () => {
    for (const status of VOUCHER_ORDER_FINAL) expect(VOUCHER_ORDER_ACTIONS.filter((a) => canMoveVoucherOrder(a, status))).toEqual([]);
    const reached = new Set<VoucherOrderStatus>(['new']);
    // A set iterates what is added while it runs, so this walks every state reachable from New.
    for (const s of reached) for (const a of VOUCHER_ORDER_ACTIONS) if (canMoveVoucherOrder(a, s)) reached.add(VOUCHER_ORDER_MOVES[a].to);
    expect([...reached].sort()).toEqual([...STATUSES].sort());
  });

  it('asks a reason of the rejections and the payment date check, and carries the spec’s toasts', () => {
    expect(VOUCHER_ORDER_ACTIONS.filter((a) => VOUCHER_ORDER_MOVES[a].reason)).toEqual(['pic_reject', 'payment_date_verify', 'payment_reject']);
    expect(VOUCHER_ORDER_ACTIONS.map((a) => VOUCHER_ORDER_MOVES[a].toast)).toEqual([
      'PIC processing successful',
      'PIC Approval successful',
      'PIC rejection successful',
      'Verify Payment Success',
      'Verify Payment Success',
      'Reject Order Success',
      'Release Voucher Success',
    ]);
  });

  it('keeps maker and checker apart: by grant, and by person for the approval and the payment date check', () => {
    const makers = VOUCHER_ORDER_ACTIONS.filter((a) => VOUCHER_ORDER_MOVES[a].grant === 'edit');
    expect(makers).toEqual(['pic_process', 'payment_verify']);
    const moved: Partial<Record<VoucherOrderAction, number>> = { pic_process: 7, payment_verify: 8 };
    expect(voucherOrderCheckerDiffers('pic_approve', 7, moved)).toBe(false);
    expect(voucherOrderCheckerDiffers('pic_approve', 8, moved)).toBe(true);
    expect(voucherOrderCheckerDiffers('payment_date_verify', 8, moved)).toBe(false);
    expect(voucherOrderCheckerDiffers('payment_date_verify', 7, moved)).toBe(true);
    // Moves that check no maker move, or before any maker move, are anyone's with the grant.
    expect(voucherOrderCheckerDiffers('release', 8, moved)).toBe(true);
    expect(voucherOrderCheckerDiffers('pic_approve', 7, {})).toBe(true);
  });

  it('offers the moves the state and the viewer’s grants allow, in workflow order', () => {
    const edit = new Set<Action>(['view', 'edit']);
    const approve = new Set<Action>(['view', 'approve']);
    expect(voucherOrderMovesFor('new', edit)).toEqual(['pic_process']);
    expect(voucherOrderMovesFor('new', approve)).toEqual(['pic_reject']);
    expect(voucherOrderMovesFor('on_payment_verification', approve)).toEqual(['payment_date_verify', 'payment_reject']);
    expect(voucherOrderMovesFor('on_payment_verification', edit)).toEqual([]);
    expect(voucherOrderMovesFor('done', new Set<Action>(['view', 'edit', 'approve']))).toEqual([]);
  });
});
