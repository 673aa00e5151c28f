import type { FastifyInstance } from 'fastify';
import { stampProgrammesApi, stampRewardsApi } from '@portal/contract';
import type { Clock } from '../../platform/clock.ts';
import { registerResourceRoutes } from '../../platform/crud/index.ts';
import type { StampServices } from './stamps.module.ts';

/** The stamp screens' routes: thin, the services do the work. */
export function registerStampRoutes(app: FastifyInstance, s: StampServices, clock: Clock): void {
  registerResourceRoutes(app, s.programmes, clock, stampProgrammesApi);
  registerResourceRoutes(app, s.rewards, clock, stampRewardsApi);
}
