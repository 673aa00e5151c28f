import { z } from 'zod';
import { emailField, isoDateTime } from '../common/fields.ts';
import { listQuery, versionField } from '../common/list-query.ts';
import { PLATFORM } from '../enums/index.ts';
import { documentIssuer } from '../common/document-issuer.ts';
import { npwpField } from '../common/npwp.ts';
import { optionalText, phoneField, rupiahField } from '../common/resource-fields.ts';

/**
 * General setting: the one record of the shop-wide values the app and the back office read (contact channels, order
 * limits, delivery fee, point conversion, maintenance switch), and the chain's own details its documents print (the
 * quotation and receipt of a voucher order: legal name, address, NPWP, phone, the bank account clients transfer to).
 */
export const generalSettingRow = z.object({
  id: z.number().int(),
  cs_phone: z.string().nullable(),
  cs_email: z.string().nullable(),
  whatsapp_number: z.string().nullable(),
  min_order_amount: z.number().int(),
  delivery_fee: z.number().int(),
  free_delivery_min_amount: z.number().int(),
  point_conversion: z.number().int(),
  max_vouchers_per_order: z.number().int(),
  maintenance_mode: z.boolean(),
  maintenance_message: z.string().nullable(),
  ...documentIssuer.shape,
  updated_at: isoDateTime,
  updated_by_name: z.string().nullable(),
  version: z.number().int(),
});
export type GeneralSettingRow = z.infer<typeof generalSettingRow>;

export const generalSettingUpdateBody = z
  .object({
    cs_phone: z
      .string({ error: 'Customer service phone is required' })
      .trim()
      .regex(/^(\+62|0)\d{3,13}$/, 'Phone must start with 0 or +62 and hold 4 to 14 digits'),
    cs_email: emailField,
    whatsapp_number: z
      .string({ error: 'WhatsApp number is required' })
      .trim()
      .regex(/^(\+62|62|0)8\d{7,12}$/, 'WhatsApp number must be an Indonesian mobile number, e.g. 081234567890'),
    min_order_amount: rupiahField('Minimum order'),
    delivery_fee: rupiahField('Delivery fee'),
    free_delivery_min_amount: rupiahField('Free delivery threshold'),
    point_conversion: z
      .number({ error: 'Point conversion must be a number' })
      .int('Point conversion must be whole Rupiah')
      .min(1, 'Point conversion must be at least Rp 1 per point')
      .max(1_000_000, 'Point conversion must be at most Rp 1.000.000 per point'),
    max_vouchers_per_order: z.number({ error: 'Must be a number' }).int().min(0, 'Cannot be negative').max(10, 'At most 10 vouchers per order'),
    maintenance_mode: z.boolean().default(false),
    maintenance_message: optionalText(500),
    // The chain's details for documents: optional, so a client that does not send them leaves them as they are.
    company_name: optionalText(150),
    company_address: optionalText(500),
    company_npwp: npwpField.nullable().optional(),
    company_phone: phoneField('Company phone').nullable().optional(),
    bank_name: optionalText(60),
    bank_account_no: z
      .string()
      .transform((v) => v.replace(/[\s.-]/g, ''))
      .pipe(z.string().regex(/^\d{5,20}$/, 'Account number must have 5 to 20 digits'))
      .nullable()
      .optional(),
    bank_account_holder: optionalText(150),
    quotation_validity_days: z
      .number({ error: 'Quotation validity must be a number of days' })
      .int('Quotation validity is whole days')
      .min(1, 'A quotation stands at least 1 day')
      .max(90, 'A quotation stands at most 90 days')
      .optional(),
    version: versionField,
  })
  .strict()
  .refine((b) => !b.maintenance_mode || (b.maintenance_message ?? '').trim().length > 0, {
    message: 'A maintenance message is required while maintenance mode is on',
    path: ['maintenance_message'],
  });
export type GeneralSettingUpdate = z.infer<typeof generalSettingUpdateBody>;

/** Versions as the stores show them: MAJOR.MINOR.PATCH. */
export const SEMVER = /^(0|[1-9]\d{0,3})\.(0|[1-9]\d{0,3})\.(0|[1-9]\d{0,3})$/;

/** Compares two MAJOR.MINOR.PATCH versions: negative, zero or positive like a sort comparator. */
export function compareSemver(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < 3; i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

const semverField = (label: string) =>
  z.string({ error: `${label} is required` }).trim().regex(SEMVER, `${label} must look like 1.2.3 (major.minor.patch)`);

/** App version: one row per platform, what the mobile app compares itself with at start. */
export const appVersionRow = z.object({
  id: z.number().int(),
  platform: z.enum(PLATFORM.values),
  current_version: z.string(),
  minimum_version: z.string(),
  force_update: z.boolean(),
  store_url: z.string(),
  release_notes: z.string().nullable(),
  updated_at: isoDateTime,
  updated_by_name: z.string().nullable(),
  version: z.number().int(),
});
export type AppVersionRow = z.infer<typeof appVersionRow>;

export const appVersionUpdateBody = z
  .object({
    current_version: semverField('Current version'),
    minimum_version: semverField('Minimum version'),
    force_update: z.boolean().default(false),
    store_url: z
      .string({ error: 'Store URL is required' })
      .trim()
      .max(500)
      .regex(/^https:\/\/[^\s]+$/, 'Store URL must be an https:// address'),
    release_notes: optionalText(2000),
    version: versionField,
  })
  .strict()
  .refine((b) => !SEMVER.test(b.current_version) || !SEMVER.test(b.minimum_version) || compareSemver(b.minimum_version, b.current_version) <= 0, {
    message: 'Minimum version cannot be newer than the current version',
    path: ['minimum_version'],
  });
export type AppVersionUpdate = z.infer<typeof appVersionUpdateBody>;

/** App versions are two rows (ios, android) read as a small list. */
export const appVersionListQuery = listQuery(['platform'] as const, { sort_dir: z.enum(['asc', 'desc']).default('asc') });
export type AppVersionListQuery = z.infer<typeof appVersionListQuery>;

export const GENERAL_SETTING_ENTRIES = ['cms.general-setting'] as const;
export const APP_VERSION_ENTRIES = ['cms.app-version'] as const;
