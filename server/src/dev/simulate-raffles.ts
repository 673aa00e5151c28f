import type { AppRaffleCoupon, AppRaffleRow } from '@portal/contract';
import type { AppCall } from './simulate-coupons.ts';

/**
 * One round of a consumer's raffles through the consumer API: lists the open raffles with its coupons, and enters the
 * first one entered from the app that it has not filled yet (a purchase earns raffle coupons by itself: see `shop`).
 * A refusal (the maximum reached meanwhile) is printed, not fatal.
 */
export async function raffleRound(call: AppCall, who: { name: string; token: string }): Promise<void> {
  try {
    const open = await call<AppRaffleRow[]>('GET', '/api/v1/app/raffles', who.token);
    const pick = open.find((r) => r.app_entry && r.your_entries < r.max_entries_per_consumer);
    if (!pick) return;
    const coupon = await call<AppRaffleCoupon>('POST', `/api/v1/app/raffles/${pick.id}/enter`, who.token);
    console.log(`  ${who.name} entered ${pick.name}: coupon ${coupon.code} (${coupon.your_entries} of ${pick.max_entries_per_consumer})`);
  } catch (err) {
    console.warn(`  ${who.name}: ${(err as Error).message}`);
  }
}
