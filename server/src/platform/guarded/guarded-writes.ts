import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  GUARDED_CHANGES_SHOWN,
  guardedChange,
  isoDateTime,
  operatorActionRow,
  type GuardedChange,
  type GuardedPreview,
  type GuardedToolApi,
  type OperatorActionDetail,
  type OperatorActionListQuery,
  type OperatorActionRow,
  type OperatorTool,
} from '@portal/contract';
import { queryRows, type Db, type Tx } from '../../db/client.ts';
import { actorOf } from '../access-guard.ts';
import { writeAudit, type AuditContext } from '../audit.ts';
import type { Clock } from '../clock.ts';
import { auditContext } from '../crud/index.ts';
import { badRequest, conflict, notFound } from '../errors.ts';
import { pagedList, whereOf } from '../pagination.ts';
import { rowReader } from '../sql/row-reader.ts';
import type { Actor } from '../request-context.ts';
import { serve } from '../serve.ts';
import { requireRecentSecondFactor } from '../step-up.ts';

/** What a tool would do with an input: every field it changes, what else it does, and what applying it needs. */
export interface GuardedPlan<A = unknown> {
  changes: GuardedChange[];
  notes: string[];
  /** The words to type first (a bulk or irreversible change); null when a reason is enough. */
  confirmation: string | null;
  undoable: boolean;
  /** What `apply` needs beyond the changes (ids, new values), never shown. */
  data: A;
}

/** Who applies or undoes, and the audit context their entries are written with. */
export interface GuardedContext {
  actor: Actor;
  audit: AuditContext;
  reason: string;
  now: Date;
  /** The kept action this is: the one `apply` writes (its id taken first, so the tool's rows can name it), or the one undone. */
  actionId: number;
}

/**
 * One operator tool. `plan` reads what an input would change; inside `apply`'s transaction it is called again with
 * `lock`, locking the rows it will change, so what is applied is exactly what is planned. `undo` puts the records back
 * from what `apply` answered, refusing (409) a record changed since.
 */
export interface GuardedTool<I, A = unknown, U = unknown> {
  tool: OperatorTool;
  plan(tx: Tx, input: I, lock: boolean, now: Date): Promise<GuardedPlan<A>>;
  /** Writes the plan; answers what an undo needs (null: nothing to undo by). */
  apply(tx: Tx, plan: GuardedPlan<A>, ctx: GuardedContext): Promise<U | null>;
  undo?(tx: Tx, undo: U, ctx: GuardedContext): Promise<void>;
}

/** The digest a preview shows and an apply must present: the same changes, notes and confirmation. */
export const planFingerprint = (tool: OperatorTool, plan: GuardedPlan): string =>
  createHash('sha256').update(JSON.stringify([tool, plan.changes, plan.notes, plan.confirmation, plan.undoable])).digest('hex');

const sameWords = (typed: string | undefined, expected: string) => (typed ?? '').trim().replace(/\s+/g, ' ').toUpperCase() === expected.toUpperCase();

function requireConfirmation(expected: string | null, typed: string | undefined): void {
  if (expected && !sameWords(typed, expected)) {
    const message = `Type ${expected} to confirm`;
    throw badRequest(message, [{ path: 'confirmation', message }]);
  }
}

const bulkUndoWords = (total: number) => `UNDO ${total} CHANGES`;

/** The audit's view of changes: the first ones, each record's field before and after (the action row keeps them all). */
const audited = (changes: GuardedChange[], side: 'before' | 'after') =>
  changes.slice(0, GUARDED_CHANGES_SHOWN).map((c) => ({ record: c.label, field: c.field, value: c[side] }));

const ROW_COLUMNS = sql`id, tool, actor_name, reason, total, label, created_at, undo is not null and undone_at is null as undoable, undone_at, undone_by_name, undo_reason`;

const toRow = rowReader(operatorActionRow);
/** What undo and the detail read besides the row: every change, the kept undo, whether the action asked for typed words. */
const toKept = rowReader(z.object({ changes: z.array(guardedChange), undo: z.unknown(), confirmed: z.boolean(), total: z.number(), undone_at: isoDateTime.nullable() }));

/**
 * The guarded write every operator tool goes through (issue 17): preview without writing; apply only the previewed plan,
 * with a reason, the typed confirmation a bulk or irreversible change asks for, and a second factor from the last 15
 * minutes, in one transaction with its audit entry and its kept action; undo the same way, audited too.
 */
export class GuardedWrites {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async preview<I>(tool: GuardedTool<I>, input: I): Promise<GuardedPreview> {
    // Read in a transaction that is rolled back: nothing a plan touches is ever written by a preview.
    const plan = await this.db.transaction(async (tx) => {
      await tx.execute(sql`set transaction read only`);
      return tool.plan(tx, input, false, this.clock.now());
    });
    return {
      changes: plan.changes.slice(0, GUARDED_CHANGES_SHOWN),
      total: plan.changes.length,
      fingerprint: planFingerprint(tool.tool, plan),
      confirmation: plan.confirmation,
      undoable: plan.undoable,
      notes: plan.notes,
    };
  }

  async apply<I>(tool: GuardedTool<I>, input: I, given: { reason: string; fingerprint: string; confirmation?: string | undefined }, ctx: Omit<GuardedContext, 'reason' | 'now' | 'actionId'>): Promise<OperatorActionDetail> {
    const now = this.clock.now();
    requireRecentSecondFactor(ctx.actor, now);
    const id = await this.db.transaction(async (tx) => {
      const plan = await tool.plan(tx, input, true, now);
      if (planFingerprint(tool.tool, plan) !== given.fingerprint) {
        throw conflict('What this would change is no longer what you previewed: someone changed these records since. Preview again.');
      }
      if (!plan.changes.length) throw badRequest('Nothing would change: there is nothing to apply');
      requireConfirmation(plan.confirmation, given.confirmation);
      const [reserved] = await queryRows<{ id: number }>(tx, sql`select nextval(pg_get_serial_sequence('operator_actions', 'id')) as id`);
      const actionId = Number(reserved!.id);
      const full: GuardedContext = { ...ctx, reason: given.reason, now, actionId };
      const undo = await tool.apply(tx, plan, full);
      const [row] = await queryRows<{ id: number }>(
        tx,
        sql`insert into operator_actions (id, tool, actor_id, actor_name, reason, total, label, changes, undo, confirmed, created_at)
          values (${actionId}, ${tool.tool}, ${ctx.actor.userId}, ${ctx.actor.name}, ${given.reason}, ${plan.changes.length}, ${plan.changes[0]?.label ?? ''},
            ${JSON.stringify(plan.changes)}::jsonb, ${plan.undoable && undo !== null ? JSON.stringify(undo) : null}::jsonb, ${plan.confirmation !== null}, ${now}) returning id`,
      );
      await writeAudit(tx, ctx.audit, {
        action: `${tool.tool}.apply`,
        entity: 'operator-action',
        entityId: row!.id,
        before: { changes: audited(plan.changes, 'before') },
        after: { reason: given.reason, total: plan.changes.length, changes: audited(plan.changes, 'after') },
      });
      return Number(row!.id);
    });
    return this.detail(tool.tool, id);
  }

  async undo(tool: GuardedTool<unknown>, id: number, given: { reason: string; confirmation?: string | undefined }, ctx: Omit<GuardedContext, 'reason' | 'now' | 'actionId'>): Promise<OperatorActionDetail> {
    const now = this.clock.now();
    requireRecentSecondFactor(ctx.actor, now);
    await this.db.transaction(async (tx) => {
      const [found] = await queryRows(tx, sql`select undo, total, undone_at, changes, confirmed from operator_actions where id = ${id} and tool = ${tool.tool} for update`);
      if (!found) throw notFound('Action');
      const row = toKept(found);
      if (row.undone_at !== null) throw conflict('This change was undone already');
      if (row.undo === null || !tool.undo) throw conflict('This change cannot be undone');
      const total = row.total;
      requireConfirmation(row.confirmed ? bulkUndoWords(total) : null, given.confirmation);
      await tool.undo(tx, row.undo, { ...ctx, reason: given.reason, now, actionId: id });
      await tx.execute(sql`update operator_actions set undone_at = ${now}, undone_by = ${ctx.actor.userId}, undone_by_name = ${ctx.actor.name}, undo_reason = ${given.reason} where id = ${id}`);
      const { changes } = row;
      await writeAudit(tx, ctx.audit, {
        action: `${tool.tool}.undo`,
        entity: 'operator-action',
        entityId: id,
        before: { changes: audited(changes, 'after') },
        after: { reason: given.reason, total, changes: audited(changes, 'before') },
      });
    });
    return this.detail(tool.tool, id);
  }

  async list(tool: OperatorTool, q: OperatorActionListQuery): Promise<{ data: OperatorActionRow[]; meta: { page: number; limit: number; total: number } }> {
    const undone = q.undone === undefined ? undefined : q.undone === 'true' ? sql`undone_at is not null` : sql`undone_at is null`;
    const search = q.search ? sql`(label ilike ${`%${q.search}%`} or reason ilike ${`%${q.search}%`})` : undefined;
    const dir = q.sort_dir === 'asc' ? sql`asc` : sql`desc`;
    const page = await pagedList(this.db, {
      select: sql`select ${ROW_COLUMNS}`,
      from: sql`from operator_actions`,
      where: whereOf([sql`tool = ${tool}`, undone, search]),
      orderBy: sql`created_at ${dir}, id ${dir}`,
      page: q,
    });
    return { data: page.data.map(toRow), meta: page.meta };
  }

  async detail(tool: OperatorTool, id: number): Promise<OperatorActionDetail> {
    const [r] = await queryRows(this.db, sql`select ${ROW_COLUMNS}, changes, undo, confirmed from operator_actions where id = ${id} and tool = ${tool}`);
    if (!r) throw notFound('Action');
    const row = toRow(r);
    const kept = toKept(r);
    return { ...row, changes: kept.changes.slice(0, GUARDED_CHANGES_SHOWN), undo_confirmation: row.undoable && kept.confirmed ? bulkUndoWords(row.total) : null };
  }
}

/**
 * Serves a guarded tool's five endpoints (its contract's `guardedToolApi`) over `tool`. `inputOf` may read the request
 * too (whose the input is: an import batch only its uploader or a Super Admin may apply).
 */
export function serveGuardedTool<I>(
  app: FastifyInstance,
  api: GuardedToolApi,
  tool: GuardedTool<I>,
  writes: GuardedWrites,
  clock: Clock,
  /** The tool's input from the body's input fields (validated by the contract's input schema); by default those fields. */
  inputOf: (input: Record<string, unknown>, req: FastifyRequest) => I = (input) => input as I,
): void {
  // The apply body is the input plus the reason, fingerprint and confirmation: the input is what the preview takes.
  const inputKeys = Object.keys(api.preview.body.shape);
  const input = (body: unknown, req: FastifyRequest) => {
    const fields = body as Record<string, unknown>;
    return inputOf(Object.fromEntries(inputKeys.filter((k) => fields[k] !== undefined).map((k) => [k, fields[k]])), req);
  };
  serve(app, api.preview, async (req) => ({ message: 'Success', data: await writes.preview(tool, input(req.body, req)) }));
  serve(app, api.apply, async (req) => {
    const body = req.body as Record<string, unknown> & { reason: string; fingerprint: string; confirmation?: string };
    const data = await writes.apply(tool, input(body, req), body, { actor: actorOf(req), audit: auditContext(req, clock) });
    return { message: 'Success', data };
  });
  serve(app, api.actions, async (req) => ({ message: 'Success', data: await writes.list(tool.tool, req.query as OperatorActionListQuery) }));
  serve(app, api.action, async (req) => ({ message: 'Success', data: await writes.detail(tool.tool, (req.params as { id: number }).id) }));
  serve(app, api.undo, async (req) => {
    const data = await writes.undo(tool as GuardedTool<unknown>, (req.params as { id: number }).id, req.body as { reason: string; confirmation?: string }, { actor: actorOf(req), audit: auditContext(req, clock) });
    return { message: 'Success', data };
  });
}
