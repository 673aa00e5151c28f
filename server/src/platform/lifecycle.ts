import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

/**
 * Starting and stopping the process (server/src/main.ts): a refusal to start says which setting is wrong in one line
 * each, never a stack trace; a shutdown stops taking work, finishes what it took, and exits, within a deadline.
 */

/** What the operator reads when a start is refused: each problem on its line, each naming its variable. */
export const refusal = (appEnv: string, problems: readonly string[]) => `Refusing to start (APP_ENV=${appEnv}):\n- ${problems.join('\n- ')}`;

/**
 * The setting to blame for an error met while opening the database or the listener, as one line naming the variable;
 * undefined for anything else (a bug keeps its stack trace).
 */
export function startupFailure(
  err: unknown,
  config: Pick<Config, 'PORT' | 'HOST' | 'DATABASE_URL' | 'DATA_DIR'> & Partial<Pick<Config, 'REPORTS_DATABASE_URL'>>,
  step: 'database' | 'reports' | 'listen',
): string | undefined {
  const e = err as NodeJS.ErrnoException & { code?: string; message?: string };
  const code = typeof e?.code === 'string' ? e.code : undefined;
  const said = (e?.message ?? String(err)).split('\n')[0] ?? '';
  if (step === 'listen') {
    if (code === 'EADDRINUSE') return `PORT: ${config.PORT} on ${config.HOST} is already in use by another program`;
    if (code === 'EACCES') return `PORT: listening on ${config.PORT} is not allowed to this user (ports below 1024 need privileges)`;
    if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND' || code === 'EAI_AGAIN') return `HOST: ${config.HOST} is not an address of this machine`;
    return undefined;
  }
  // The reports database (a replica) is opened only with REPORTS_DATABASE_URL; its failure names that variable.
  const [name, databaseUrl] = step === 'reports' ? ['REPORTS_DATABASE_URL', config.REPORTS_DATABASE_URL] : ['DATABASE_URL', config.DATABASE_URL];
  if (databaseUrl) {
    let where = 'the database';
    try {
      const url = new URL(databaseUrl);
      where = `${url.hostname}:${url.port || 5432}${url.pathname}`;
    } catch {
      // validated as a URL already
    }
    // node-postgres' messages never hold the password; the URL is not repeated.
    return `${name}: cannot use the PostgreSQL database at ${where}: ${said}${code && !said.includes(code) ? ` (${code})` : ''}`;
  }
  return `DATA_DIR: cannot open the embedded database in ${config.DATA_DIR}: ${said}`;
}

/** How often a closing server ends the connections that have become idle since its listener closed. */
const IDLE_SWEEP_MS = 100;

/**
 * A closing server lets requests in progress finish but keeps no connection waiting for a next request: answers sent
 * while closing say `connection: close`, and connections that become idle later (a kept-alive one whose answer just
 * went out, an event stream ended by the shutdown) are ended as they do. Node closes only the connections idle at the
 * moment of `close()`, so a browser's kept-alive connection would otherwise hold the shutdown for its whole keep-alive
 * time (72 s), past any deadline.
 */
export function closeConnectionsWhenIdle(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
    const server = app.server;
    if (!server.listening) return;
    const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
    sweep.unref();
    server.once('close', () => clearInterval(sweep));
  });
  app.addHook('onSend', (_req, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
}

export interface ShutdownOptions {
  /** The most a shutdown may take before the process exits anyway (SHUTDOWN_TIMEOUT_SECONDS). */
  timeoutSeconds: number;
  /** Seconds readiness answers 503 before the listener closes (SHUTDOWN_DRAIN_SECONDS). */
  drainSeconds: number;
  /** Called at once when a shutdown begins: readiness answers 503 from then on. */
  beginShutdown?: () => void;
  /** Closed after the app (its requests, streams and workers). */
  closeDatabase: () => Promise<void>;
  exit: (code: number) => void;
}

/**
 * The shutdown of a running app: readiness answers 503 (and, with a drain time, the load balancer gets that long to
 * notice); then `app.close()`: open event streams end (their preClose hooks), the listener stops accepting, requests in
 * progress finish (new ones on kept-alive connections answer 503), then the job workers stop (running jobs get part of
 * the deadline, then are failed for a retry elsewhere) with the other onClose hooks; then the database. Past the
 * deadline, or at a second signal, the process exits at once with status 1.
 */
export function gracefulShutdown(app: FastifyInstance, opts: ShutdownOptions): (signal: string) => Promise<void> {
  let closing = false;
  return async (signal) => {
    if (closing) {
      app.log.warn(`${signal} again: exiting without waiting`);
      opts.exit(1);
      return;
    }
    closing = true;
    app.log.info(`${signal}: shutting down (at most ${opts.timeoutSeconds} s)`);
    const deadline = setTimeout(() => {
      app.log.error(`shutdown took longer than ${opts.timeoutSeconds} s; exiting`);
      opts.exit(1);
    }, opts.timeoutSeconds * 1000);
    deadline.unref();
    try {
      opts.beginShutdown?.();
      if (opts.drainSeconds > 0) await new Promise((r) => setTimeout(r, opts.drainSeconds * 1000));
      await app.close();
      await opts.closeDatabase();
      clearTimeout(deadline);
      app.log.info('shut down');
      opts.exit(0);
    } catch (err) {
      clearTimeout(deadline);
      app.log.error({ err }, 'shutdown failed');
      opts.exit(1);
    }
  };
}
