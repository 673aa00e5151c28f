import { sql } from 'drizzle-orm';
import { paymentSignedText, type PaymentCallbackBody, type PaymentCallbackResult } from '@portal/contract';
import type { Config } from '../../config.ts';
import { queryRows, type Db } from '../../db/client.ts';
import { notFound, unprocessable } from '../../platform/errors.ts';
import { signWebhook, verifyWebhook, webhookSecretOf } from '../../platform/webhook-signature.ts';
import type { OrderWorkflowService } from './order-workflow.service.ts';

/** The secret the gateway signs with: PAYMENT_WEBHOOK_SECRET, else derived from the app key. */
export const paymentSecretOf = (config: Pick<Config, 'PAYMENT_WEBHOOK_SECRET' | 'APP_SECRET' | 'APP_ENV' | 'DATA_DIR'>): string | Buffer =>
  webhookSecretOf(config.PAYMENT_WEBHOOK_SECRET, config, 'payment-webhook');

/** The signature the gateway must send for an event: HMAC-SHA256 of its signed text with the shared secret, hex. */
export const paymentSignature = (secret: string | Buffer, b: Omit<PaymentCallbackBody, 'signature'>): string =>
  signWebhook(secret, paymentSignedText(b));

/**
 * The payment gateway's callback. The signature is checked first (in constant time; 401 and nothing read otherwise);
 * then, in one transaction, the event is taken by its id (a replay finds it taken and changes nothing), its amount must
 * be the order's total (422), and the order moves by the workflow: PAID pays it and hands it to its store's queue,
 * FAILED fails it (its stock back). A move the workflow refuses (the order expired or was cancelled first) answers 409
 * and keeps nothing, the event included, so the gateway's retry meets the same answer.
 */
export class PaymentCallbackService {
  constructor(
    private readonly db: Db,
    private readonly workflow: OrderWorkflowService,
    private readonly secret: string | Buffer,
  ) {}

  async receive(b: PaymentCallbackBody, now: Date): Promise<PaymentCallbackResult> {
    verifyWebhook(this.secret, paymentSignedText(b), b.signature);
    return this.db.transaction(async (tx) => {
      const [order] = await queryRows<{ id: number; total: number; status: number }>(tx, sql`select id, total, status from orders where order_no = ${b.order_no}`);
      if (!order) throw notFound('Order');
      const [taken] = await queryRows(
        tx,
        sql`insert into payment_events (event_id, order_id, status, amount, payment_ref, received_at)
          values (${b.event_id}, ${order.id}, ${b.status}, ${b.amount}, ${b.payment_ref}, ${now}) on conflict (event_id) do nothing returning event_id`,
      );
      if (!taken) return { order_no: b.order_no, status: Number(order.status), replay: true };
      if (b.amount !== Number(order.total)) throw unprocessable(`The amount ${b.amount} is not the order's total ${order.total}`);
      const system = { kind: 'system' as const };
      let moved = await this.workflow.move(Number(order.id), { action: b.status === 'PAID' ? 'pay' : 'payment_fail', actor: system, paymentRef: b.payment_ref }, now, tx);
      if (b.status === 'PAID') moved = await this.workflow.move(Number(order.id), { action: 'queue', actor: system }, now, tx);
      return { order_no: b.order_no, status: moved.status, replay: false };
    });
  }
}
