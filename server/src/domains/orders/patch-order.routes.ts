import type { FastifyInstance } from 'fastify';
import { patchOrderApi } from '@portal/contract';
import type { Clock } from '../../platform/clock.ts';
import { serveGuardedTool, type GuardedWrites } from '../../platform/guarded/guarded-writes.ts';
import type { JobQueue } from '../../platform/jobs.ts';
import { serve } from '../../platform/serve.ts';
import { patchOrderTool } from './patch-order.tool.ts';
import type { PatchOrderService } from './patch-order.service.ts';

/** heimdal › Patch Order: the look-up, and the patch as a guarded write (preview, apply, its actions, undo). */
export function registerPatchOrderRoutes(app: FastifyInstance, lookup: PatchOrderService, writes: GuardedWrites, jobs: JobQueue, clock: Clock): void {
  serve(app, patchOrderApi.lookup, async (req) => ({ message: 'Success', data: await lookup.lookup(req.params.orderNo) }));
  serveGuardedTool(app, patchOrderApi, patchOrderTool(jobs), writes, clock);
}
