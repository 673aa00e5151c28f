import type { FastifyInstance } from 'fastify';
import { forceStockApi, stockShadowApi, type ForceStockInput } from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { actorOf } from '../../platform/access-guard.ts';
import type { Clock } from '../../platform/clock.ts';
import { GuardedWrites, serveGuardedTool } from '../../platform/guarded/guarded-writes.ts';
import { serve } from '../../platform/serve.ts';
import { forceStockTool } from './force-stock.tool.ts';
import { StockShadowService, stockShadowTool } from './stock-shadow.tool.ts';

/**
 * heimdal › Update Force Stock: the forced stock as a guarded write (typed, or a validated file of the import
 * `update-force-stock`), and its Stock Shadow tab: the entries, and their create, update and delete as a guarded write.
 */
export function registerForceStockRoutes(app: FastifyInstance, db: Db, clock: Clock): void {
  const writes = new GuardedWrites(db, clock);
  serveGuardedTool(app, forceStockApi, forceStockTool(), writes, clock, (input, req) => {
    const actor = actorOf(req);
    return { ...(input as Pick<ForceStockInput, 'items' | 'import_batch_id'>), by: { userId: actor.userId, superAdmin: actor.perms.superAdmin } };
  });

  const shadows = new StockShadowService(db);
  serve(app, stockShadowApi.list, async (req) => ({ message: 'Success', data: await shadows.list(req.query) }));
  serve(app, stockShadowApi.byPlu, async (req) => ({ message: 'Success', data: await shadows.byPlu(req.params.plu) }));
  serveGuardedTool(app, stockShadowApi, stockShadowTool(), writes, clock);
}
