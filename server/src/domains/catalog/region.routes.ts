import type { FastifyInstance } from 'fastify';
import { regionsApi } from '@portal/contract';
import { serve } from '../../platform/serve.ts';
import type { RegionService } from './region.service.ts';

/** Reference data for address dropdowns everywhere (any signed-in user may read it). */
export function registerRegionRoutes(app: FastifyInstance, regions: RegionService): void {
  serve(app, regionsApi.provinces, async (req) => ({ message: 'Success', data: await regions.provinces(req.query) }));
  serve(app, regionsApi.regencies, async (req) => ({ message: 'Success', data: await regions.regencies(req.query) }));
  serve(app, regionsApi.districts, async (req) => ({ message: 'Success', data: await regions.districts(req.query) }));
  serve(app, regionsApi.villages, async (req) => ({ message: 'Success', data: await regions.villages(req.query) }));
  serve(app, regionsApi.village, async (req) => ({ message: 'Success', data: await regions.village(req.params.code) }));
}
