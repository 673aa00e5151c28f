import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, overview } from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { actorOf } from '../../platform/access-guard.ts';
import type { Clock } from '../../platform/clock.ts';
import { OverviewService, type ImportDefinitions } from './overview.service.ts';

/** `GET /api/v1/overview`: the main page's tiles for the signed-in user, each only where the user may view its list. */
export function registerOverviewRoutes(app: FastifyInstance, deps: { db: Db; clock: Clock; imports: ImportDefinitions }): void {
  const service = new OverviewService(deps.db, deps.clock, deps.imports);
  app.withTypeProvider<ZodTypeProvider>().get('/api/v1/overview', {
    config: { permission: 'authenticated' },
    schema: {
      tags: ['overview'],
      summary: 'Open and unread tickets, unread chats, the approval queue, running imports and exports, recent sign-ins: the tiles the user may view',
      querystring: z.object({}).strict(),
      response: { 200: envelope(overview) },
    },
    handler: async (req) => ({ message: 'Success', data: await service.overview(actorOf(req)) }),
  });
}
