import { sql } from 'drizzle-orm';
import { TOP_UP_IN_PROCESS, type BillerCallbackBody } from '@portal/contract';
import { queryRows, type Db } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import type { Clock } from '../../platform/clock.ts';
import type { JobHandler } from '../../platform/jobs.ts';
import type { BillerAdapter } from './biller.ts';
import type { BillerCallbackService } from './biller-callback.service.ts';
import type { TopUpWorkflowService } from './top-up-workflow.service.ts';

/**
 * Sends one attempt of a top-up to the biller (queued by the workflow with the move into Transaction is in Process). A
 * job of an earlier attempt, or one whose attempt was already accepted, does nothing; the biller's reference is stored
 * unless its answer came first. A refusal fails the top-up by system (452), from which staff may retry.
 */
export function topUpBillerJob(db: Db, biller: BillerAdapter, workflow: TopUpWorkflowService, clock: Clock): JobHandler<Record<string, unknown>> {
  return async (payload) => {
    const id = Number(payload.top_up_id);
    const attempt = Number(payload.attempt);
    const [t] = await queryRows<{ transaction_no: string; biller_code: string; phone_number: string; amount: number }>(
      db,
      sql`select transaction_no, biller_code, phone_number, amount from top_ups where id = ${id} and status = ${TOP_UP_IN_PROCESS} and attempts = ${attempt} and biller_ref is null`,
    );
    if (!t) return;
    let billerRef: string;
    try {
      billerRef = (await biller.send({ transaction_no: t.transaction_no, attempt, biller_code: t.biller_code, phone_number: t.phone_number, amount: Number(t.amount) })).biller_ref;
    } catch (err) {
      const note = `${biller.name} biller: ${(err as Error).message}`.slice(0, 500);
      await workflow.move(id, { action: 'system_fail', actor: { kind: 'system' }, note }, clock.now()).catch(() => undefined);
      return;
    }
    await db.execute(sql`update top_ups set biller_ref = ${billerRef} where id = ${id} and attempts = ${attempt} and biller_ref is null`);
  };
}

/** The simulated biller's answer, delivered through the biller callback as a real biller's would be. */
export function simulatedBillerAnswerJob(callbacks: BillerCallbackService, clock: Clock): JobHandler<Record<string, unknown>> {
  return async (payload) => {
    await callbacks.receive(payload as unknown as BillerCallbackBody, clock.now()).catch((err: unknown) => {
      // A refused answer (cancelled meanwhile, a stale attempt) is the answer a real biller would get too.
      if (!(err instanceof AppError)) throw err;
    });
  };
}
