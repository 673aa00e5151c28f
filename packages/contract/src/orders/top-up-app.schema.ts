import { z } from 'zod';
import { isoDateTime } from '../common/fields.ts';
import { intFilter } from '../common/resource-fields.ts';
import { INDONESIAN_MOBILE, MOBILE_OPERATOR, normalisePhone } from '../enums/top-up-status.ts';
import { digitalProductRow } from './digital-product.schema.ts';

/** How long a top-up waits for its payment before the expiry job ends it (decisions.md). */
export const TOP_UP_PAYMENT_MINUTES = 15;

/** The active products the app offers, by type and operator. */
export const appDigitalProductsQuery = z
  .object({
    product_type: intFilter(1, 2),
    operator: intFilter(1, MOBILE_OPERATOR.values.length),
  })
  .strict();

export const appDigitalProduct = digitalProductRow.pick({ id: true, product_type: true, operator: true, name: true, denomination: true, price: true });
export type AppDigitalProduct = z.infer<typeof appDigitalProduct>;

/** An Indonesian mobile number, kept as 08…. */
export const mobileNumberField = z
  .string({ error: 'Phone number is required' })
  .trim()
  .regex(INDONESIAN_MOBILE, 'Phone number must be an Indonesian mobile number, like 081234567890')
  .transform(normalisePhone);

/** A top-up the app buys: a product for a mobile number; `client_ref` makes a retried request answer the first top-up. */
export const appTopUpBody = z
  .object({
    product_id: z.number({ error: 'Choose a product' }).int().positive('Choose a product').max(2_147_483_647),
    phone_number: mobileNumberField,
    client_ref: z.string().trim().min(1).max(64).nullable().default(null),
  })
  .strict();
export type AppTopUpBody = z.infer<typeof appTopUpBody>;

export const appTopUpRow = z.object({
  id: z.number().int(),
  transaction_no: z.string(),
  product_name: z.string(),
  product_type: z.number().int(),
  operator: z.number().int(),
  phone_number: z.string(),
  denomination: z.number().int(),
  amount: z.number().int(),
  status: z.number().int(),
  payment_status: z.string(),
  payment_expires_at: isoDateTime,
  serial_number: z.string().nullable(),
  refund_due: z.number().int(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
});
export type AppTopUpRow = z.infer<typeof appTopUpRow>;

export const appTopUpDetail = appTopUpRow.extend({ statuses: z.array(z.object({ status: z.number().int(), at: isoDateTime })) });
export type AppTopUpDetail = z.infer<typeof appTopUpDetail>;

export const appMyTopUpsQuery = z
  .object({
    before_id: z.coerce.number().int().positive().optional(),
    limit: z.coerce.number().int().min(1).max(50).default(20),
  })
  .strict();

/** The call to action the app shows on its top-up page, or null when it is switched off. */
export const appTopUpCta = z.object({ title: z.string(), subtitle: z.string().nullable(), button_text: z.string(), deep_link: z.string() }).nullable();
