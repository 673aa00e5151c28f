import type { FastifyInstance } from 'fastify';
import { appRafflesApi, rafflesApi } from '@portal/contract';
import type { AudienceService } from '../../platform/audience.ts';
import type { Clock } from '../../platform/clock.ts';
import { appConsumer, type ConsumerAuthService } from '../../platform/consumer-auth.ts';
import { auditContext, registerResourceRoutes } from '../../platform/crud/index.ts';
import { serve } from '../../platform/serve.ts';
import type { RaffleDrawService } from './raffle-draw.service.ts';
import type { RaffleEntryService } from './raffle-entry.service.ts';
import type { RaffleService } from './raffle.resource.ts';

export interface RaffleServices {
  raffles: RaffleService;
  entries: RaffleEntryService;
  draws: RaffleDrawService;
  audience: AudienceService;
  consumerAuth: ConsumerAuthService;
}

/** cms Raffle (list, create, detail, delete, draw, the estimated audience) and the consumer app's raffles. */
export function registerRaffleRoutes(app: FastifyInstance, s: RaffleServices, clock: Clock): void {
  serve(app, rafflesApi.audience, async (req) => ({ message: 'Success', data: await s.audience.estimate(req.body) }));
  serve(app, rafflesApi.draw, async (req) => ({ message: 'Success', data: await s.draws.draw(req.params.id, auditContext(req, clock)) }));
  registerResourceRoutes(app, s.raffles, clock, rafflesApi);

  const consumerOnly = { onRequest: s.consumerAuth.guard };
  serve(app, appRafflesApi.list, async (req) => ({ message: 'Success', data: await s.entries.open(appConsumer(req).consumerId, clock.now()) }), consumerOnly);
  serve(app, appRafflesApi.enter, async (req) => ({ message: 'Success', data: await s.entries.enter(appConsumer(req).consumerId, req.params.id, clock.now()) }), consumerOnly);
}
