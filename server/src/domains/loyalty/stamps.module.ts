import type { DomainModule, ModuleContext } from '../../platform/module.ts';
import { StampLedgerService } from './stamp-ledger.service.ts';
import { StampProgrammeService } from './stamp-programme.resource.ts';
import { StampRewardService } from './stamp-reward.resource.ts';
import { registerStampRoutes } from './stamps.routes.ts';

export interface StampServices {
  ledger: StampLedgerService;
  programmes: StampProgrammeService;
  rewards: StampRewardService;
}

/** cms Digital stamp: stamp programmes, rewards and the stamp ledger. */
export function stampsModule(ctx: ModuleContext): DomainModule & { services: StampServices } {
  const services: StampServices = { ledger: new StampLedgerService(ctx.db), programmes: new StampProgrammeService(ctx.db), rewards: new StampRewardService(ctx.db) };
  return {
    name: 'stamps',
    services,
    register: (app) => registerStampRoutes(app, services, ctx.clock),
  };
}
