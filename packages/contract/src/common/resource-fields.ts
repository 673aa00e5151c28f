import { z } from 'zod';
import { recordIdText } from './list-query.ts';

/** Fields shared by the bodies and list filters of every domain, so a form and the server read one rule. */
export const nameField = (label: string, max = 120) =>
  z.string({ error: `${label} is required` }).trim().min(1, `${label} is required`).max(max, `${label} must be at most ${max} characters`);
export const optionalText = (max: number) => z.string().trim().max(max, `At most ${max} characters`).nullable().optional();
export const codeField = (label: string, max = 20) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    .regex(/^[A-Za-z0-9._-]+$/, `${label} may hold letters, digits, dot, dash and underscore only`);
/** Whole Rupiah, never negative, below 10 billion. */
export const rupiahField = (label: string) =>
  z.number({ error: `${label} must be a number` }).int(`${label} must be whole Rupiah`).min(0, `${label} cannot be negative`).max(9_999_999_999);
export const imageUrlField = z
  .string()
  .trim()
  .max(500)
  .refine((v) => v === '' || /^(https?:\/\/|\/images\/)/.test(v), 'Image must be an http(s) address or a path under /images/')
  .nullable()
  .optional();
export const activeStatusField = z.union([z.literal(1), z.literal(2)], { error: 'Status must be 1 (Active) or 2 (Inactive)' });
/** A positive id from a query string. */
export const idFilter = recordIdText.optional();
export const intFilter = (min: number, max: number) => z.coerce.number().int().min(min).max(max).optional();
export const boolFilter = z.enum(['true', 'false']).transform((v) => v === 'true').optional();

/**
 * An Indonesian telephone number, landline or mobile (`021-5550123`, `(0361) 555 012`, `+62 812-3456-7890`): spaces,
 * dashes, dots and brackets are dropped and a +62 or 62 prefix becomes 0, so it is kept as `0215550123`.
 */
export const phoneField = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .transform((v) => v.replace(/[\s().-]/g, '').replace(/^\+?62/, '0'))
    .pipe(z.string().regex(/^0[1-9]\d{6,11}$/, `${label} must be an Indonesian phone number, like 021-5550123 or 0812-3456-7890`));

/** The query of a picker's options searched on the server: the text typed, and how many to answer. */
export const optionSearchQuery = (max: number) =>
  z
    .object({
      search: z.string().trim().max(100).optional(),
      limit: z.coerce.number().int().min(1).max(max).default(max),
    })
    .strict();
