import { sql } from 'drizzle-orm';
import { TOP_UP_IN_PROCESS, TOP_UP_STATUS, TOP_UP_TRANSITIONS, canTopUp, type TopUpAction, type TopUpStatusCode } from '@portal/contract';
import { queryRows, type Db, type Tx } from '../../db/client.ts';
import { writeAudit, type AuditContext } from '../../platform/audit.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import type { JobQueue } from '../../platform/jobs.ts';
import { paymentColumns } from './payment-columns.ts';

/** The job that sends a top-up in process to the biller (top-up-biller.job.ts). */
export const TOP_UP_BILLER_JOB = 'top-ups.send-to-biller';

export const topUpStatusText = (status: number): string => TOP_UP_STATUS.label(status as TopUpStatusCode);

export interface TopUpMove {
  action: TopUpAction;
  /** Who moves it: a staff member (with the request's audit context), or the system (gateway, biller, jobs). */
  actor: { kind: 'staff'; audit: AuditContext } | { kind: 'system' };
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
 * transaction with the row locked, its version checked, the timeline entry, the audit entry of a staff move, and, for a
 * move into Transaction is in Process (the first send after payment, or a retry), a new attempt (the previous biller
 * reference kept as stale) and the biller job queued in the same transaction. Any other move answers 409 and changes
 * nothing.
 */
export class TopUpWorkflowService {
  constructor(
    private readonly db: Db,
    private readonly jobs?: JobQueue,
  ) {}

  async move(id: number, m: TopUpMove, now: Date, tx?: Tx): Promise<{ status: number; version: number }> {
    if (!tx) return this.db.transaction((t) => this.move(id, m, now, t));
    const current = await lockTopUp(tx, id, m.version);
    if (!canTopUp(m.action, current.status)) throw conflict(`This top-up is ${topUpStatusText(current.status)}: it cannot be moved by ${m.action.replaceAll('_', ' ')}`);
    const to = TOP_UP_TRANSITIONS[m.action].to;
    const sending = to === TOP_UP_IN_PROCESS;
    const staffId = m.actor.kind === 'staff' ? (m.actor.audit.actor?.userId ?? null) : null;
    const [moved] = await queryRows<{ version: number; attempts: number }>(
      tx,
      sql`update top_ups set status = ${to}, version = version + 1, updated_at = ${now}, updated_by = ${staffId},
          ${paymentColumns(m.action, now, m.paymentRef)},
          attempts = attempts + ${sending ? 1 : 0},
          previous_biller_refs = case when ${sending} and biller_ref is not null then array_append(previous_biller_refs, biller_ref) else previous_biller_refs end,
          biller_ref = case when ${sending} then null else coalesce(${m.billerRef ?? null}, biller_ref) end,
          serial_number = case when ${sending} then null else coalesce(${m.serialNumber ?? null}, serial_number) end,
          biller_message = case when ${sending} then null else coalesce(${m.billerMessage ?? null}, biller_message) end,
          cancel_reason = case when ${m.action === 'cancel'} then ${m.note ?? null} else cancel_reason end
        where id = ${id} returning version, attempts`,
    );
    await tx.execute(sql`insert into top_up_events (top_up_id, action, from_status, to_status, actor_kind, actor_id, note, at)
      values (${id}, ${m.action}, ${current.status}, ${to}, ${m.actor.kind}, ${staffId}, ${m.note ?? m.billerMessage ?? null}, ${now})`);
    if (sending) await this.jobs?.send(TOP_UP_BILLER_JOB, { top_up_id: id, attempt: Number(moved?.attempts) }, { tx });
    if (m.actor.kind === 'staff') {
      await writeAudit(tx, m.actor.audit, { action: `top-up.${m.action}`, entity: 'top-up', entityId: id, before: { status: current.status }, after: { status: to, note: m.note ?? null } });
    }
    return { status: to, version: Number(moved?.version) };
  }
}
