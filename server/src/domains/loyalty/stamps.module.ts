import { reportExports, type DomainModule, type ModuleContext } from '../../platform/module.ts';
import { PersonalDataAccessLog } from '../../platform/personal-data.ts';
import { RaffleEntryService } from './raffle-entry.service.ts';
import { StampAppService } from './stamp-app.service.ts';
import { StampCouponService } from './stamp-coupon.resource.ts';
import { STAMP_EXPIRY_JOB, StampExpiryService, stampExpiryJob } from './stamp-expiry.job.ts';
import { stampInjectImport } from './stamp-inject.imports.ts';
import { StampInjectionResource } from './stamp-inject.resource.ts';
import { StampInjectService } from './stamp-inject.service.ts';
import { StampLedgerService } from './stamp-ledger.service.ts';
import { StampProgrammeService } from './stamp-programme.resource.ts';
import { stampReportExports } from './stamp-report.exports.ts';
import { StampReportService } from './stamp-report.service.ts';
import { StampRewardService } from './stamp-reward.resource.ts';
import { registerStampRoutes } from './stamps.routes.ts';

export interface StampServices {
  ledger: StampLedgerService;
  programmes: StampProgrammeService;
  rewards: StampRewardService;
  app: StampAppService;
  report: StampReportService;
  coupons: StampCouponService;
  expiry: StampExpiryService;
  accessLog: PersonalDataAccessLog;
  injections: StampInjectionResource;
  inject: StampInjectService;
}

/** cms Digital stamp: stamp programmes, rewards, the report, stamp coupons, the stamp ledger and its daily expiry; heimdal Digital Stamp Inject: injection batches by file. */
export function stampsModule(ctx: ModuleContext): DomainModule & { services: StampServices } {
  const ledger = new StampLedgerService(ctx.db);
  const programmes = new StampProgrammeService(ctx.db);
  const injections = new StampInjectionResource(ctx.db);
  const services: StampServices = {
    ledger,
    programmes,
    rewards: new StampRewardService(ctx.db),
    // A transaction event also earns raffle coupons, in the event's transaction.
    app: new StampAppService(ctx.db, ledger, new RaffleEntryService(ctx.db)),
    // The stamp report reads the reports database.
    report: new StampReportService(ctx.reports.db),
    coupons: new StampCouponService(ctx.db),
    expiry: new StampExpiryService(ctx.db, ledger),
    accessLog: new PersonalDataAccessLog(ctx.db, ctx.clock),
    injections,
    inject: new StampInjectService(ctx.db, ledger, injections),
  };
  return {
    name: 'stamps',
    services,
    register: (app) => registerStampRoutes(app, services, ctx.clock, ctx.consumerAuth),
    exports: reportExports(stampReportExports(ctx.clock)),
    jobs: [{ name: STAMP_EXPIRY_JOB, handler: stampExpiryJob(services.expiry, ctx.jobs, ctx.clock), sendOnStart: {} }],
    imports: [stampInjectImport(services.inject)],
  };
}
