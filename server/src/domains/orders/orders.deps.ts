import type { AppTransaction, AppTransactionResult } from '@portal/contract';

/**
 * What a delivered order needs of the loyalty domain: its earning of stamps (and raffle coupons) by the active
 * programmes' rules for an online transaction, once per transaction id (the order number).
 */
export interface OnlineSaleEarning {
  transaction(consumerId: number, t: AppTransaction, now: Date): Promise<AppTransactionResult>;
}

export interface OrdersDeps {
  earning: OnlineSaleEarning;
}
