import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config.ts';

/** Query parameters that carry secrets (reset links) are masked before a URL is logged. */
export const maskUrl = (url: string) => url.replace(/([?&](?:token|otp|code|password)=)[^&]*/gi, '$1***');

export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  return {
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
