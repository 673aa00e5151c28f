import { z } from 'zod';
import { isoDateTime } from '../common/fields.ts';
import { listQuery, versioned } from '../common/list-query.ts';
import { idFilter, intFilter, nameField } from '../common/resource-fields.ts';
import { dayField, dayFilter, idList } from '../common/period.ts';
import { REGION_CODE } from '../common/region.schema.ts';


export const consumerTagRef = z.object({ id: z.number().int(), name: z.string(), color: z.string() });

export const consumerRow = z.object({
  id: z.number().int(),
  name: z.string(),
  /** 628…; masked (`6281******890`) for a role without the personal-data right. */
  phone: z.string(),
  email: z.string().nullable(),
  gender: z.number().int(),
  date_of_birth: z.string().nullable(),
  province_code: z.string().nullable(),
  province_name: z.string().nullable(),
  regency_code: z.string().nullable(),
  regency_name: z.string().nullable(),
  /** The virtual card of the app, always present. */
  app_card_id: z.string(),
  /** A physical loyalty card linked to the account. */
  physical_card_id: z.string().nullable(),
  status: z.number().int(),
  email_verified: z.boolean(),
  has_password: z.boolean(),
  stamp_balance: z.number().int(),
  last_login_at: isoDateTime.nullable(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
  updated_by_name: z.string().nullable(),
  version: z.number().int(),
  /** True when phone and e-mail were masked for the caller. */
  personal_masked: z.boolean(),
});
export type ConsumerRow = z.infer<typeof consumerRow>;

export const consumerDetail = consumerRow.extend({
  tags: z.array(consumerTagRef),
  address_count: z.number().int(),
  locked_at: isoDateTime.nullable(),
  withdrawn_at: isoDateTime.nullable(),
});
export type ConsumerDetail = z.infer<typeof consumerDetail>;

const regionCode = (level: keyof typeof REGION_CODE, label: string) => z.string().trim().regex(REGION_CODE[level], `${label} is not a valid region code`);

/** What staff may edit of a profile; phone and e-mail are the consumer's sign-in identity and stay theirs. */
export const consumerUpdateBody = z
  .object({
    name: nameField('Name', 120),
    gender: z.union([z.literal(1), z.literal(2)], { error: 'Gender must be 1 (Male) or 2 (Female)' }),
    date_of_birth: dayField('Date of birth').nullable().optional(),
    province_code: regionCode('province', 'Province').nullable().optional(),
    regency_code: regionCode('regency', 'Regency / city').nullable().optional(),
    tag_ids: idList('Tags', 50).optional(),
    ...versioned,
  })
  .strict()
  .refine((b) => !b.regency_code || b.province_code, { message: 'Choose the province of the regency / city', path: ['province_code'] });
export type ConsumerUpdate = z.infer<typeof consumerUpdateBody>;

/**
 * The list's filters (spec section 3: consumer_id, region, gender_id, date_of_birth) and search: an e-mail (with @)
 * matches exactly, digits match a phone (08… or 628…) or a card number exactly, other text a part of the name.
 */
export const consumerListQuery = listQuery(['created_at', 'name', 'updated_at'] as const, {
  consumer_id: idFilter,
  province_code: z.string().regex(REGION_CODE.province, 'province_code must look like 31').optional(),
  regency_code: z.string().regex(REGION_CODE.regency, 'regency_code must look like 31.71').optional(),
  gender: intFilter(1, 2),
  date_of_birth: dayFilter,
  status: intFilter(1, 3),
});
export type ConsumerListQuery = z.infer<typeof consumerListQuery>;

/** Every staff action on a consumer says why, and names the version the person saw. */
export const actionReason = z.string({ error: 'Reason is required' }).trim().min(1, 'Reason is required').min(3, 'Reason must be at least 3 characters').max(500, 'Reason must be at most 500 characters');
export const consumerActionBody = z.object({ reason: actionReason, ...versioned }).strict();
export type ConsumerActionBody = z.infer<typeof consumerActionBody>;
export const PHYSICAL_CARD_PATTERN = /^\d{16}$/;
export const consumerLinkCardBody = z
  .object({ reason: actionReason, card_number: z.string({ error: 'Card number is required' }).trim().regex(PHYSICAL_CARD_PATTERN, 'Card number must be 16 digits'), ...versioned })
  .strict();
export type ConsumerLinkCardBody = z.infer<typeof consumerLinkCardBody>;

/** Normalises a phone search (`0812…`, `+62 812-…`) to the stored 628… form; null when the text is not a phone. */
export function phoneSearchKey(text: string): string | null {
  const digits = text.replace(/[\s-]/g, '').replace(/^\+/, '');
  if (!/^\d+$/.test(digits)) return null;
  return digits.startsWith('0') ? `62${digits.slice(1)}` : digits;
}
