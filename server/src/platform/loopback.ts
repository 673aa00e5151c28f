import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * For development-only routes (the mail outbox): answered only to a browser on this machine. The connection's own
 * address decides, never a forwarded header, and a forwarded request is refused even from a local proxy.
 */
export async function loopbackOnly(req: FastifyRequest): Promise<void> {
  const direct = LOOPBACK.has(req.socket.remoteAddress ?? '') && req.headers['x-forwarded-for'] === undefined && req.headers.forwarded === undefined;
  if (!direct) throw new AppError(404, 'not_found', 'Not found');
}
