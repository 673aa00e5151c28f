import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * helmet's security headers (CSP, HSTS, frame, referrer, ...) on every response, worked out once. They depend on the
 * options alone, while @fastify/helmet builds helmet's middleware again for every request, parsing the CSP
 * directives each time.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const headers = new Map<string, string>();
  const collect = {
    setHeader: (name: string, value: unknown) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  helmet(options)({} as IncomingMessage, collect as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  const fixed = Object.fromEntries(headers);
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(fixed);
    done();
  });
}
