import { sql } from 'drizzle-orm';
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
  const json = (v: unknown) => {
    const kept = v === undefined ? null : redact(v);
    return kept === null ? null : JSON.stringify(kept);
  };
  await tx.execute(sql`insert into audit_log (actor_id, actor_name, action, entity, entity_id, before, after, ip, at)
    values (${ctx.actor?.userId ?? null}, ${ctx.actor?.name ?? null}, ${entry.action}, ${entry.entity},
      ${entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId)}, ${json(entry.before)}::jsonb, ${json(entry.after)}::jsonb, ${ctx.ip}, ${ctx.now})`);
}
