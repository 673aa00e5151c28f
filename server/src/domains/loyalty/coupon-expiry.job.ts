import type { Clock } from '../../platform/clock.ts';
import type { JobHandler, JobQueue } from '../../platform/jobs.ts';
import type { CouponClaimService } from './coupon-claim.service.ts';

export const COUPON_EXPIRY_JOB = 'coupons.expire';
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The daily expiry: Active claims past their coupon's end become Expired (one statement, safe to run twice). It runs
 * when the app starts (catching up after downtime) and then queues itself for the next day (one waiting run per day).
 */
export function couponExpiryJob(claims: CouponClaimService, jobs: JobQueue, clock: Clock): JobHandler<Record<string, unknown>> {
  return async () => {
    const now = clock.now();
    await claims.expire(now);
    const at = new Date(now.getTime() + DAY_MS);
    await jobs.send(COUPON_EXPIRY_JOB, {}, { startAfter: at, singletonKey: `due:${at.toISOString().slice(0, 10)}` });
  };
}
