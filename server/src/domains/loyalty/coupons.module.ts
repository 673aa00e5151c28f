import { AudienceService } from '../../platform/audience.ts';
import type { DomainModule, ModuleContext } from '../../platform/module.ts';
import { PersonalDataAccessLog } from '../../platform/personal-data.ts';
import { couponLogExports } from './coupon-log.exports.ts';
import { CouponLogService } from './coupon-log.resource.ts';
import { CouponClaimService } from './coupon-claim.service.ts';
import { COUPON_CODES_JOB, CouponCodeService } from './coupon-code.service.ts';
import { COUPON_EXPIRY_JOB, couponExpiryJob } from './coupon-expiry.job.ts';
import { CouponSettingService } from './coupon-setting.resource.ts';
import { registerCouponAppRoutes, registerCouponRoutes, type CouponServices } from './coupons.routes.ts';

/** cms Digital Coupon: coupon settings and their claims (the consumer app claims and uses them); claims expire daily. */
export function couponsModule(ctx: ModuleContext): DomainModule & { services: CouponServices } {
  const { db, clock } = ctx;
  const services: CouponServices = {
    settings: new CouponSettingService(db),
    claims: new CouponClaimService(db),
    codes: new CouponCodeService(db, ctx.jobs),
    log: new CouponLogService(db),
    accessLog: new PersonalDataAccessLog(db, clock),
    audience: new AudienceService(db),
    consumerAuth: ctx.consumerAuth,
  };
  return {
    name: 'coupons',
    services,
    register: (app) => {
      registerCouponRoutes(app, services, clock);
      registerCouponAppRoutes(app, services, clock);
    },
    exports: couponLogExports(services.accessLog),
    jobs: [
      { name: COUPON_EXPIRY_JOB, handler: couponExpiryJob(services.claims, ctx.jobs, clock), sendOnStart: {} },
      { name: COUPON_CODES_JOB, handler: (p) => services.codes.generate(Number(p.coupon_setting_id)) },
    ],
  };
}
