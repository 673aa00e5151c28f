import type { DomainModule, ModuleContext } from '../../platform/module.ts';
import { RaffleEntryService } from './raffle-entry.service.ts';
import { StampAppService } from './stamp-app.service.ts';
import { StampLedgerService } from './stamp-ledger.service.ts';
import { StampProgrammeService } from './stamp-programme.resource.ts';
import { StampRewardService } from './stamp-reward.resource.ts';
import { registerStampRoutes } from './stamps.routes.ts';

export interface StampServices {
  ledger: StampLedgerService;
  programmes: StampProgrammeService;
  rewards: StampRewardService;
  app: StampAppService;
}

/** cms Digital stamp: stamp programmes, rewards and the stamp ledger. */
export function stampsModule(ctx: ModuleContext): DomainModule & { services: StampServices } {
  const ledger = new StampLedgerService(ctx.db);
  const programmes = new StampProgrammeService(ctx.db);
  // A transaction event also earns raffle coupons, in the event's transaction.
  const app = new StampAppService(ctx.db, ledger, programmes, new RaffleEntryService(ctx.db));
  const services: StampServices = { ledger, programmes, rewards: new StampRewardService(ctx.db), app };
  return {
    name: 'stamps',
    services,
    register: (app) => registerStampRoutes(app, services, ctx.clock, ctx.consumerAuth),
  };
}
