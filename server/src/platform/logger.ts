import type { FastifyServerOptions } from 'fastify';
import type { DestinationStream } from 'pino';
import type { Config } from '../config.ts';
import { logContextMixin } from './log-context.ts';

/**
 * Query parameters that carry secrets (reset links) or personal data (a search for a phone number, an e-mail, a card)
 * are masked before a URL is logged.
 */
export const maskUrl = (url: string) =>
  url.replace(/([?&](?:token|otp|code|password|secret|search|q|nik|[a-z_]*(?:phone|email|card|address)[a-z_]*)=)[^&]*/gi, '$1***');

/** The app's pino options; `stream` instead of standard output (a test reading the lines). */
export function loggerOptions(config: Config, stream?: DestinationStream): FastifyServerOptions['logger'] {
  return {
    ...(stream ? { stream } : {}),
    // Lines written by services during a request, and by jobs, carry the request's id (and the job's): log-context.ts.
    mixin: logContextMixin,
    level: config.LOG_LEVEL,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]', '*.password', '*.otp', '*.token'],
      censor: '***',
    },
    serializers: {
      req: (req: { method: string; url: string; ip?: string }) => ({ method: req.method, url: maskUrl(req.url), ip: req.ip }),
    },
  };
}
