import type { AppTransaction, AppTransactionResult, PosSale } from '@portal/contract';

/**
 * What a delivered order needs of the loyalty domain: its earning of stamps (and raffle coupons) by the active
 * programmes' rules for an online transaction, once per transaction id (the order number).
 */
export interface OnlineSaleEarning {
  transaction(consumerId: number, t: AppTransaction, now: Date): Promise<AppTransactionResult>;
}

/** What a delivered order needs of the analytics domain: its recording as an online sale, once by its order number. */
export interface OnlineSaleRecorder {
  record(sales: readonly (PosSale & { consumer_id?: number | null })[], now: Date): Promise<unknown>;
}

export interface OrdersDeps {
  earning: OnlineSaleEarning;
  sales: OnlineSaleRecorder;
}
