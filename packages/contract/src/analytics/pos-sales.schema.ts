import { z } from 'zod';
import { isInstantText } from '../common/period.ts';
import { rupiahField } from '../common/resource-fields.ts';
import { CHANNEL } from '../enums/index.ts';

/** How many transactions one POS batch carries at most. */
export const POS_SALES_BATCH_MAX = 1000;

/** A promo or free-gift code as the till scans it (the cms codes: letters, digits, dot, dash, underscore). */
const tillCode = (label: string) => z.string({ error: `${label} is required` }).trim().min(1, `${label} is required`).max(30, `${label} is at most 30 characters`).regex(/^[A-Za-z0-9._-]+$/, `${label} may hold letters, digits, dot, dash and underscore only`);

const line = z
  .object({
    plu: z.string({ error: 'plu is required' }).trim().min(1, 'plu is required').max(30, 'plu is at most 30 characters'),
    quantity: z.number({ error: 'quantity is required' }).int('quantity must be a whole number').min(1, 'quantity is at least 1').max(100_000),
    price: rupiahField('price'),
    /** The promo the till applied to the line (cms Promo Management's code), with the Rupiah it took off the line. */
    promo_code: tillCode('promo_code').optional(),
    discount: rupiahField('discount').optional(),
  })
  .strict()
  .superRefine((l, ctx) => {
    if (l.promo_code !== undefined && l.discount === undefined) ctx.addIssue({ code: 'custom', path: ['discount'], message: 'discount is required with promo_code' });
    if (l.promo_code === undefined && l.discount !== undefined) ctx.addIssue({ code: 'custom', path: ['promo_code'], message: 'A discount needs the promo_code it was given by' });
    if (l.discount !== undefined && l.discount > l.quantity * l.price) ctx.addIssue({ code: 'custom', path: ['discount'], message: 'discount cannot exceed the line’s quantity × price' });
  });
export type PosSaleLine = z.infer<typeof line>;

/** A staff purchase: the associate's employee number scanned at the till and the staff discount the till gave on the receipt. */
const associate = z
  .object({
    employee_no: z.string({ error: 'employee_no is required' }).trim().regex(/^[A-Za-z0-9-]{3,20}$/, 'employee_no holds 3 to 20 letters, digits or dashes'),
    discount: rupiahField('discount'),
  })
  .strict();

/** A free gift handed over with the receipt: the programme's code (cms Free Gift Promotion), the gift's PLU and how many. */
const gift = z
  .object({
    code: tillCode('code'),
    plu: z.string({ error: 'plu is required' }).trim().min(1, 'plu is required').max(30, 'plu is at most 30 characters'),
    quantity: z.number({ error: 'quantity is required' }).int('quantity must be a whole number').min(1, 'quantity is at least 1').max(99, 'quantity is at most 99'),
  })
  .strict();
export type PosSaleGift = z.infer<typeof gift>;

/** What a receipt's lines come to before any discount: quantity × price, summed. */
export const receiptGross = (lines: readonly { quantity: number; price: number }[]): number => lines.reduce((n, l) => n + l.quantity * l.price, 0);
/** The promo discounts of a receipt's lines, summed. */
export const receiptPromoDiscount = (lines: readonly { discount?: number | undefined }[]): number => lines.reduce((n, l) => n + (l.discount ?? 0), 0);

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
    /** A staff purchase (Associate Loyalty Program): who, and the staff discount given on the receipt. */
    associate: associate.optional(),
    /** The free gifts handed over with the receipt. */
    gifts: z.array(gift, { error: 'gifts must be a list' }).min(1, 'gifts holds at least one gift when given').max(20, 'At most 20 gifts').optional(),
  })
  .strict()
  .superRefine((s, ctx) => {
    if (s.associate && s.associate.discount > receiptGross(s.lines) - receiptPromoDiscount(s.lines)) {
      ctx.addIssue({ code: 'custom', path: ['associate', 'discount'], message: 'The staff discount cannot exceed what the receipt comes to after its promo discounts' });
    }
    const seen = new Set<string>();
    for (const [i, g] of (s.gifts ?? []).entries()) {
      const key = `${g.code.toLowerCase()}|${g.plu.toUpperCase()}`;
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: ['gifts', i], message: `Gift ${g.plu} of ${g.code} is listed twice` });
      seen.add(key);
    }
  });
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

/**
 * What the POS signs: each transaction on its own line, its fields and its lines (plu:quantity:price) joined by `|`.
 * What a till applied is signed too, and only when it is there, so a till that sends none of it signs exactly what it
 * always signed: a line with a promo adds `:promo_code:discount`; a staff purchase adds `|A:employee_no:discount`; gifts
 * add `|G:` and each gift as `code:plu:quantity`, joined by `,`.
 */
export const posSalesSignedText = (transactions: readonly PosSale[]): string =>
  transactions
    .map((t) => {
      const lines = t.lines.map((l) => `${l.plu}:${l.quantity}:${l.price}${l.promo_code === undefined ? '' : `:${l.promo_code}:${l.discount ?? 0}`}`).join(',');
      const fields: (string | number)[] = [t.transaction_id, t.store_code, t.channel, t.card_id ?? '', t.at, lines];
      if (t.associate) fields.push(`A:${t.associate.employee_no}:${t.associate.discount}`);
      if (t.gifts) fields.push(`G:${t.gifts.map((g) => `${g.code}:${g.plu}:${g.quantity}`).join(',')}`);
      return fields.join('|');
    })
    .join('\n');

export const posSalesResult = z.object({
  /** Transactions recorded now. */
  accepted: z.number().int(),
  /** Transaction ids recorded before (a repeat), taken as they were. */
  duplicates: z.array(z.string()),
});
export type PosSalesResult = z.infer<typeof posSalesResult>;
