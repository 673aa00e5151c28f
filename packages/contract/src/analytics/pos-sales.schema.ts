import { z } from 'zod';
import { isInstantText } from '../common/period.ts';
import { rupiahField } from '../common/resource-fields.ts';
import { CHANNEL } from '../enums/index.ts';

/** How many transactions one POS batch carries at most. */
export const POS_SALES_BATCH_MAX = 1000;

const line = z
  .object({
    plu: z.string({ error: 'plu is required' }).trim().min(1, 'plu is required').max(30, 'plu is at most 30 characters'),
    quantity: z.number({ error: 'quantity is required' }).int('quantity must be a whole number').min(1, 'quantity is at least 1').max(100_000),
    price: rupiahField('price'),
  })
  .strict();

/** One till receipt (or one delivered online order): its lines as rung up, the member card when one was scanned. */
export const posSale = z
  .object({
    transaction_id: z.string({ error: 'transaction_id is required' }).trim().min(1, 'transaction_id is required').max(64, 'transaction_id is at most 64 characters'),
    store_code: z.string({ error: 'store_code is required' }).trim().min(1, 'store_code is required').max(20),
    channel: z.union([z.literal(CHANNEL.values[0]), z.literal(CHANNEL.values[1])], { error: 'channel must be 1 (offline) or 2 (online)' }).default(1),
    /** The app card or physical card scanned at the till; none for a shopper without one. */
    card_id: z.string().trim().min(1).max(40).nullable().default(null),
    at: z.string({ error: 'at is required' }).refine(isInstantText, 'at must be an ISO date-time with its offset'),
    lines: z.array(line, { error: 'lines must be a list' }).min(1, 'A transaction has at least one line').max(500, 'At most 500 lines'),
  })
  .strict();
export type PosSale = z.infer<typeof posSale>;

/**
 * A batch of the stores' sales, signed by the POS: `signature` is the hex HMAC-SHA256 of `posSalesSignedText` with the
 * secret the chain's POS shares with the portal (POS_SECRET). Each transaction is taken once by its id: a batch sent
 * again (a retry after a lost answer) adds nothing.
 */
export const posSalesBody = z
  .object({
    transactions: z.array(posSale, { error: 'transactions must be a list' }).min(1, 'A batch has at least one transaction').max(POS_SALES_BATCH_MAX, `A batch has at most ${POS_SALES_BATCH_MAX} transactions`),
    signature: z.string({ error: 'signature is required' }).regex(/^[0-9a-f]{64}$/, 'signature must be 64 hex characters'),
  })
  .strict();
export type PosSalesBody = z.infer<typeof posSalesBody>;

/** What the POS signs: each transaction on its own line, its fields and its lines (plu:quantity:price) joined by `|`. */
export const posSalesSignedText = (transactions: readonly PosSale[]): string =>
  transactions
    .map((t) => [t.transaction_id, t.store_code, t.channel, t.card_id ?? '', t.at, t.lines.map((l) => `${l.plu}:${l.quantity}:${l.price}`).join(',')].join('|'))
    .join('\n');

export const posSalesResult = z.object({
  /** Transactions recorded now. */
  accepted: z.number().int(),
  /** Transaction ids recorded before (a repeat), taken as they were. */
  duplicates: z.array(z.string()),
});
export type PosSalesResult = z.infer<typeof posSalesResult>;
