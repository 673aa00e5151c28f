import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';

/** An error whose status and message are meant for the user. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: { path: string; message: string }[],
  ) {
    super(message);
  }
}

export const badRequest = (message: string, details?: { path: string; message: string }[]) => new AppError(400, 'bad_request', message, details);
export const unauthorized = (message = 'Your session has ended. Please sign in again.') => new AppError(401, 'unauthorized', message);
export const forbidden = (message = 'You do not have permission for this action.') => new AppError(403, 'forbidden', message);
export const notFound = (what = 'Record') => new AppError(404, 'not_found', `${what} not found`);
export const conflict = (message: string) => new AppError(409, 'conflict', message);
export const unprocessable = (message: string) => new AppError(422, 'unprocessable', message);
export const tooMany = (message: string) => new AppError(429, 'too_many_requests', message);

const PG_UNIQUE_VIOLATION = '23505';
const PG_FK_VIOLATION = '23503';
// Malformed text (22P02), out of range (22003), bad date/time (22007, 22008), too long (22001), and text PostgreSQL cannot
// store, such as a NUL character (22021 in a text column, 22P05 in jsonb).
const PG_BAD_INPUT = new Set(['22P02', '22003', '22007', '22008', '22001', '22021', '22P05']);

/** Drizzle wraps driver errors; the PostgreSQL code sits on the error or its cause. */
export function pgCode(err: unknown): string | undefined {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

export const unavailable = (message: string) => new AppError(503, 'service_unavailable', message);

/** The database cannot be reached, went away mid-request, or took too long: nothing the caller did, try again later. */
const DB_UNREACHABLE = 'The database cannot be reached right now. Please try again in a moment.';
const DB_TOO_SLOW = 'The database took too long to answer. Please try again in a moment, or narrow the filters.';

// Connection exceptions (class 08), the server shutting down or starting (57P01-57P03), too many connections (53300),
// a transaction ended for idling (25P03); 57014 is a statement cancelled by statement_timeout.
const PG_UNREACHABLE = /^(08[0-9A-Z]{3}|57P0[1-3]|53300|25P03)$/;
const PG_STATEMENT_TIMEOUT = '57014';
// Socket errors of a connection that cannot be made or was cut.
const NET_UNREACHABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
// node-postgres and its pool say these in words only.
const DRIVER_UNREACHABLE = ['Connection terminated', 'timeout exceeded when trying to connect', 'is not queryable'];

/**
 * Whether an error (drizzle wraps the driver's as its cause; a refused connection may be an AggregateError of one per
 * address) says the database is unreachable or too slow rather than that the request was wrong.
 */
export function databaseFault(err: unknown): 'unreachable' | 'timeout' | undefined {
  const seen = new Set<unknown>();
  const queue: unknown[] = [err];
  while (queue.length && seen.size < 16) {
    const e = queue.shift();
    if (!e || typeof e !== 'object' || seen.has(e)) continue;
    seen.add(e);
    const { code, message, cause, errors } = e as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
    if (code === PG_STATEMENT_TIMEOUT) return 'timeout';
    if (typeof code === 'string' && (PG_UNREACHABLE.test(code) || NET_UNREACHABLE.has(code))) return 'unreachable';
    if (typeof message === 'string' && DRIVER_UNREACHABLE.some((m) => message.includes(m))) return 'unreachable';
    queue.push(cause, ...(Array.isArray(errors) ? errors : []));
  }
  return undefined;
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) {
      return reply.status(err.status).send({ error: err.code, message: err.message, ...(err.details ? { details: err.details } : {}) });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      // An issue with the whole body or query (not an object, unknown keys) is named by that part of the request.
      const part = err.validationContext === 'querystring' ? 'query' : (err.validationContext ?? 'request');
      const details = err.validation.map((v) => ({
        path: (v.instancePath || '').replace(/^\//, '').replaceAll('/', '.') || part,
        message: v.message ?? 'Invalid value',
      }));
      const first = details[0];
      return reply.status(400).send({
        error: 'validation_error',
        message: first ? (first.path ? `${first.path}: ${first.message}` : first.message) : 'Invalid request',
        details,
      });
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err }, 'response did not match its schema');
      return reply.status(500).send({ error: 'internal_error', message: 'Something went wrong' });
    }
    const fault = databaseFault(err);
    if (fault) {
      req.log.warn({ err }, fault === 'timeout' ? 'database statement timed out' : 'database unreachable');
      return reply
        .status(503)
        .header('retry-after', '5')
        .send({ error: 'service_unavailable', message: fault === 'timeout' ? DB_TOO_SLOW : DB_UNREACHABLE });
    }
    const code = pgCode(err);
    if (code === PG_UNIQUE_VIOLATION) return reply.status(409).send({ error: 'conflict', message: 'A record with the same unique value already exists' });
    if (code === PG_FK_VIOLATION) return reply.status(409).send({ error: 'conflict', message: 'The record is referenced by other records or refers to a missing one' });
    if (code && PG_BAD_INPUT.has(code)) return reply.status(400).send({ error: 'bad_request', message: 'A value is out of range or malformed' });
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ error: err.code ?? 'bad_request', message: err.message });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ error: 'internal_error', message: 'Something went wrong' });
  });

  app.setNotFoundHandler((req, reply) => reply.status(404).send({ error: 'not_found', message: `No route ${req.method} ${req.url.split('?')[0]}` }));
}
