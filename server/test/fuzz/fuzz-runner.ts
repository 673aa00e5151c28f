import crypto from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { queryRows } from '../../src/db/client.ts';
import { hashSecret } from '../../src/platform/tokens.ts';
import type { Harness } from '../harness.ts';
import { operationsOf, type FuzzOperation, type OpenApiDocument } from './openapi-operations.ts';
import { requestArbitrary, type FuzzRequest } from './request-arbitraries.ts';

export const DEFAULT_FUZZ_SEED = 20_261_125;

export interface FuzzProblem {
  request: FuzzRequest;
  status: number;
  body: string;
  reason: string;
}

export interface FuzzReport {
  seed: number;
  operations: number;
  cases: number;
  serverErrors: number;
  statuses: Map<number, number>;
  problems: FuzzProblem[];
  /** Operations that ended the fuzzer's own session (sign-out, its password or account changed), with how often. */
  sessionsEnded: Map<string, number>;
  /** The messages of 400s that carry no field path in `details`, with how often: each must say what is wrong itself. */
  unpathed400s: Map<string, number>;
  ms: number;
}

export interface FuzzOptions {
  seed: number;
  /** Total cases, spread evenly over the operations. */
  cases: number;
  /** Operation ids to run (all when absent). */
  only?: (op: FuzzOperation) => boolean;
  onProgress?: (done: number, total: number) => void;
}

/** Messages that do not say what is wrong; a 400 carrying one of them without field details fails the check. */
const VAGUE_MESSAGES = new Set(['A value is out of range or malformed', 'Invalid request', 'Bad Request', 'Invalid input', 'Something went wrong', 'Error']);

/** Why an answer breaks the rules (no 5xx; refusals in the envelope with a message; a 400 names what is wrong), or undefined. */
export function judge(res: LightMyRequestResponse): string | undefined {
  if (res.statusCode >= 500) return `answered ${res.statusCode}`;
  if (res.statusCode < 400) return undefined;
  let body: { error?: unknown; message?: unknown; details?: unknown };
  try {
    body = JSON.parse(res.body) as typeof body;
  } catch {
    return 'the refusal is not JSON';
  }
  if (typeof body.error !== 'string' || !body.error) return 'the refusal has no error code';
  if (typeof body.message !== 'string' || !body.message.trim()) return 'the refusal has no message';
  if (res.statusCode !== 400) return undefined;
  if (!namesAField(body) && VAGUE_MESSAGES.has(body.message.trim())) return 'the 400 does not name what is wrong';
  return undefined;
}

function namesAField(body: { details?: unknown }): boolean {
  const details = Array.isArray(body.details) ? (body.details as { path?: unknown; message?: unknown }[]) : [];
  return details.some((d) => typeof d.path === 'string' && d.path.length > 0 && typeof d.message === 'string' && d.message.length > 0);
}

/** The message of a 400 without a field path in its details (undefined for any other answer). */
function unpathedMessage(res: LightMyRequestResponse): string | undefined {
  if (res.statusCode !== 400) return undefined;
  try {
    const body = JSON.parse(res.body) as { message?: unknown; details?: unknown };
    return namesAField(body) ? undefined : String(body.message);
  } catch {
    return undefined;
  }
}

/** Operations that cannot be answered by a single request: event streams stay open until the client leaves. */
function streams(doc: OpenApiDocument): Set<string> {
  const out = new Set<string>();
  for (const [path, byMethod] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(byMethod)) {
      if (JSON.stringify((op as { responses?: unknown }).responses ?? {}).includes('text/event-stream')) out.add(`${method.toUpperCase()} ${path}`);
    }
  }
  return out;
}

/**
 * A Super Admin of the fuzzer's own, with a session opened directly (no password or code to lose). When a case ends it
 * (sign-out, a password reset, its account deactivated or deleted by a generated id), the account is put back and a new
 * session opened, so one run covers every operation, the destructive ones included.
 */
class FuzzSession {
  token = '';
  private userId = 0;
  private roleId = 0;

  constructor(private readonly h: Harness) {}

  async open(): Promise<string> {
    const db = this.h.testDb.database.db;
    if (!this.userId) {
      const [role] = await queryRows<{ id: number }>(db, sql`select id from roles where is_super order by id limit 1`);
      if (!role) throw new Error('no Super Admin role');
      this.roleId = Number(role.id);
      // A password nobody knows: the session is opened directly, never by signing in.
      const passwordHash = await hashSecret(crypto.randomBytes(24).toString('base64url'));
      const [user] = await queryRows<{ id: number }>(
        db,
        sql`insert into users (username, email, name, role_id, password_hash) values ('fuzz.superadmin', 'fuzz.superadmin@test.local', 'Fuzz Super Admin', ${this.roleId}, ${passwordHash}) returning id`,
      );
      this.userId = Number(user?.id);
    }
    await db.execute(sql`update users set status = 1, deleted_at = null, role_id = ${this.roleId} where id = ${this.userId}`);
    await db.execute(sql`update roles set status = 1 where id = ${this.roleId}`);
    this.token = await db.transaction((tx) => this.h.services.sessions.open(tx, this.userId, '127.0.0.1', 'fuzz'));
    return this.token;
  }

  async alive(): Promise<boolean> {
    const res = await this.h.app.inject({ method: 'GET', url: '/api/v1/user/profile', headers: { authorization: `Bearer ${this.token}` } });
    return res.statusCode === 200;
  }
}

/** The fuzz run: every operation of the server's OpenAPI document, `cases` requests in all, from a fixed seed. */
export async function runFuzz(h: Harness, opts: FuzzOptions): Promise<FuzzReport> {
  const started = Date.now();
  const session = new FuzzSession(h);
  await session.open();
  const docRes = await h.app.inject({ method: 'GET', url: '/api/docs/json', headers: { authorization: `Bearer ${session.token}` } });
  if (docRes.statusCode !== 200) throw new Error(`the OpenAPI document answered ${docRes.statusCode}`);
  const doc = docRes.json<OpenApiDocument>();
  const skip = streams(doc);
  const operations = operationsOf(doc).filter((op) => !skip.has(`${op.method} ${op.path}`) && (opts.only?.(op) ?? true));
  const perOperation = Math.max(1, Math.ceil(opts.cases / Math.max(1, operations.length)));
  const report: FuzzReport = { seed: opts.seed, operations: operations.length, cases: 0, serverErrors: 0, statuses: new Map(), problems: [], sessionsEnded: new Map(), unpathed400s: new Map(), ms: 0 };
  const total = perOperation * operations.length;

  for (const [index, op] of operations.entries()) {
    // One seed per operation, derived from the run's: adding an operation does not change the others' requests.
    for (const request of fc.sample(requestArbitrary(op), { seed: opts.seed + index, numRuns: perOperation })) {
      let res: LightMyRequestResponse;
      try {
        res = await h.app.inject({
          method: request.method as 'GET',
          url: request.url,
          headers: { ...request.headers, authorization: `Bearer ${session.token}` },
          ...(request.payload !== undefined ? { payload: request.payload } : {}),
        });
      } catch (err) {
        report.cases++;
        report.problems.push({ request, status: 0, body: String(err), reason: 'the request could not be sent' });
        continue;
      }
      report.cases++;
      report.statuses.set(res.statusCode, (report.statuses.get(res.statusCode) ?? 0) + 1);
      if (res.statusCode >= 500) report.serverErrors++;
      const unpathed = unpathedMessage(res);
      if (unpathed !== undefined) report.unpathed400s.set(unpathed, (report.unpathed400s.get(unpathed) ?? 0) + 1);
      const reason = judge(res);
      if (reason) report.problems.push({ request, status: res.statusCode, body: res.body.slice(0, 600), reason });
      if (res.statusCode === 401 && !(await session.alive())) {
        report.sessionsEnded.set(op.id, (report.sessionsEnded.get(op.id) ?? 0) + 1);
        await session.open();
      }
      opts.onProgress?.(report.cases, total);
    }
  }
  report.ms = Date.now() - started;
  return report;
}

/** A failing case as a reader can replay it. */
export function describeProblem(p: FuzzProblem): string {
  const payload = p.request.payload === undefined ? '' : `\n    body (${p.request.payload.length} chars): ${p.request.payload.slice(0, 400)}`;
  const headers = Object.keys(p.request.headers).length ? `\n    headers: ${JSON.stringify(p.request.headers)}` : '';
  return `[${p.request.operation}] ${p.reason}\n    ${p.request.method} ${p.request.url.slice(0, 400)}${headers}${payload}\n    → ${p.status} ${p.body.slice(0, 400)}`;
}

/** The figures of a run, one line each. */
export function summarize(r: FuzzReport): string {
  const statuses = [...r.statuses.entries()].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`).join(' ');
  const ended = [...r.sessionsEnded.entries()].map(([op, n]) => `${op}×${n}`).join(', ') || 'none';
  return [
    `fuzz seed ${r.seed}: ${r.cases} cases over ${r.operations} operations in ${(r.ms / 1000).toFixed(1)} s`,
    `5xx seen: ${r.serverErrors}; problems: ${r.problems.length}`,
    `statuses: ${statuses}`,
    `sessions ended by a case (re-opened): ${ended}`,
  ].join('\n');
}
