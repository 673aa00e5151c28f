import { z } from 'zod';
import { isoDateTime } from '../common/fields.ts';
import { listQuery, versionField } from '../common/list-query.ts';
import { CHANNEL, MEMBER_SCOPE, PROMO_TYPE } from '../enums/index.ts';
import { activeStatusField, codeField, idFilter, intFilter, nameField, optionalText, rupiahField } from '../common/resource-fields.ts';
import { dayField, dayFilter, enumValueField, idList, withPeriod } from '../common/period.ts';

/** A promo: a percentage (1..100) or an amount in Rupiah off, offline or online, for some products, stores and consumers. */
export const promoRow = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  promo_type: z.number().int(),
  value: z.number().int(),
  channel: z.number().int(),
  member_scope: z.number().int(),
  start_date: z.string(),
  end_date: z.string(),
  min_purchase: z.number().int(),
  max_discount: z.number().int().nullable(),
  status: z.number().int(),
  product_count: z.number().int(),
  store_count: z.number().int(),
  consumer_count: z.number().int(),
  created_at: isoDateTime,
  created_by_name: z.string().nullable(),
  updated_at: isoDateTime,
  updated_by_name: z.string().nullable(),
  version: z.number().int(),
});
export type PromoRow = z.infer<typeof promoRow>;

export const promoDetail = promoRow.extend({
  products: z.array(z.object({ id: z.number().int(), plu: z.string(), name: z.string(), price: z.number().int() })),
  stores: z.array(z.object({ id: z.number().int(), code: z.string(), name: z.string() })),
  /** Phone numbers (62…): consumers are kept as a plain list until the consumer domain exists. */
  consumers: z.array(z.string()),
  /** The phone numbers are masked (`6281******890`): the caller lacks the consumer personal-data right. */
  consumers_masked: z.boolean(),
});
export type PromoDetail = z.infer<typeof promoDetail>;

/** An Indonesian mobile number as 08…, 628… or +628…, kept as 628…. */
export const consumerPhoneField = z
  .string()
  .trim()
  .transform((v) => v.replace(/[\s-]/g, '').replace(/^\+/, '').replace(/^0/, '62'))
  .pipe(z.string().regex(/^628\d{7,11}$/, 'Phone must be an Indonesian mobile number (08…, 628… or +628…)'));

const consumerPhones = z
  .array(consumerPhoneField)
  .max(10_000, 'At most 10000 consumers')
  .refine((v) => new Set(v).size === v.length, 'A phone number is listed twice');

const promoFields = {
  name: nameField('Name', 120),
  description: optionalText(1000),
  promo_type: enumValueField(PROMO_TYPE, 'Promo type'),
  /** Percent (1..100) for a percentage promo, Rupiah for an amount. */
  value: z.number({ error: 'Value is required' }).int('Value must be a whole number').min(1, 'Value must be at least 1').max(9_999_999_999),
  channel: enumValueField(CHANNEL, 'Channel'),
  member_scope: enumValueField(MEMBER_SCOPE, 'Member scope').default(0),
  start_date: dayField('Start date'),
  end_date: dayField('End date'),
  min_purchase: rupiahField('Minimum purchase').default(0),
  max_discount: rupiahField('Maximum discount').min(1, 'Maximum discount must be at least 1').nullable().optional(),
  status: activeStatusField.default(1),
  /** Empty: every product. */
  product_ids: idList('Products', 5000).default([]),
  /** Empty: every store. */
  store_ids: idList('Stores', 5000).default([]),
  /** Empty: every consumer of the member scope. */
  consumers: consumerPhones.default([]),
};

type PromoShape = { promo_type: number; value: number; max_discount?: number | null | undefined; min_purchase: number; start_date: string; end_date: string };
/** Percentages are 1..100 and may be capped; an amount has no cap and may not exceed the minimum purchase it needs. */
const promoRules = <T extends z.ZodType<PromoShape>>(schema: T) =>
  withPeriod(schema)
    .refine((b) => b.promo_type !== 1 || b.value <= 100, { message: 'A percentage is 1 to 100', path: ['value'] })
    .refine((b) => b.promo_type !== 2 || b.max_discount == null, { message: 'Maximum discount applies to percentage promos only', path: ['max_discount'] })
    .refine((b) => b.promo_type !== 2 || b.min_purchase === 0 || b.value <= b.min_purchase, {
      message: 'The discount amount cannot exceed the minimum purchase',
      path: ['value'],
    });

export const promoCreateBody = promoRules(z.object({ code: codeField('Promo code', 30), ...promoFields }).strict());
/** Without `consumers` an update keeps the stored list: a role that sees the phone numbers masked edits the rest. */
export const promoUpdateBody = promoRules(z.object({ ...promoFields, consumers: consumerPhones.optional(), version: versionField }).strict());
export type PromoCreate = z.infer<typeof promoCreateBody>;
export type PromoUpdate = z.infer<typeof promoUpdateBody>;

export const promoListQuery = listQuery(['updated_at', 'start_date', 'end_date', 'name', 'code', 'created_at'] as const, {
  status: intFilter(1, 2),
  channel: intFilter(1, 2),
  promo_type: intFilter(1, 2),
  /** Promos whose period covers this day. */
  active_on: dayFilter,
  product_id: idFilter,
  store_id: idFilter,
});
export type PromoListQuery = z.infer<typeof promoListQuery>;

