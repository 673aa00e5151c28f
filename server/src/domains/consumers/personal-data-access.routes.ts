import type { FastifyInstance } from 'fastify';
import { personalDataAccessApi } from '@portal/contract';
import { serve } from '../../platform/serve.ts';
import type { PersonalDataAccessService } from './personal-data-access.service.ts';

/** The personal-data access log (Super Admin only; its export is declared in consumers.module.ts). */
export function registerPersonalDataAccessRoutes(app: FastifyInstance, service: PersonalDataAccessService): void {
  serve(app, personalDataAccessApi.list, async (req) => ({ message: 'Success', data: await service.list(req.query) }));
}
