import type { FastifyInstance } from 'fastify';
import { spendBandApi } from '@portal/contract';
import { serve } from '../../platform/serve.ts';
import type { SpendBandService } from './spend-band.service.ts';

/** pandora › Spend Band Report (its export is the module's, through the export pipeline). */
export function registerSpendBandRoutes(app: FastifyInstance, bands: SpendBandService): void {
  serve(app, spendBandApi.report, async (req) => ({ message: 'Success', data: await bands.report(req.query) }));
}
