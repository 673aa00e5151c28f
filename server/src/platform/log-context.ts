import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import pino from 'pino';

/**
 * What every log line written on behalf of one request, or of one background job, carries: the request's id (Fastify's
 * `reqId`), and for a job its name and id. A job queued while a request runs carries that request's id (platform/jobs.ts
 * keeps it in the job), so a job's lines are found by the id of the request that asked for it.
 */
export interface LogContext {
  reqId?: string;
  job?: string;
  jobId?: string;
}

const storage = new AsyncLocalStorage<LogContext>();

/** The context of the code running now (a request's or a job's), if any. */
export const currentLogContext = (): LogContext | undefined => storage.getStore();

/** Runs `fn` with `context` as the log context of everything it starts. */
export const runWithLogContext = <T>(context: LogContext, fn: () => T): T => storage.run(context, fn);

/** An incoming `x-request-id` taken as the request's id: a proxy's or a client's trace id, never anything longer or stranger. */
const WELL_FORMED = /^[A-Za-z0-9][A-Za-z0-9._:@/+=-]{0,127}$/;

export const REQUEST_ID_HEADER = 'x-request-id';

/** Fastify's `genReqId`: a well-formed `x-request-id` the client or the proxy sent, else a new UUID. */
export function requestIdOf(req: { headers: Record<string, string | string[] | undefined> }): string {
  const given = req.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && WELL_FORMED.test(given) ? given : randomUUID();
}

const chindingsSym = pino.symbols.chindingsSym;

/**
 * pino's `mixin`: adds the context of the request or job the line is written in. A request's own logger (`req.log`)
 * already binds `reqId`; lines written through the app's logger by a service during that request, or by a job, get it
 * here. Never a value of the request itself: only ids.
 */
export function logContextMixin(_merge: object, _level: number, logger: unknown): object {
  const context = storage.getStore();
  if (!context) return {};
  const bound = (logger as Record<symbol, unknown> | undefined)?.[chindingsSym];
  const hasReqId = typeof bound === 'string' && bound.includes('"reqId":');
  const out: LogContext = {};
  if (context.reqId && !hasReqId) out.reqId = context.reqId;
  if (context.job) out.job = context.job;
  if (context.jobId) out.jobId = context.jobId;
  return out;
}

const resources = new WeakMap<FastifyRequest, AsyncResource>();

/**
 * Every request runs in its log context from its first hook to its last, and answers its id in `x-request-id`. The body
 * is read in the socket's callbacks, outside the context: the context is entered again before validation (the way
 * @fastify/request-context does it).
 */
export function registerLogContext(app: FastifyInstance): void {
  app.addHook('onRequest', (req: FastifyRequest, reply, done) => {
    // On the raw response, so a hijacked answer (an event stream) sends it too.
    reply.raw.setHeader(REQUEST_ID_HEADER, req.id);
    storage.run({ reqId: req.id }, () => {
      resources.set(req, new AsyncResource('portal-request'));
      done();
    });
  });
  app.addHook('preValidation', (req: FastifyRequest, _reply, done) => {
    const resource = resources.get(req);
    if (resource) resource.runInAsyncScope(done, req.raw);
    else done();
  });
}
