import { describe, expect, it } from 'vitest';
import { MOBILE_OPERATOR, TOP_UP_STATUS, networkOfPhone, operatorServes } from '../enums/top-up-status.ts';
import { TOP_UP_ACTIONS, TOP_UP_BULK_TARGETS, TOP_UP_FINAL, TOP_UP_TRANSITIONS, canTopUp, staffTopUpActionsFor, topUpRefundDue } from './top-up.ts';

const STATUSES = TOP_UP_STATUS.values;

describe('top-up workflow', () => {
  it('has the eleven codes of the spec with their texts and colours', () => {
    expect(STATUSES).toEqual([100, 110, 111, 200, 250, 251, 252, 451, 452, 453, 400]);
    expect(TOP_UP_STATUS.label(250)).toBe('Transaction is in Process');
    expect(TOP_UP_STATUS.label(453)).toBe('Transaction Canceled');
    expect(TOP_UP_STATUS.options.filter((o) => o.color === 'red').map((o) => o.value)).toEqual([110, 111, 451, 452, 453]);
    expect(TOP_UP_STATUS.options.filter((o) => o.color === 'green').map((o) => o.value)).toEqual([200, 400]);
    expect(MOBILE_OPERATOR.options.map((o) => o.label)).toEqual(['Indosat', 'Smartfren', 'Telkomsel', 'Three', 'Tri Happy', 'XL/Axis', 'XL', 'Axis']);
  });

  it('allows exactly these moves, and refuses every other (action, state) pair', () => {
    const allowed: string[] = [];
    for (const action of TOP_UP_ACTIONS) for (const status of STATUSES) if (canTopUp(action, status)) allowed.push(`${action}: ${status} → ${TOP_UP_TRANSITIONS[action].to}`);
    expect(allowed).toEqual([
      'pay: 100 → 200',
      'payment_fail: 100 → 111',
      'expire: 100 → 110',
      'send: 200 → 250',
      'biller_success: 250 → 400',
      'biller_success: 251 → 400',
      'biller_success: 252 → 400',
      'biller_fail: 250 → 451',
      'biller_fail: 251 → 451',
      'biller_fail: 252 → 451',
      'biller_pending: 250 → 251',
      'biller_pending: 252 → 251',
      'biller_hold: 250 → 252',
      'biller_hold: 251 → 252',
      'system_fail: 250 → 452',
      'retry: 252 → 250',
      'retry: 451 → 250',
      'retry: 452 → 250',
      'cancel: 100 → 453',
      'cancel: 200 → 453',
      'cancel: 252 → 453',
      'cancel: 451 → 453',
      'cancel: 452 → 453',
      'resolve_success: 251 → 400',
      'resolve_success: 252 → 400',
      'resolve_failed: 251 → 451',
      'resolve_failed: 252 → 451',
    ]);
    // Every refused pair, counted: 13 actions × 11 states less the 27 allowed.
    let refused = 0;
    for (const action of TOP_UP_ACTIONS) for (const status of STATUSES) if (!canTopUp(action, status)) refused++;
    expect(refused).toBe(TOP_UP_ACTIONS.length * STATUSES.length - 27);
  });

  it('leaves no final state, and every other state can be left', () => {
    for (const status of TOP_UP_FINAL) for (const action of TOP_UP_ACTIONS) expect(canTopUp(action, status), `${action} from ${status}`).toBe(false);
    for (const status of STATUSES.filter((s) => !TOP_UP_FINAL.includes(s))) expect(TOP_UP_ACTIONS.some((a) => canTopUp(a, status)), String(status)).toBe(true);
  });

  it('never cancels while the biller works on it', () => {
    expect(canTopUp('cancel', 250)).toBe(false);
    expect(canTopUp('cancel', 251)).toBe(false);
  });

  it('offers staff only retry, cancel and the resolutions their state allows', () => {
    expect(staffTopUpActionsFor(100)).toEqual(['cancel']);
    expect(staffTopUpActionsFor(200)).toEqual(['cancel']);
    expect(staffTopUpActionsFor(250)).toEqual([]);
    expect(staffTopUpActionsFor(251)).toEqual(['resolve_success', 'resolve_failed']);
    expect(staffTopUpActionsFor(252)).toEqual(['retry', 'cancel', 'resolve_success', 'resolve_failed']);
    expect(staffTopUpActionsFor(451)).toEqual(['retry', 'cancel']);
    expect(staffTopUpActionsFor(452)).toEqual(['retry', 'cancel']);
    for (const s of TOP_UP_FINAL) expect(staffTopUpActionsFor(s)).toEqual([]);
  });

  it('maps each bulk-update target status to the staff action that reaches it', () => {
    for (const [to, action] of Object.entries(TOP_UP_BULK_TARGETS)) expect(TOP_UP_TRANSITIONS[action].to).toBe(Number(to));
  });

  it('owes the money back only for a paid top-up that was cancelled', () => {
    expect(topUpRefundDue({ status: 453, paid: true, amount: 26_500 })).toBe(26_500);
    expect(topUpRefundDue({ status: 453, paid: false, amount: 26_500 })).toBe(0);
    expect(topUpRefundDue({ status: 451, paid: true, amount: 26_500 })).toBe(0);
  });

  it('knows each number’s operator by its prefix', () => {
    expect(networkOfPhone('081234567890')).toBe('telkomsel');
    expect(networkOfPhone('+6285712345678')).toBe('indosat');
    expect(networkOfPhone('089612345678')).toBe('three');
    expect(networkOfPhone('081012345678')).toBeNull();
    expect(operatorServes(3, '6281234567890')).toBe(true);
    expect(operatorServes(5, '089612345678')).toBe(true);
    expect(operatorServes(6, '083112345678')).toBe(true);
    expect(operatorServes(7, '083112345678')).toBe(false);
    expect(operatorServes(1, '081234567890')).toBe(false);
  });
});
