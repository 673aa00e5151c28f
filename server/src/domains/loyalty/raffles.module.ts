import { AudienceService } from '../../platform/audience.ts';
import type { DomainModule, ModuleContext } from '../../platform/module.ts';
import { appKeyOf, SecretBox } from '../../platform/secret-box.ts';
import { RaffleDrawService } from './raffle-draw.service.ts';
import { RaffleEntryService } from './raffle-entry.service.ts';
import { raffleExports } from './raffle.exports.ts';
import { RaffleService } from './raffle.resource.ts';
import { registerRaffleRoutes, type RaffleServices } from './raffles.routes.ts';

/** cms Raffle: raffles whose entries are raffle coupons earned by consumers, drawn by commit-reveal, exported. */
export function rafflesModule(ctx: ModuleContext): DomainModule & { services: RaffleServices } {
  const box = new SecretBox(appKeyOf(ctx.config));
  const raffles = new RaffleService(ctx.db, ctx.clock, box);
  const services: RaffleServices = {
    raffles,
    entries: new RaffleEntryService(ctx.db),
    draws: new RaffleDrawService(ctx.db, raffles, box),
    audience: new AudienceService(ctx.db),
    consumerAuth: ctx.consumerAuth,
  };
  return {
    name: 'raffles',
    services,
    register: (app) => registerRaffleRoutes(app, services, ctx.clock),
    exports: raffleExports(),
  };
}
