import { z } from 'zod';
import { isoDateTime } from '../common/fields.ts';
import { isInstantText } from '../common/period.ts';
import { rupiahField } from '../common/resource-fields.ts';
import { CHANNEL } from '../enums/index.ts';
import { appRaffleEarning } from './raffle.schema.ts';

/** A POS or online transaction event sent by the consumer app: it earns stamps once, by its transaction id. */
export const appTransactionBody = z
  .object({
    transaction_id: z.string({ error: 'Transaction id is required' }).trim().min(1, 'Transaction id is required').max(64, 'Transaction id is at most 64 characters'),
    store_code: z.string().trim().min(1).max(20).nullable().default(null),
    channel: z.union([z.literal(CHANNEL.values[0]), z.literal(CHANNEL.values[1])], { error: 'Channel must be 1 (offline) or 2 (online)' }),
    total: rupiahField('Total'),
    items: z
      .array(
        z
          .object({
            plu: z.string().trim().min(1, 'PLU is required').max(30),
            quantity: z.number().int('Quantity must be a whole number').min(1, 'Quantity is at least 1').max(10_000),
            price: rupiahField('Price'),
          })
          .strict(),
      )
      .max(500, 'At most 500 items')
      .default([]),
    bank_promotion: z.boolean().default(false),
    at: z.string({ error: 'Transaction time is required' }).refine(isInstantText, 'Transaction time must be an ISO date-time with its offset'),
  })
  .strict();
export type AppTransaction = z.infer<typeof appTransactionBody>;

export const appStampEarning = z.object({ programme_id: z.number().int(), programme_name: z.string(), quantity: z.number().int() });
export const appTransactionResult = z.object({
  transaction_id: z.string(),
  earned: z.array(appStampEarning),
  total_earned: z.number().int(),
  /** The consumer's stamp total after the transaction. */
  balance: z.number().int(),
  /** Raffle coupons the transaction earned, by raffle (absent from results stored before raffles). */
  raffle_entries: z.array(appRaffleEarning).default([]),
});
export type AppTransactionResult = z.infer<typeof appTransactionResult>;

export const appStamps = z.object({
  balance: z.number().int(),
  programmes: z.array(z.object({ programme_id: z.number().int(), programme_name: z.string(), balance: z.number().int() })),
  movements: z.array(
    z.object({ id: z.number().int(), code: z.number().int(), quantity: z.number().int(), programme_name: z.string(), reference: z.string().nullable(), at: isoDateTime }),
  ),
});
export type AppStamps = z.infer<typeof appStamps>;

export const appStampReward = z.object({
  id: z.number().int(),
  programme_id: z.number().int(),
  programme_name: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  stamps_required: z.number().int(),
  stock: z.number().int(),
  image_url: z.string().nullable(),
  end_date: z.string(),
});
export type AppStampReward = z.infer<typeof appStampReward>;

export const appRedemption = z.object({
  coupon_id: z.number().int(),
  coupon_code: z.string(),
  reward_id: z.number().int(),
  reward_name: z.string(),
  stamps_used: z.number().int(),
  /** The consumer's balance in the reward's programme after the redemption. */
  programme_balance: z.number().int(),
  expires_at: isoDateTime,
});
export type AppRedemption = z.infer<typeof appRedemption>;
