import { z } from 'zod';

/** What the payment gateway reports of an order's payment. */
export const PAYMENT_CALLBACK_STATUS = ['PAID', 'FAILED'] as const;

/**
 * The payment gateway's callback: an event about one order's payment, signed with the secret the portal shares with
 * the gateway (`signature`: HMAC-SHA256, hex, of `paymentSignedText`). Sent again (the gateway retries), it changes
 * nothing.
 */
export const paymentCallbackBody = z
  .object({
    event_id: z.string({ error: 'event_id is required' }).trim().min(1).max(100),
    order_no: z.string({ error: 'order_no is required' }).trim().min(1).max(40),
    status: z.enum(PAYMENT_CALLBACK_STATUS, { error: 'status must be PAID or FAILED' }),
    amount: z.number({ error: 'amount is required' }).int().min(0),
    payment_ref: z.string({ error: 'payment_ref is required' }).trim().min(1).max(100),
    signature: z.string({ error: 'signature is required' }).regex(/^[0-9a-f]{64}$/, 'signature must be 64 hex characters'),
  })
  .strict();
export type PaymentCallbackBody = z.infer<typeof paymentCallbackBody>;

/** The text the gateway signs: the event's fields joined by `|`, in this order. */
export const paymentSignedText = (b: Omit<PaymentCallbackBody, 'signature'>): string => [b.event_id, b.order_no, b.status, b.amount, b.payment_ref].join('|');

export const paymentCallbackResult = z.object({
  order_no: z.string(),
  status: z.number().int(),
  /** True when this event had been received before: nothing changed. */
  replay: z.boolean(),
});
export type PaymentCallbackResult = z.infer<typeof paymentCallbackResult>;
