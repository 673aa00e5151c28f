import type { FastifyInstance } from 'fastify';
import { overviewApi } from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { actorOf } from '../../platform/access-guard.ts';
import type { Clock } from '../../platform/clock.ts';
import { serve } from '../../platform/serve.ts';
import { OverviewService, type ImportDefinitions } from './overview.service.ts';

/** `GET /api/v1/overview`: the main page's tiles for the signed-in user, each only where the user may view its list. */
export function registerOverviewRoutes(app: FastifyInstance, deps: { db: Db; clock: Clock; imports: ImportDefinitions }): void {
  const service = new OverviewService(deps.db, deps.clock, deps.imports);
  serve(app, overviewApi.get, async (req) => ({ message: 'Success', data: await service.overview(actorOf(req)) }));
}
