import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../db/client.ts';

/**
 * PostgreSQL's LISTEN/NOTIFY for the app, on both databases. A topic belongs to the current schema: its channel is
 * `<schema>.<topic>` (a trigger sends to `tg_table_schema || '.<topic>'`), so test schemas sharing one database, or
 * one PGlite, never hear each other.
 *
 * On PostgreSQL one dedicated connection listens (never a pooled one: a pooled connection hears nothing while another
 * request holds it, and LISTEN would leak to whoever takes it next). It reconnects when lost; until it listens again
 * `live` is false and whoever keeps state current from notifications must stop trusting that state (fail closed), and
 * each gap in delivery is reported to `onGap` handlers, since notifications sent meanwhile are lost for good.
 *
 * On PGlite (one connection, in this process) a notification is handled before the statement that committed it
 * resolves, so delivery is always settled.
 */
export interface DbNotifications {
  /** Calls `handler` with the payload of every notification of `topic`, in commit order; returns how to stop. */
  listen(topic: string, handler: (payload: string) => void): Promise<() => Promise<void>>;
  /** Called whenever notifications may have been missed (the listening connection was lost, or listens again). */
  onGap(handler: () => void): void;
  /** Whether every notification is being received now. */
  readonly live: boolean;
  /**
   * True once every notification committed before the call has been handled: a round trip on the listening connection,
   * where PostgreSQL sends pending notifications before it answers. One round trip serves every caller waiting for it.
   * False when that cannot be known (not listening, or no answer in time: the connection is then replaced).
   */
  settled(): Promise<boolean>;
  close(): Promise<void>;
}

export interface DbNotificationsLogger {
  warn(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
}

/** A listening connection that does not answer a round trip in this long is taken for lost. */
const SETTLE_TIMEOUT_MS = 2_000;
const RECONNECT_MIN_MS = 100;
const RECONNECT_MAX_MS = 5_000;


export async function openDbNotifications(database: Database, logger?: DbNotificationsLogger): Promise<DbNotifications> {
  const [row] = await queryRows<{ schema: string }>(database.db, sql`select current_schema() as schema`);
  const schema = row?.schema ?? 'public';
  const raw = database.raw;
  if (raw.kind === 'pglite') return new PgliteNotifications(raw.client, schema);
  const notifications = new PgNotifications(raw.pool, schema, logger);
  // The first attempt is awaited so that a healthy start is live at once; a failed one keeps retrying behind.
  await notifications.connect();
  return notifications;
}

type Handlers = Map<string, Set<(payload: string) => void>>;

function dispatch(handlers: Handlers, channel: string, payload: string): void {
  for (const handler of handlers.get(channel) ?? []) handler(payload);
}

/** LISTENs per PGlite instance and channel: apps (or tests) sharing one instance must not UNLISTEN for each other. */
const pgliteListens = new WeakMap<PGlite, Map<string, number>>();

class PgliteNotifications implements DbNotifications {
  readonly live = true;
  private readonly handlers: Handlers = new Map();
  private readonly stop: () => void;

  constructor(
    private readonly client: PGlite,
    private readonly schema: string,
  ) {
    // PGlite's own listen() does not quote the channel, and its unsubscribe names it differently from its LISTEN.
    this.stop = client.onNotification((channel, payload) => dispatch(this.handlers, channel, payload));
  }

  async listen(topic: string, handler: (payload: string) => void): Promise<() => Promise<void>> {
    const channel = `${this.schema}.${topic}`;
    const counts = pgliteListens.get(this.client) ?? new Map<string, number>();
    pgliteListens.set(this.client, counts);
    if (!counts.get(channel)) await this.client.exec(`LISTEN ${pg.escapeIdentifier(channel)}`);
    counts.set(channel, (counts.get(channel) ?? 0) + 1);
    addHandler(this.handlers, channel, handler);
    return async () => {
      if (!removeHandler(this.handlers, channel, handler)) return;
      const left = (counts.get(channel) ?? 1) - 1;
      counts.set(channel, left);
      if (left === 0 && !this.client.closed) await this.client.exec(`UNLISTEN ${pg.escapeIdentifier(channel)}`);
    };
  }

  onGap(): void {
    // One connection in this process: nothing is ever missed.
  }

  async settled(): Promise<boolean> {
    return true;
  }

  async close(): Promise<void> {
    this.stop();
  }
}

function addHandler(handlers: Handlers, channel: string, handler: (payload: string) => void): void {
  const set = handlers.get(channel) ?? new Set();
  set.add(handler);
  handlers.set(channel, set);
}

/** Removes a handler; false when it was not there (an unsubscribe called twice). */
function removeHandler(handlers: Handlers, channel: string, handler: (payload: string) => void): boolean {
  const set = handlers.get(channel);
  if (!set?.delete(handler)) return false;
  if (!set.size) handlers.delete(channel);
  return true;
}

class PgNotifications implements DbNotifications {
  private readonly handlers: Handlers = new Map();
  private readonly gapHandlers: (() => void)[] = [];
  private client: pg.Client | null = null;
  private listening = false;
  private closed = false;
  private retryMs = RECONNECT_MIN_MS;
  private retryTimer: NodeJS.Timeout | null = null;
  /** The round trip on the wire, and the one that callers arriving meanwhile wait for (sent when the first answers). */
  private inFlight: Promise<boolean> | null = null;
  private next: Promise<boolean> | null = null;

  constructor(
    private readonly pool: pg.Pool,
    private readonly schema: string,
    private readonly logger?: DbNotificationsLogger,
  ) {}

  get live(): boolean {
    return this.listening;
  }

  async listen(topic: string, handler: (payload: string) => void): Promise<() => Promise<void>> {
    const channel = `${this.schema}.${topic}`;
    const first = !this.handlers.has(channel);
    addHandler(this.handlers, channel, handler);
    // Not listening yet: connect() sends LISTEN for every channel when it (re)connects.
    if (first && this.listening && this.client) await this.client.query(`LISTEN ${pg.escapeIdentifier(channel)}`).catch(() => this.lost(this.client));
    return async () => {
      if (!removeHandler(this.handlers, channel, handler) || this.handlers.has(channel)) return;
      if (this.listening && this.client) await this.client.query(`UNLISTEN ${pg.escapeIdentifier(channel)}`).catch(() => undefined);
    };
  }

  onGap(handler: () => void): void {
    this.gapHandlers.push(handler);
  }

  settled(): Promise<boolean> {
    if (!this.listening) return Promise.resolve(false);
    if (!this.inFlight) return this.startRoundTrip();
    // The round trip on the wire may have passed the database before this caller's request began: wait for one sent
    // after it ended (any such one will do).
    this.next ??= this.inFlight.then(() => {
      this.next = null;
      return this.inFlight ?? (this.listening ? this.startRoundTrip() : false);
    });
    return this.next;
  }

  private startRoundTrip(): Promise<boolean> {
    const trip: Promise<boolean> = this.roundTrip().finally(() => {
      if (this.inFlight === trip) this.inFlight = null;
    });
    this.inFlight = trip;
    return trip;
  }

  private roundTrip(): Promise<boolean> {
    const client = this.client;
    if (!client) return Promise.resolve(false);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => {
        this.logger?.warn({ timeoutMs: SETTLE_TIMEOUT_MS }, 'the database notification connection did not answer: reconnecting');
        this.lost(client);
        resolve(false);
      }, SETTLE_TIMEOUT_MS);
    });
    const answered = client.query('').then(
      () => client === this.client && this.listening,
      () => false,
    );
    return Promise.race([answered, timeout]).finally(() => clearTimeout(timer));
  }

  async connect(): Promise<void> {
    if (this.closed) return;
    const { connectionString, ssl, host, port, user, password, database } = this.pool.options;
    const client = new pg.Client({ connectionString, ssl, host, port, user, password, database, keepAlive: true, application_name: `portal-notify ${this.schema}` });
    this.client = client;
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    client.on('notification', (n) => dispatch(this.handlers, n.channel, n.payload ?? ''));
    try {
      await client.connect();
      // Until no channel is left unheard: listen() may add one while this waits.
      const heard = new Set<string>();
      for (let missing = [...this.handlers.keys()]; missing.length; missing = [...this.handlers.keys()].filter((c) => !heard.has(c))) {
        for (const channel of missing) {
          await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
          heard.add(channel);
        }
      }
    } catch (err) {
      if (client === this.client) this.logger?.warn({ err }, 'the database notification connection failed');
      this.lost(client);
      return;
    }
    // Closed meanwhile.
    if (client !== this.client) {
      void client.end().catch(() => undefined);
      return;
    }
    this.listening = true;
    this.retryMs = RECONNECT_MIN_MS;
    this.gap();
  }

  /** The connection is gone (or unusable): stop trusting delivery, drop it and connect again after a pause. */
  private lost(client: pg.Client | null): void {
    if (!client || client !== this.client) return;
    const wasListening = this.listening;
    this.listening = false;
    this.client = null;
    client.removeAllListeners('notification');
    client.on('error', () => undefined);
    void client.end().catch(() => undefined);
    this.gap();
    if (this.closed) return;
    if (wasListening) this.logger?.warn({}, 'the database notification connection was lost: reconnecting');
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.connect();
    }, this.retryMs).unref();
    this.retryMs = Math.min(this.retryMs * 2, RECONNECT_MAX_MS);
  }

  private gap(): void {
    for (const handler of this.gapHandlers) handler();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    const client = this.client;
    this.listening = false;
    this.client = null;
    if (client) await client.end().catch(() => undefined);
  }
}
