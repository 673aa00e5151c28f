import type { AppCouponRow, CouponClaimRow } from '@portal/contract';

/** A consumer API call as the simulator makes it (throws with the status and message on failure). */
export type AppCall = <T>(method: string, path: string, token: string, body?: unknown) => Promise<T>;

/**
 * One round of a consumer's coupons through the consumer API: claims the first coupon it may claim, and uses its
 * oldest active one at `storeId` on a made-up receipt. A refusal (quota or limit spent meanwhile) is printed, not fatal.
 */
export async function couponRound(call: AppCall, who: { name: string; token: string }, storeId: number, round: number): Promise<void> {
  try {
    const open = await call<AppCouponRow[]>('GET', '/api/v1/app/coupons', who.token);
    const pick = open[round % Math.max(open.length, 1)];
    if (pick) {
      const claim = await call<CouponClaimRow>('POST', `/api/v1/app/coupons/${pick.id}/claim`, who.token);
      console.log(`  ${who.name} claimed ${claim.name} (${claim.coupon_code})`);
    }
    const active = await call<CouponClaimRow[]>('GET', '/api/v1/app/my-coupons?status=1', who.token);
    const use = active.filter((c) => c.coupon_setting_id !== null).at(-1);
    if (use && round % 2 === 1) {
      await call('POST', `/api/v1/app/my-coupons/${use.id}/use`, who.token, { store_id: storeId, pos_receipt_no: `SIM-${Date.now()}-${use.id}` });
      console.log(`  ${who.name} used ${use.name} (${use.coupon_code})`);
    }
  } catch (err) {
    console.warn(`  ${who.name}: ${(err as Error).message}`);
  }
}
