import type { FastifyRequest } from 'fastify';
import { badRequest } from './errors.ts';

const NUL = '\u0000';
const MESSAGE = 'must not contain a NUL character (\\u0000)';

/** The dotted path of the first string holding a NUL character in a parsed query, body or params, if any. */
export function nulPath(value: unknown, path: string[] = []): string | undefined {
  if (typeof value === 'string') return value.includes(NUL) ? path.join('.') : undefined;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = nulPath(item, [...path, String(i)]);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  // Parsed objects (the query parser's have a prototype of their own); a Buffer or an upload stream is no text.
  if (value && typeof value === 'object' && !ArrayBuffer.isView(value) && typeof (value as { pipe?: unknown }).pipe !== 'function') {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes(NUL)) return [...path, key].join('.');
      const found = nulPath(item, [...path, key]);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/**
 * PostgreSQL text cannot hold a NUL character, so input carrying one would fail at the database with an error that names
 * no field. Refused before validation, naming the field, for every route's params, query and JSON body.
 */
export async function refuseNulText(req: FastifyRequest): Promise<void> {
  for (const part of [req.params, req.query, req.body]) {
    const path = nulPath(part);
    if (path !== undefined) throw badRequest(`${path || 'body'}: ${MESSAGE}`, [{ path: path || 'body', message: MESSAGE }]);
  }
}
