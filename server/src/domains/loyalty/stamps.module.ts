import type { DomainModule, ModuleContext } from '../../platform/module.ts';
import { StampAppService } from './stamp-app.service.ts';
import { stampInjectImport } from './stamp-inject.imports.ts';
import { StampInjectionResource } from './stamp-inject.resource.ts';
import { StampInjectService } from './stamp-inject.service.ts';
import { StampLedgerService } from './stamp-ledger.service.ts';
import { StampProgrammeService } from './stamp-programme.resource.ts';
import { StampRewardService } from './stamp-reward.resource.ts';
import { registerStampRoutes } from './stamps.routes.ts';

export interface StampServices {
  ledger: StampLedgerService;
  programmes: StampProgrammeService;
  rewards: StampRewardService;
  app: StampAppService;
  injections: StampInjectionResource;
  inject: StampInjectService;
}

/** cms Digital stamp: stamp programmes, rewards and the stamp ledger; heimdal Digital Stamp Inject: injection batches by file. */
export function stampsModule(ctx: ModuleContext): DomainModule & { services: StampServices } {
  const ledger = new StampLedgerService(ctx.db);
  const programmes = new StampProgrammeService(ctx.db);
  const injections = new StampInjectionResource(ctx.db);
  const services: StampServices = {
    ledger,
    programmes,
    rewards: new StampRewardService(ctx.db),
    app: new StampAppService(ctx.db, ledger, programmes),
    injections,
    inject: new StampInjectService(ctx.db, ledger, injections),
  };
  return {
    name: 'stamps',
    services,
    register: (app) => registerStampRoutes(app, services, ctx.clock, ctx.consumerAuth),
    imports: [stampInjectImport(services.inject)],
  };
}
