import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** What a hashed script, style or image needs of them: a document's policies (CSP, frames, referrer) do not apply to it. */
const ASSET_HEADERS = ['x-content-type-options', 'cross-origin-resource-policy', 'strict-transport-security'];
/** What a JSON answer needs: no sniffing, no embedding, no referrer leak; its CSP forbids everything (it is no page). */
const API_HEADERS = [...ASSET_HEADERS, 'x-frame-options', 'referrer-policy'];
const API_CSP = "default-src 'none'; frame-ancestors 'none'";
/** The API's own pages (the OpenAPI explorer, outside production) are documents and keep the document's headers. */
const isApiAnswer = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');

/**
 * helmet's security headers (CSP, HSTS, frame, referrer, ...) on every response, worked out once. They depend on the
 * options alone, while @fastify/helmet builds helmet's middleware again for every request, parsing the CSP
 * directives each time. The built app's hashed files under `/assets/` get only the few that apply to them: the sign-in
 * page fetches about thirty, and the full set is near a kilobyte on each. API answers (JSON, never rendered as a page)
 * get the few that apply to them and a CSP that allows nothing, about half the bytes on every call.
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
  const forAssets = Object.fromEntries([...headers].filter(([name]) => ASSET_HEADERS.includes(name)));
  const forApi = { ...Object.fromEntries([...headers].filter(([name]) => API_HEADERS.includes(name))), 'content-security-policy': API_CSP };
  app.addHook('onRequest', (req, reply, done) => {
    reply.headers(req.url.startsWith('/assets/') ? forAssets : isApiAnswer(req.url) ? forApi : fixed);
    done();
  });
}
