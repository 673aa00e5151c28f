import { sql } from 'drizzle-orm';
import { billerSignedText, type BillerCallbackBody, type BillerCallbackStatus, type TopUpAction, type TopUpCallbackResult } from '@portal/contract';
import { queryRows, type Db } from '../../db/client.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { verifyWebhook } from '../../platform/webhook-signature.ts';
import { lockTopUp, type TopUpWorkflowService } from './top-up-workflow.service.ts';

const ACTION_OF: Record<BillerCallbackStatus, TopUpAction> = {
  SUCCESS: 'biller_success',
  FAILED: 'biller_fail',
  PENDING: 'biller_pending',
  ON_HOLD: 'biller_hold',
};

/**
 * The biller's callback (`POST billers/callback`). The signature first (401, nothing read); then in one transaction
 * the top-up locked, the event taken by its id (a replay changes nothing), the reference held to the current attempt's
 * (a late answer of an earlier attempt, after a retry, is 409), and the workflow moves it: success, failed, pending
 * operator confirmation or on hold. An answer the state no longer allows (cancelled meanwhile) answers 409 and keeps
 * nothing, so the biller's retry meets the same answer.
 */
export class BillerCallbackService {
  constructor(
    private readonly db: Db,
    private readonly workflow: TopUpWorkflowService,
    private readonly secret: string | Buffer,
  ) {}

  async receive(b: BillerCallbackBody, now: Date): Promise<TopUpCallbackResult> {
    verifyWebhook(this.secret, billerSignedText(b), b.signature);
    return this.db.transaction(async (tx) => {
      const [row] = await queryRows<{ id: number }>(tx, sql`select id from top_ups where transaction_no = ${b.transaction_no}`);
      if (!row) throw notFound('Top-up');
      const id = Number(row.id);
      const current = await lockTopUp(tx, id);
      const [taken] = await queryRows(
        tx,
        sql`insert into biller_events (event_id, top_up_id, biller_ref, status, serial_number, message, received_at)
          values (${b.event_id}, ${id}, ${b.biller_ref}, ${b.status}, ${b.serial_number}, ${b.message}, ${now}) on conflict (event_id) do nothing returning event_id`,
      );
      if (!taken) return { transaction_no: b.transaction_no, status: current.status, replay: true };
      // The answer may arrive before the send's own answer was stored: an attempt without a reference takes this one.
      if (current.previous_biller_refs.includes(b.biller_ref) || (current.biller_ref !== null && current.biller_ref !== b.biller_ref)) {
        throw conflict(`${b.biller_ref} is not the current attempt of ${b.transaction_no}`);
      }
      const moved = await this.workflow.move(
        id,
        { action: ACTION_OF[b.status], actor: { kind: 'system' }, billerRef: b.biller_ref, serialNumber: b.serial_number, billerMessage: b.message },
        now,
        tx,
      );
      return { transaction_no: b.transaction_no, status: moved.status, replay: false };
    });
  }
}
