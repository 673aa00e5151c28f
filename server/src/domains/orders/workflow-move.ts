import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { writeAudit, type AuditContext } from '../../platform/audit.ts';
import { conflict, type AppError } from '../../platform/errors.ts';

/** Who moves an order or a top-up: a staff member (with the request's audit context), the consumer, or the system (gateway, biller, jobs). */
export type MoveActor = { kind: 'staff'; audit: AuditContext } | { kind: 'consumer'; id: number } | { kind: 'system' };

/** A workflow's subject: its table, its timeline's table and key, and its name in audit entries and messages. */
export interface MoveSubject {
  table: 'orders' | 'top_ups';
  events: 'order_events' | 'top_up_events';
  key: 'order_id' | 'top_up_id';
  entity: 'order' | 'top-up';
}

export const ORDER_SUBJECT: MoveSubject = { table: 'orders', events: 'order_events', key: 'order_id', entity: 'order' };
export const TOP_UP_SUBJECT: MoveSubject = { table: 'top_ups', events: 'top_up_events', key: 'top_up_id', entity: 'top-up' };

/** What a payment move says of the payment (spec section 4, string payment statuses); other moves leave it. */
export const PAYMENT_STATUS_OF: Readonly<Record<string, string>> = { pay: 'PAID', payment_fail: 'FAILED', expire: 'EXPIRED' };

/** The 409 of a move the workflow does not allow from the subject's state. */
export function refusedMove(subject: MoveSubject, statusText: string, action: string): AppError {
  return conflict(`This ${subject.entity} is ${statusText}: it cannot be moved by ${action.replaceAll('_', ' ')}`);
}

export interface RecordedMove {
  id: number;
  action: string;
  from: number;
  to: number;
  actor: MoveActor;
  /** The timeline's note; the audit entry keeps `auditNote` (a staff member's own words). */
  note: string | null;
  auditNote: string | null;
  paymentRef?: string | null;
  /** The subject's own columns this move sets, beside status, version, payment and who. */
  set: SQL;
}

/**
 * Writes one allowed move of a locked order or top-up (both workflows' writers call it after their checks): the row's
 * status, version, who and when, the payment columns of a payment move and the subject's own columns; its timeline
 * entry; and a staff move's audit entry, in the caller's transaction. Answers the row's new version.
 */
export async function recordMove(tx: Tx, subject: MoveSubject, m: RecordedMove, now: Date): Promise<number> {
  const staffId = m.actor.kind === 'staff' ? (m.actor.audit.actor?.userId ?? null) : null;
  const [moved] = await queryRows<{ version: number }>(
    tx,
    sql`update ${sql.identifier(subject.table)} set status = ${m.to}, version = version + 1, updated_at = ${now}, updated_by = ${staffId},
        payment_status = coalesce(${PAYMENT_STATUS_OF[m.action] ?? null}, payment_status),
        paid_at = case when ${m.action === 'pay'} then ${now}::timestamptz else paid_at end,
        payment_ref = coalesce(${m.paymentRef ?? null}, payment_ref),
        ${m.set}
      where id = ${m.id} returning version`,
  );
  await tx.execute(sql`insert into ${sql.identifier(subject.events)} (${sql.identifier(subject.key)}, action, from_status, to_status, actor_kind, actor_id, note, at)
    values (${m.id}, ${m.action}, ${m.from}, ${m.to}, ${m.actor.kind}, ${m.actor.kind === 'consumer' ? m.actor.id : staffId}, ${m.note}, ${now})`);
  if (m.actor.kind === 'staff') {
    await writeAudit(tx, m.actor.audit, { action: `${subject.entity}.${m.action}`, entity: subject.entity, entityId: m.id, before: { status: m.from }, after: { status: m.to, note: m.auditNote } });
  }
  return Number(moved?.version);
}
