import type { FastifyInstance } from 'fastify';
import { grabRetryApi } from '@portal/contract';
import type { Clock } from '../../platform/clock.ts';
import { serveGuardedTool, type GuardedWrites } from '../../platform/guarded/guarded-writes.ts';
import type { JobQueue } from '../../platform/jobs.ts';
import { serve } from '../../platform/serve.ts';
import type { GrabRetryService } from './grab-retry.resource.ts';
import { grabRetryTool } from './grab-retry.tool.ts';

/** heimdal › Grab Retry: the failed hand-overs, one order's attempts, the store picker, and the retry as a guarded write. */
export function registerGrabRetryRoutes(app: FastifyInstance, list: GrabRetryService, writes: GuardedWrites, jobs: JobQueue, clock: Clock): void {
  serve(app, grabRetryApi.list, async (req) => ({ message: 'Success', data: await list.page(req.query) }));
  serve(app, grabRetryApi.attempts, async (req) => ({ message: 'Success', data: await list.attempts(req.params.orderId) }));
  serve(app, grabRetryApi.stores, async (req) => ({ message: 'Success', data: await list.stores(req.query.search, req.query.limit) }));
  serveGuardedTool(app, grabRetryApi, grabRetryTool(jobs), writes, clock);
}
