import { sql } from 'drizzle-orm';
import { TOP_UP_IN_PROCESS, TOP_UP_STATUS, TOP_UP_TRANSITIONS, canTopUp, type TopUpAction, type TopUpStatusCode } from '@portal/contract';
import { queryRows, type Db, type Tx } from '../../db/client.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import type { JobQueue } from '../../platform/jobs.ts';
import { TOP_UP_SUBJECT, recordMove, refusedMove, type MoveActor } from './workflow-move.ts';

/** The job that sends a top-up in process to the biller (top-up-biller.job.ts). */
export const TOP_UP_BILLER_JOB = 'top-ups.send-to-biller';

export const topUpStatusText = (status: number): string => TOP_UP_STATUS.label(status as TopUpStatusCode);

export interface TopUpMove {
  action: TopUpAction;
  /** Who moves it: a staff member (with the request's audit context), or the system (gateway, biller, jobs). */
  actor: Exclude<MoveActor, { kind: 'consumer' }>;
  /** The version the mover saw (staff screens and files send it); a newer one answers 409. */
  version?: number;
  /** A cancel's reason, or a note on the timeline. */
  note?: string | null;
  paymentRef?: string | null;
  /** The biller's answer: its reference, the operator's serial number and its message. */
  billerRef?: string | null;
  serialNumber?: string | null;
  billerMessage?: string | null;
}

export interface LockedTopUp {
  status: number;
  version: number;
  attempts: number;
  biller_ref: string | null;
  previous_biller_refs: string[];
}

/** Locks the top-up's row for a change (404 when there is none); with the version the writer saw, a newer one answers 409. */
export async function lockTopUp(tx: Tx, id: number, version?: number): Promise<LockedTopUp> {
  const [row] = await queryRows<Record<string, unknown>>(tx, sql`select status, version, attempts, biller_ref, previous_biller_refs from top_ups where id = ${id} for update`);
  if (!row) throw notFound('Top-up');
  const locked: LockedTopUp = {
    status: Number(row.status),
    version: Number(row.version),
    attempts: Number(row.attempts),
    biller_ref: (row.biller_ref as string | null) ?? null,
    previous_biller_refs: Array.isArray(row.previous_biller_refs) ? row.previous_biller_refs.map(String) : [],
  };
  if (version !== undefined && version !== locked.version) throw conflict('This top-up was changed by someone else after you opened it. Reload to see the latest version.');
  return locked;
}

/**
 * The only writer of a top-up's status: one move of the declared workflow (contract/workflows/top-up.ts) in one
 * transaction with the row locked, its version checked, the move recorded (recordMove: the row, its timeline entry, a
 * staff move's audit entry) and, for a move into Transaction is in Process (the first send after payment, or a retry),
 * a new attempt (the previous biller reference kept as stale) and the biller job queued in the same transaction. Any
 * other move answers 409 and changes nothing.
 */
export class TopUpWorkflowService {
  constructor(
    private readonly db: Db,
    private readonly jobs?: JobQueue,
  ) {}

  async move(id: number, m: TopUpMove, now: Date, tx?: Tx): Promise<{ status: number; version: number }> {
    if (!tx) return this.db.transaction((t) => this.move(id, m, now, t));
    const current = await lockTopUp(tx, id, m.version);
    if (!canTopUp(m.action, current.status)) throw refusedMove(TOP_UP_SUBJECT, topUpStatusText(current.status), m.action);
    const to = TOP_UP_TRANSITIONS[m.action].to;
    const sending = to === TOP_UP_IN_PROCESS;
    const version = await recordMove(
      tx,
      TOP_UP_SUBJECT,
      {
        id,
        action: m.action,
        from: current.status,
        to,
        actor: m.actor,
        note: m.note ?? m.billerMessage ?? null,
        auditNote: m.note ?? null,
        paymentRef: m.paymentRef,
        set: sql`attempts = attempts + ${sending ? 1 : 0},
          previous_biller_refs = case when ${sending} and biller_ref is not null then array_append(previous_biller_refs, biller_ref) else previous_biller_refs end,
          biller_ref = case when ${sending} then null else coalesce(${m.billerRef ?? null}, biller_ref) end,
          serial_number = case when ${sending} then null else coalesce(${m.serialNumber ?? null}, serial_number) end,
          biller_message = case when ${sending} then null else coalesce(${m.billerMessage ?? null}, biller_message) end,
          cancel_reason = case when ${m.action === 'cancel'} then ${m.note ?? null} else cancel_reason end`,
      },
      now,
    );
    // The row is locked, so the attempt this move starts is the locked count plus one.
    if (sending) await this.jobs?.send(TOP_UP_BILLER_JOB, { top_up_id: id, attempt: current.attempts + 1 }, { tx });
    return { status: to, version };
  }
}
