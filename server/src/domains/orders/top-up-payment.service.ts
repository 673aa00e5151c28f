import { sql } from 'drizzle-orm';
import { topUpPaymentSignedText, type TopUpCallbackResult, type TopUpPaymentCallbackBody } from '@portal/contract';
import { queryRows, type Db } from '../../db/client.ts';
import { notFound, unprocessable } from '../../platform/errors.ts';
import { verifyWebhook } from '../../platform/webhook-signature.ts';
import type { TopUpWorkflowService } from './top-up-workflow.service.ts';

/**
 * The payment gateway's callback for a top-up (`POST payments/top-up-callback`), signed with the secret and scheme of
 * the order callback. The signature first (401, nothing read); then in one transaction the event taken by its id (a
 * replay changes nothing), the amount held to the top-up's (422), and the workflow: PAID pays it and hands it to the
 * biller at once (Transaction is in Process, the biller job queued in the same transaction), FAILED fails it. A move the
 * workflow refuses (expired first) answers 409 and keeps nothing, the event included.
 */
export class TopUpPaymentService {
  constructor(
    private readonly db: Db,
    private readonly workflow: TopUpWorkflowService,
    private readonly secret: string | Buffer,
  ) {}

  async receive(b: TopUpPaymentCallbackBody, now: Date): Promise<TopUpCallbackResult> {
    verifyWebhook(this.secret, topUpPaymentSignedText(b), b.signature);
    return this.db.transaction(async (tx) => {
      const [topUp] = await queryRows<{ id: number; amount: number; status: number }>(tx, sql`select id, amount, status from top_ups where transaction_no = ${b.transaction_no}`);
      if (!topUp) throw notFound('Top-up');
      const [taken] = await queryRows(
        tx,
        sql`insert into top_up_payment_events (event_id, top_up_id, status, amount, payment_ref, received_at)
          values (${b.event_id}, ${topUp.id}, ${b.status}, ${b.amount}, ${b.payment_ref}, ${now}) on conflict (event_id) do nothing returning event_id`,
      );
      if (!taken) return { transaction_no: b.transaction_no, status: Number(topUp.status), replay: true };
      if (b.amount !== Number(topUp.amount)) throw unprocessable(`The amount ${b.amount} is not the top-up's amount ${topUp.amount}`);
      const system = { kind: 'system' as const };
      const id = Number(topUp.id);
      let moved = await this.workflow.move(id, { action: b.status === 'PAID' ? 'pay' : 'payment_fail', actor: system, paymentRef: b.payment_ref }, now, tx);
      if (b.status === 'PAID') moved = await this.workflow.move(id, { action: 'send', actor: system }, now, tx);
      return { transaction_no: b.transaction_no, status: moved.status, replay: false };
    });
  }
}
