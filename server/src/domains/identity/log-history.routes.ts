import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditDetail, auditListQuery, auditRow, envelope, idParam, listEnvelope } from '@portal/contract';
import type { IdentityServices } from './identity.deps.ts';

const config = { permission: { entries: ['cms.log-history'], action: 'view' as const } };

export function registerLogHistoryRoutes(app: FastifyInstance, s: IdentityServices): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/v1/log-history', {
    config,
    schema: { tags: ['log-history'], summary: 'Audit entries of every change', querystring: auditListQuery, response: { 200: listEnvelope(auditRow) } },
    handler: async (req) => ({ message: 'Success', data: await s.logHistory.list(req.query) }),
  });
  r.get('/api/v1/log-history/:id', {
    config,
    schema: { tags: ['log-history'], summary: 'One audit entry with before and after', params: idParam, response: { 200: envelope(auditDetail) } },
    handler: async (req) => ({ message: 'Success', data: await s.logHistory.get(req.params.id) }),
  });
}
