import { z } from 'zod';
import { enumTable } from '../enums/enum-table.ts';
import { emailFieldOf, isoDateTime } from '../common/fields.ts';
import { INT4_MAX, listQuery, versionField } from '../common/list-query.ts';
import { dayField } from '../common/period.ts';
import { npwpField } from '../common/npwp.ts';
import { activeStatusField, boolFilter, codeField, idFilter, intFilter, nameField, optionalText, optionSearchQuery, phoneField } from '../common/resource-fields.ts';

/**
 * A business client of e-vouchers (cms Voucher digital, Partner Management): the company, its own contact person, the
 * chain's staff user in charge of it (the PIC), its credit limit, and its cooperation periods (the agreements signed).
 * The credit in use is the total of its credit orders still open (VOUCHER_ORDER_OPEN_CREDIT); what is left is the limit
 * less that, negative when the limit was lowered below the credit in use.
 */
export const partnerRow = z.object({
  id: z.number().int(),
  /** The client's code on orders, quotations and receipts (unique in any case, saved in capitals). */
  partner_code: z.string(),
  name: z.string(),
  /** The company's tax number, digits only (15, or 16 since the NIK-based form). */
  npwp: z.string().nullable(),
  address: z.string(),
  email: z.string(),
  phone: z.string(),
  /** The client's own contact person. */
  contact_name: z.string(),
  contact_email: z.string(),
  contact_phone: z.string(),
  /** The chain's staff user in charge of the client (the PIC). */
  pic_user_id: z.number().int().nullable(),
  pic_user_name: z.string().nullable(),
  credit_limit: z.number().int(),
  credit_used: z.number().int(),
  credit_available: z.number().int(),
  /** The last day of the cooperation period running today (Asia/Jakarta), or null when none runs. */
  period_ends_on: z.string().nullable(),
  status: z.number().int(),
  created_at: isoDateTime,
  created_by_name: z.string().nullable(),
  updated_at: isoDateTime,
  updated_by_name: z.string().nullable(),
  version: z.number().int(),
});
export type PartnerRow = z.infer<typeof partnerRow>;

/** One cooperation period: the agreement signed with the client and the days it runs, both included. */
export const partnerPeriod = z.object({
  id: z.number().int(),
  agreement_no: z.string(),
  starts_on: z.string(),
  ends_on: z.string(),
  note: z.string().nullable(),
  created_at: isoDateTime,
  created_by_name: z.string().nullable(),
});
export type PartnerPeriod = z.infer<typeof partnerPeriod>;

/** A partner with its cooperation periods, the newest first. */
export const partnerDetail = partnerRow.extend({ periods: z.array(partnerPeriod) });
export type PartnerDetail = z.infer<typeof partnerDetail>;

/** Where a cooperation period stands on a day: not begun, running (both ends included), or over. */
export const PARTNER_PERIOD_STATUS = enumTable([
  { value: 'upcoming', label: 'Upcoming', labelId: 'Akan Datang', color: 'blue' },
  { value: 'current', label: 'Current', labelId: 'Berjalan', color: 'green' },
  { value: 'ended', label: 'Ended', labelId: 'Berakhir', color: 'default' },
] as const);
export type PartnerPeriodStatus = (typeof PARTNER_PERIOD_STATUS.values)[number];

/** The status of a period on `today` (YYYY-MM-DD, the Asia/Jakarta calendar day). */
export function partnerPeriodStatus(period: { starts_on: string; ends_on: string }, today: string): PartnerPeriodStatus {
  if (today < period.starts_on) return 'upcoming';
  return today > period.ends_on ? 'ended' : 'current';
}

// The NPWP field and its printed form are shared with the chain's own details (general setting): they live in common.
export { formatNpwp, npwpField } from '../common/npwp.ts';

/** The largest credit limit a client can be given: Rp 100.000.000.000. */
export const PARTNER_CREDIT_LIMIT_MAX = 100_000_000_000;

const fields = {
  partner_code: codeField('Partner code', 20).transform((v) => v.toUpperCase()),
  name: nameField('Company name', 150),
  npwp: npwpField.nullable().optional(),
  address: z.string({ error: 'Address is required' }).trim().min(5, 'Address must be at least 5 characters').max(500, 'Address must be at most 500 characters'),
  email: emailFieldOf('Company e-mail'),
  phone: phoneField('Company phone'),
  contact_name: nameField('Contact name', 120),
  contact_email: emailFieldOf('Contact e-mail'),
  contact_phone: phoneField('Contact phone'),
  /** An active staff user; the server refuses one that does not exist or is inactive. */
  pic_user_id: z.number({ error: 'PIC is required' }).int('PIC is required').positive('PIC is required').max(INT4_MAX),
  status: activeStatusField.default(1),
};

/** A new client, entered once its cooperation agreement is signed; its credit limit is set on the Credit Limit screen. */
export const partnerCreateBody = z.object(fields).strict();
export type PartnerCreate = z.input<typeof partnerCreateBody>;
export const partnerUpdateBody = z.object({ ...fields, version: versionField }).strict();
export type PartnerUpdate = z.input<typeof partnerUpdateBody>;

export const partnerListQuery = listQuery(['updated_at', 'name', 'partner_code'] as const, {
  status: intFilter(1, 2),
  pic_user_id: idFilter,
});
export type PartnerListQuery = z.infer<typeof partnerListQuery>;

/** A cooperation period to add: its agreement number, first and last day (the same day is a one-day period), a note. */
export const partnerPeriodBody = z
  .object({
    agreement_no: nameField('Agreement number', 60),
    starts_on: dayField('Start date'),
    ends_on: dayField('End date'),
    note: optionalText(500),
  })
  .strict()
  .refine((b) => b.ends_on >= b.starts_on, { message: 'End date cannot be before the start date', path: ['ends_on'] });
export type PartnerPeriodCreate = z.input<typeof partnerPeriodBody>;

/** The staff users a partner's PIC is chosen from: active, searched by name, username or e-mail. */
export const PARTNER_PIC_SEARCH_LIMIT = 50;
export const partnerPicOptionsQuery = optionSearchQuery(PARTNER_PIC_SEARCH_LIMIT);
export const partnerPicOption = z.object({ id: z.number().int(), username: z.string(), name: z.string() });
export type PartnerPicOption = z.infer<typeof partnerPicOption>;

/** A client's credit as cms Method of Payment, Credit Limit lists it. */
export const creditLimitRow = partnerRow.pick({
  id: true,
  partner_code: true,
  name: true,
  pic_user_name: true,
  credit_limit: true,
  credit_used: true,
  credit_available: true,
  status: true,
  updated_at: true,
  updated_by_name: true,
  version: true,
});
export type CreditLimitRow = z.infer<typeof creditLimitRow>;

/** The new limit of a client's credit orders, whole Rupiah 0 to Rp 100.000.000.000 (0: no credit), with the version seen. */
export const creditLimitBody = z
  .object({
    credit_limit: z
      .number({ error: 'Credit limit must be a number' })
      .int('Credit limit must be whole Rupiah')
      .min(0, 'Credit limit cannot be negative')
      .max(PARTNER_CREDIT_LIMIT_MAX, 'Credit limit is at most Rp 100.000.000.000'),
    version: versionField,
  })
  .strict();
export type CreditLimitUpdate = z.input<typeof creditLimitBody>;

export const creditLimitListQuery = listQuery(['name', 'partner_code', 'credit_limit', 'updated_at'] as const, {
  status: intFilter(1, 2),
  /** true: only clients given a limit (above 0); false: only those without. */
  has_limit: boolFilter,
});
export type CreditLimitListQuery = z.infer<typeof creditLimitListQuery>;
