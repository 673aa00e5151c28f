import { AsyncResource } from 'node:async_hooks';
import crypto from 'node:crypto';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOWNLOAD_READY, ENDPOINTS, MENU, type AnyEndpoint } from '@portal/contract';
import { fromPglite, fromPgPool, type Database } from '../db/client.ts';
import { checkReportsDatabase } from '../db/reports-database.ts';
import { useHarness } from '../../test/harness.ts';
import type { TestDatabase } from '../../test/test-db.ts';
import { currentLogContext } from './log-context.ts';

/**
 * REPORTS_DATABASE_URL: report and dashboard reads go to the reports database (a replica), everything else to the main
 * one. The app is built with a second connection as its reports database, told apart from the main one: on PostgreSQL
 * a pool of its own whose sessions can only read (`default_transaction_read_only`), so a write sent there fails; on
 * PGlite (one connection) a second handle of the same connection, where a write is told by its text. Every statement
 * either sends is recorded with the request it ran for (the request's log context, which a job it queues carries), so
 * each report's reads are seen on the reports side, and none of its reads on the main one.
 */

type Side = 'main' | 'reports';
interface Statement {
  side: Side;
  reqId: string | undefined;
  text: string;
}
const statements: Statement[] = [];
const record = (side: Side, text: string) => statements.push({ side, reqId: currentLogContext()?.reqId, text });
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/** A handle of the PGlite connection that records what goes through it (itself and its transactions). */
function recordingPglite(client: PGlite, side: Side): PGlite {
  const recorded = <T extends object>(target: T, own: Map<PropertyKey, unknown>): T =>
    new Proxy(target, {
      get(t, key) {
        if (own.has(key)) return own.get(key);
        const value: unknown = Reflect.get(t, key);
        if (typeof value !== 'function') return value;
        const method = value as (...args: unknown[]) => unknown;
        if (key === 'query' || key === 'exec') {
          return (text: string, ...rest: unknown[]) => {
            record(side, text);
            return method.call(t, text, ...rest);
          };
        }
        if (key === 'transaction') return (run: (tx: Transaction) => unknown) => method.call(t, (tx: Transaction) => run(recorded(tx, new Map())));
        return method.bind(t);
      },
      // What the app sets on the handle (the metrics' counting wrappers) stays on this handle.
      set(_t, key, value) {
        own.set(key, value);
        return true;
      },
    });
  return recorded(client, new Map());
}

/** PostgreSQL: a pool on the test schema whose sessions refuse to write, as a hot standby does. */
function readOnlyPool(testDb: TestDatabase): Database {
  const pool = new pg.Pool({ connectionString: process.env.TEST_DATABASE_URL, max: 4, options: `-c search_path=${testDb.schema} -c default_transaction_read_only=on` });
  return fromPgPool(pool, `test schema ${testDb.schema}, read only`);
}

let reportsDatabase: Database | undefined;
let schema = '';

function databasesOf(testDb: TestDatabase): { database: Database; reports: Database } {
  schema = testDb.schema;
  const raw = testDb.database.raw;
  if (raw.kind === 'pglite') {
    return {
      database: fromPglite(recordingPglite(raw.client, 'main'), `test schema ${testDb.schema}, main`, false),
      reports: fromPglite(recordingPglite(raw.client, 'reports'), `test schema ${testDb.schema}, reports`, false),
    };
  }
  reportsDatabase = readOnlyPool(testDb);
  return { database: testDb.database, reports: reportsDatabase };
}

/**
 * PostgreSQL: every statement of every client of the test schema (the request pools and the export readers' pools the
 * app opens beside them), on the reports side when its session is read-only. A pool hands a free client to a waiting
 * caller from whichever caller's turn frees it: the callback is bound to the context it was asked in, so a statement
 * is recorded with its own request.
 */
const originalQuery = pg.Client.prototype.query;
const originalConnect = Object.getOwnPropertyDescriptor(pg.Pool.prototype, 'connect');
const inheritedConnect = pg.Pool.prototype.connect;
function recordPostgres(): void {
  pg.Pool.prototype.connect = function boundConnect(this: pg.Pool, ...args: unknown[]) {
    const [cb] = args;
    return (inheritedConnect as (...a: unknown[]) => unknown).apply(this, typeof cb === 'function' ? [AsyncResource.bind(cb as (...a: unknown[]) => unknown)] : args);
  } as typeof pg.Pool.prototype.connect;
  pg.Client.prototype.query = function recordedQuery(this: pg.Client, ...args: unknown[]) {
    const options = (this as unknown as { connectionParameters?: { options?: string } }).connectionParameters?.options ?? '';
    if (schema && options.includes(`search_path=${schema}`)) {
      const q = args[0] as string | { text?: string } | undefined;
      record(options.includes('default_transaction_read_only=on') ? 'reports' : 'main', typeof q === 'string' ? q : (q?.text ?? ''));
    }
    return (originalQuery as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof pg.Client.prototype.query;
}

/**
 * The report and dashboard menu entries: pandora (Reports & Analytics) but Check Voucher Status (one voucher's state
 * now, asked at a till), cms's Stamp Report and E-commerce Dashboard.
 */
const REPORT_ENTRIES = new Set(
  MENU.filter((e) => (e.area === 'pandora' && e.key !== 'pandora.check-voucher-status') || e.key === 'cms.report' || e.key === 'cms.dashboard').map((e) => e.key),
);
/** GET endpoints opened only by report entries that read no report: whom a dashboard may be shared with (users, rights). */
const NOT_REPORTS = new Set(['analytics-share.recipients']);
/** Every report and dashboard read: a GET that only report entries open (one a management screen opens too reads the main database). */
const REPORT_READS = ENDPOINTS.filter(
  (ep) => ep.method === 'GET' && typeof ep.access === 'object' && ep.access.entries.every((e) => REPORT_ENTRIES.has(e)) && !NOT_REPORTS.has(ep.id),
);

/** Query parameters a report needs to answer 200 (the customer map answers a box: the whole of Indonesia). */
const NEEDS: Record<string, Record<string, string>> = {
  'customer-map.map': { top_left_lat: '6.5', top_left_lon: '94', bottom_right_lat: '-11.5', bottom_right_lon: '141.5' },
};
/** Where a report's path parameters come from when not from the list at its parent path: the programmes' picker. */
const PARAMS_FROM: Record<string, string> = { 'free-gift-report.programme': 'free-gift-report.options' };

/** The rows of a list, a page or a picker. */
const rowsOf = (data: unknown): Record<string, unknown>[] => {
  if (Array.isArray(data)) return data as Record<string, unknown>[];
  const page = (data as { data?: unknown } | null)?.data;
  return Array.isArray(page) ? (page as Record<string, unknown>[]) : [];
};
const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * What the main database may be sent while a report answers: the session and its rights (when not kept from an earlier
 * request), a right checked afresh (user-rights.ts `holdsRight`: whether an export shows personal data unmasked),
 * writes (the audit, the personal-data access log), and the Download List's entry and the job that writes it.
 */
const BOOKKEEPING = [
  /^\s*(begin|commit|rollback)\b/i,
  /\b(insert\s+into|update\s+\S+\s+set|delete\s+from)\b/i,
  /\bdownloads\b/,
  /_jobs\./,
  /pg_advisory_xact_lock/,
  /from users hu join roles hr on hr\.id = hu\.role_id/,
  /\bfrom sessions s\b/,
  /\bfrom role_permissions\b/,
];
const isBookkeeping = (text: string) => BOOKKEEPING.some((re) => re.test(text));
/** A statement that changes something (on the reports side: none may). */
const WRITES = /\b(insert\s+into|update\s+\S+\s+set|delete\s+from|create|alter|drop|truncate)\b/i;
const short = (texts: string[]) => texts.map((t) => t.replace(/\s+/g, ' ').trim().slice(0, 140));

describe('reports read the reports database (REPORTS_DATABASE_URL), everything else the main one', () => {
  // Before the app's pools exist: a checked-out client keeps the query method it had (db/client.ts releasingPool).
  beforeAll(() => {
    if (onPostgres) recordPostgres();
  });
  // A small kept-export threshold: reports' exports go both ways, the direct file and the Download List's job.
  const h = useHarness({ EXPORT_ASYNC_ROWS: 20, EXPORT_MAX_QUEUED_PER_USER: 1_000 }, { databases: databasesOf });
  let token = '';
  let n = 0;
  const settled = new Map<number, number>();
  const waiting = new Map<number, (status: number) => void>();
  const settledOf = (id: number) => new Promise<number>((resolve) => (settled.has(id) ? resolve(settled.get(id)!) : waiting.set(id, resolve)));

  beforeAll(async () => {
    h.exports.onSettled(({ id, status }) => {
      settled.set(id, status);
      waiting.get(id)?.(status);
    });
    token = await h.tokenOf('superadmin');
    // Unmasked personal data (a step-up passed): the reports' access-log writes run too.
    await h.stepUp(token);
  });
  afterAll(async () => {
    pg.Client.prototype.query = originalQuery;
    if (originalConnect) Object.defineProperty(pg.Pool.prototype, 'connect', originalConnect);
    else delete (pg.Pool.prototype as Partial<pg.Pool>).connect;
    await reportsDatabase?.close();
  });

  /** Calls the API as the Super Admin; answers the status, the data and the statements the request (and any job it queued) sent. */
  async function call(method: string, url: string, body?: unknown) {
    const reqId = `replica-${++n}`;
    statements.length = 0;
    const res = await h.call(method, `/api/v1/${url}`, { token, headers: { 'x-request-id': reqId }, ...(body === undefined ? {} : { body }) });
    const json = res.headers['content-type']?.toString().startsWith('application/json') ? res.json<{ data: unknown }>() : undefined;
    const download = res.statusCode === 202 ? (json?.data as { id: number }) : undefined;
    const status = download ? await settledOf(download.id) : undefined;
    const mine = statements.filter((s) => s.reqId === reqId);
    return {
      status: res.statusCode,
      text: res.body,
      data: json?.data,
      kept: status,
      main: mine.filter((s) => s.side === 'main').map((s) => s.text),
      reports: mine.filter((s) => s.side === 'reports').map((s) => s.text),
    };
  }

  /** A report's path with its parameters: from the first row of its list (or of PARAMS_FROM's endpoint). */
  async function pathOf(ep: AnyEndpoint): Promise<string> {
    if (!ep.path.includes(':')) return ep.path;
    const parent = ep.path.slice(0, ep.path.indexOf('/:'));
    const source = REPORT_READS.find((e) => (PARAMS_FROM[ep.id] ? e.id === PARAMS_FROM[ep.id] : e.path === parent && e.data !== 'file'));
    if (!source) throw new Error(`${ep.id}: no list to take its parameters from`);
    const row = rowsOf((await call('GET', source.path)).data)[0];
    if (!row) throw new Error(`${ep.id}: ${source.id} has no row in the demo data to open`);
    return ep.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(row[snake(name)] ?? row.id)));
  }

  it('finds the report and dashboard reads in the contract: lists, totals, pickers, details, widgets and exports', () => {
    expect(REPORT_READS.length).toBeGreaterThan(90);
    expect(REPORT_READS.filter((ep) => ep.data === 'file').length).toBeGreaterThan(30);
    // Screens a management entry opens too read the main database: cms's voucher list, pre-order events.
    expect(REPORT_READS.map((ep) => ep.id)).not.toContain('vouchers.list');
    expect(REPORT_READS.map((ep) => ep.id)).not.toContain('pre-order-events.list');
  });

  it('answers every report and dashboard read through the reports connection, reading nothing from the main one', async () => {
    const problems: string[] = [];
    let direct = 0;
    let kept = 0;
    for (const ep of REPORT_READS) {
      const path = await pathOf(ep);
      for (const format of ep.data === 'file' ? ['csv', 'xlsx'] : [undefined]) {
        const query = new URLSearchParams(NEEDS[ep.id] ?? {});
        if (format) query.set('format', format);
        const label = `${ep.id}${format ? ` (${format})` : ''}`;
        const r = await call('GET', `${path}${query.size ? `?${query}` : ''}`);
        if (r.status === 202) kept++;
        else if (format) direct++;
        if (r.status !== 200 && !(format && r.status === 202 && r.kept === DOWNLOAD_READY)) problems.push(`${label}: answered ${r.status}${r.kept ? ` (kept export ${r.kept})` : ''} ${r.text.slice(0, 200)}`);
        if (!r.reports.length) problems.push(`${label}: nothing read through the reports connection`);
        const mainReads = r.main.filter((t) => !isBookkeeping(t));
        if (mainReads.length) problems.push(`${label}: read from the main database: ${short(mainReads).join(' | ')}`);
        const reportWrites = r.reports.filter((t) => WRITES.test(t));
        if (reportWrites.length) problems.push(`${label}: wrote through the reports connection: ${short(reportWrites).join(' | ')}`);
      }
    }
    expect(problems).toEqual([]);
    // Both ways an export takes were walked: straight back as a file, and through the Download List's job.
    expect(direct).toBeGreaterThan(5);
    expect(kept).toBeGreaterThan(5);
  });

  it('keeps the writes of report screens on the main database: the personal-data access log, the audit, the Download List, a share', async () => {
    // An unmasked page of All Transactions is recorded in the access log, on the main database, beside its read of the replica.
    const page = await call('GET', 'report/all-transactions');
    expect(page.status, page.text).toBe(200);
    expect(rowsOf(page.data).length).toBeGreaterThan(0);
    expect(page.reports.length).toBeGreaterThan(0);
    expect(page.main.some((t) => /insert into personal_data_access/.test(t)), short(page.main).join(' | ')).toBe(true);

    // Sharing a dashboard: whom with (users and their rights) and the share itself (audit, mail) are the main database's.
    const recipients = await call('GET', 'analytics/share/recipients?entry=pandora.sales-dashboard');
    expect(recipients.status, recipients.text).toBe(200);
    const colleague = (recipients.data as { user_id: number; username: string }[]).find((r) => r.username !== 'superadmin');
    expect(colleague).toBeDefined();
    const shared = await call('POST', 'analytics/share', { entry: 'pandora.sales-dashboard', path: '/admin/pandora/sales-dashboard', recipient_ids: [colleague!.user_id] });
    expect(shared.status, shared.text).toBe(200);
    for (const r of [recipients, shared]) {
      expect(r.main.length).toBeGreaterThan(0);
      expect(r.reports).toEqual([]);
    }
    expect(shared.main.some((t) => /insert into audit_log/.test(t))).toBe(true);
  });

  it('checks at start that the reports database holds the portal tables of this build', async () => {
    expect(await checkReportsDatabase(reportsDatabase ?? h.testDb.database)).toEqual({ standby: false, schema: true, pending: [] });
    if (!onPostgres) return;
    // A database without the portal's tables (not a replica of the main one): the start is refused (main.ts).
    const empty = `replicas_${crypto.randomBytes(4).toString('hex')}`;
    await h.testDb.database.exec(`create schema ${empty}`);
    const elsewhere = fromPgPool(new pg.Pool({ connectionString: process.env.TEST_DATABASE_URL, max: 1, options: `-c search_path=${empty}` }), 'an empty schema');
    try {
      expect(await checkReportsDatabase(elsewhere)).toEqual({ standby: false, schema: false, pending: [] });
    } finally {
      await elsewhere.close();
      await h.testDb.database.exec(`drop schema ${empty}`);
    }
  });

  it.runIf(onPostgres)('stands in for a replica with a connection that refuses every write', async () => {
    const refused = await reportsDatabase!.db.execute(sql`update audit_log set action = action where false`).then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(String((refused as { cause?: unknown } | undefined)?.cause)).toMatch(/cannot execute UPDATE in a read-only transaction/);
  });
});
