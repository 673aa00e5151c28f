import { sql, type SQL } from 'drizzle-orm';

/** What a payment move says of the payment (spec section 4, string payment statuses); other moves leave it. */
const PAYMENT_STATUS_OF: Readonly<Record<string, string>> = { pay: 'PAID', payment_fail: 'FAILED', expire: 'EXPIRED' };

/**
 * The payment columns an order's or a top-up's move sets (both tables have them): the payment status of a payment
 * move, the time it was paid, and the gateway's reference when the move brings one.
 */
export function paymentColumns(action: string, now: Date, paymentRef: string | null | undefined): SQL {
  return sql`payment_status = coalesce(${PAYMENT_STATUS_OF[action] ?? null}, payment_status),
    paid_at = case when ${action === 'pay'} then ${now}::timestamptz else paid_at end,
    payment_ref = coalesce(${paymentRef ?? null}, payment_ref)`;
}
