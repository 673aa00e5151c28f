import type { TillReceiptParts } from '../../platform/till-receipts.ts';

/**
 * What the analytics domain needs of the others: the rules over what a till applied on a receipt, the promotion
 * domain's (promos, free gifts) and the consumers domain's (associates' staff purchases, recorded with the receipt).
 */
export interface AnalyticsDeps {
  till: TillReceiptParts;
}
