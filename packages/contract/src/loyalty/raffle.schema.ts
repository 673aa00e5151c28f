import { z } from 'zod';
import { isoDateTime } from '../common/fields.ts';
import { listQuery, recordIdText } from '../common/list-query.ts';
import { intFilter, nameField, optionalText, rupiahField } from '../common/resource-fields.ts';
import { dayFilter, instantField } from '../common/period.ts';
import { targetingFields, targetingRules } from '../common/audience.schema.ts';

/** A prize of a raffle and how many of it are given (each one a winner). */
export const rafflePrize = z
  .object({
    name: nameField('Prize', 120),
    quantity: z.number({ error: 'Quantity is required' }).int('Quantity must be a whole number').min(1, 'Quantity is at least 1').max(1000, 'Quantity is at most 1,000'),
  })
  .strict();
export type RafflePrize = z.infer<typeof rafflePrize>;

/** The most winners a raffle may have (the sum of its prizes' quantities). */
export const RAFFLE_MAX_WINNERS = 1000;

export const raffleRow = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  prizes: z.array(z.object({ name: z.string(), quantity: z.number().int() })),
  /** The number of winners: the sum of the prizes' quantities. */
  winners_count: z.number().int(),
  /** The entry period [start, end) as instants (shown in Asia/Jakarta), and the planned draw time after it. */
  entry_start: isoDateTime,
  entry_end: isoDateTime,
  draw_at: isoDateTime,
  /** One raffle coupon per this many Rupiah of a transaction; null when transactions earn none. */
  spend_per_entry: z.number().int().nullable(),
  /** A consumer may enter from the app (one coupon per entry). */
  app_entry: z.boolean(),
  max_entries_per_consumer: z.number().int(),
  allow_repeat_wins: z.boolean(),
  targeting: z.number().int(),
  member_scope: z.number().int(),
  consumer_tag_ids: z.array(z.number().int()),
  province_codes: z.array(z.string()),
  /** RAFFLE_STATUS, derived from the period and the draw. */
  status: z.number().int(),
  /** SHA-256 of the secret seed, hex: published from creation so the draw cannot be chosen afterwards. */
  commitment: z.string(),
  entries_count: z.number().int(),
  consumers_count: z.number().int(),
  drawn_at: isoDateTime.nullable(),
  drawn_by_name: z.string().nullable(),
  created_at: isoDateTime,
  created_by_name: z.string().nullable(),
  updated_at: isoDateTime,
  updated_by_name: z.string().nullable(),
  version: z.number().int(),
});
export type RaffleRow = z.infer<typeof raffleRow>;

export const raffleWinner = z.object({
  step: z.number().int(),
  prize_index: z.number().int(),
  prize_name: z.string(),
  raffle_coupon_id: z.number().int(),
  code: z.string(),
  consumer_id: z.number().int(),
  consumer_name: z.string().nullable(),
  app_card_id: z.string().nullable(),
});
export type RaffleWinner = z.infer<typeof raffleWinner>;

export const raffleDetail = raffleRow.extend({
  /** The seed, hex, once drawn (null before: it is never shown earlier). */
  seed: z.string().nullable(),
  /** HMAC steps the draw took. */
  draw_steps: z.number().int().nullable(),
  winners: z.array(raffleWinner),
});
export type RaffleDetail = z.infer<typeof raffleDetail>;

const ms = (v: string) => Date.parse(v);

export const raffleCreateBody = targetingRules(
  z
    .object({
      name: nameField('Name', 120),
      description: optionalText(1000),
      prizes: z
        .array(rafflePrize, { error: 'Prizes must be a list' })
        .min(1, 'A raffle needs at least one prize')
        .max(50, 'At most 50 prizes')
        .refine((p) => p.reduce((n, x) => n + x.quantity, 0) <= RAFFLE_MAX_WINNERS, `At most ${RAFFLE_MAX_WINNERS} winners in all`),
      entry_start: instantField('Entry start'),
      entry_end: instantField('Entry end'),
      draw_at: instantField('Draw date'),
      spend_per_entry: rupiahField('Spend per coupon').min(1, 'Spend per coupon is at least Rp 1').nullable().default(null),
      app_entry: z.boolean().default(false),
      max_entries_per_consumer: z
        .number({ error: 'Max entries per consumer is required' })
        .int()
        .min(1, 'Max entries per consumer is at least 1')
        .max(10_000, 'Max entries per consumer is at most 10,000'),
      allow_repeat_wins: z.boolean().default(false),
      ...targetingFields,
    })
    .strict()
    .refine((b) => ms(b.entry_end) > ms(b.entry_start), { message: 'Entry end must be after the entry start', path: ['entry_end'] })
    .refine((b) => ms(b.draw_at) > ms(b.entry_end), { message: 'The draw must be after the entry end', path: ['draw_at'] })
    .refine((b) => b.spend_per_entry !== null || b.app_entry, { message: 'Choose how entries are earned: by spend, by app entry or both', path: ['spend_per_entry'] }),
);
export type RaffleCreate = z.infer<typeof raffleCreateBody>;

export const raffleListQuery = listQuery(['created_at', 'name', 'entry_start', 'entry_end', 'draw_at', 'updated_at'] as const, {
  status: intFilter(1, 4),
  /** Raffles whose entry period covers some of this Asia/Jakarta day. */
  active_on: dayFilter,
});
export type RaffleListQuery = z.infer<typeof raffleListQuery>;

/** The file of one raffle's entries, each with the prize it won if any. */
export const raffleExportQuery = listQuery(['id'] as const, { raffle_id: recordIdText });
export type RaffleExportQuery = z.infer<typeof raffleExportQuery>;

/** A raffle as the consumer app lists it: what can be won, how to enter, and the consumer's coupons so far. */
export const appRaffleRow = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  prizes: z.array(z.object({ name: z.string(), quantity: z.number().int() })),
  entry_end: isoDateTime,
  draw_at: isoDateTime,
  spend_per_entry: z.number().int().nullable(),
  app_entry: z.boolean(),
  max_entries_per_consumer: z.number().int(),
  your_entries: z.number().int(),
});
export type AppRaffleRow = z.infer<typeof appRaffleRow>;

/** A raffle coupon the consumer earned. */
export const appRaffleCoupon = z.object({ raffle_id: z.number().int(), code: z.string(), earned_at: isoDateTime, your_entries: z.number().int() });
export type AppRaffleCoupon = z.infer<typeof appRaffleCoupon>;

/** What one transaction earned in raffles. */
export const appRaffleEarning = z.object({ raffle_id: z.number().int(), raffle_name: z.string(), coupons: z.number().int() });
export type AppRaffleEarning = z.infer<typeof appRaffleEarning>;

/** The transaction-earned coupons are counted from the spend: one per whole `spend_per_entry` Rupiah. */
export const raffleCouponsForSpend = (total: number, spendPerEntry: number | null): number => (spendPerEntry && spendPerEntry > 0 ? Math.floor(total / spendPerEntry) : 0);

