import { auditLog } from '../db/schema/index.ts';
import type { Tx } from '../db/client.ts';
import type { Actor } from './request-context.ts';

const SECRET_KEY = /password|token|otp|code_hash|secret|hash/i;

/** Drops secrets (password hashes, tokens, codes) from a record before it is kept in the log. */
export function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact);
  if (value instanceof Date) return value.toISOString();
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([k]) => !SECRET_KEY.test(k))
        .map(([k, v]) => [k, redact(v)]),
    );
  }
  return value;
}

export interface AuditEntry {
  action: string;
  entity: string;
  entityId?: string | number | null;
  before?: unknown;
  after?: unknown;
}

export interface AuditContext {
  actor: Pick<Actor, 'userId' | 'name'> | null;
  ip: string | null;
  now: Date;
}

/** Writes one audit entry inside the caller's transaction, so the change and its record commit together. */
export async function writeAudit(tx: Tx, ctx: AuditContext, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: ctx.actor?.userId ?? null,
    actorName: ctx.actor?.name ?? null,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
    before: entry.before === undefined ? null : redact(entry.before),
    after: entry.after === undefined ? null : redact(entry.after),
    ip: ctx.ip,
    at: ctx.now,
  });
}
