import type { FastifyInstance } from 'fastify';
import { logHistoryApi } from '@portal/contract';
import { serve } from '../../platform/serve.ts';
import type { IdentityServices } from './identity.deps.ts';

export function registerLogHistoryRoutes(app: FastifyInstance, s: IdentityServices): void {
  serve(app, logHistoryApi.list, async (req) => ({ message: 'Success', data: await s.logHistory.list(req.query) }));
  serve(app, logHistoryApi.get, async (req) => ({ message: 'Success', data: await s.logHistory.get(req.params.id) }));
}
