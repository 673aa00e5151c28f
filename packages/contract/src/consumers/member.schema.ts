import { z } from 'zod';
import { isoDateTime } from '../common/fields.ts';
import { enumTable } from '../enums/enum-table.ts';
import { listQuery, versioned, recordId } from '../common/list-query.ts';
import { boolFilter, idFilter, intFilter } from '../common/resource-fields.ts';


export const MEMBER_TIER = enumTable([
  { value: 1, label: 'Classic', labelId: 'Klasik', color: 'default' },
  { value: 2, label: 'Gold', labelId: 'Emas', color: 'gold' },
  { value: 3, label: 'Platinum', labelId: 'Platinum', color: 'purple' },
] as const);

export const memberRow = z.object({
  id: z.number().int(),
  consumer_id: z.number().int(),
  member_no: z.string(),
  name: z.string(),
  /** Masked like a consumer's for a role without the personal-data right. */
  phone: z.string(),
  email: z.string().nullable(),
  tier: z.number().int(),
  /** The member's data has been checked by staff against an identity document. */
  is_check: z.boolean(),
  /** The employee number when the member is an associate (staff of the chain). */
  employee_no: z.string().nullable(),
  home_store_id: z.number().int().nullable(),
  home_store_name: z.string().nullable(),
  consumer_status: z.number().int(),
  stamp_balance: z.number().int(),
  joined_at: isoDateTime,
  created_at: isoDateTime,
  updated_at: isoDateTime,
  updated_by_name: z.string().nullable(),
  version: z.number().int(),
  personal_masked: z.boolean(),
});
export type MemberRow = z.infer<typeof memberRow>;

export const EMPLOYEE_NO_PATTERN = /^[A-Z0-9-]{3,20}$/;
export const employeeNoField = z
  .string()
  .trim()
  .toUpperCase()
  .regex(EMPLOYEE_NO_PATTERN, 'Employee number holds 3 to 20 letters, digits or dashes');

export const memberUpdateBody = z
  .object({
    tier: z.union([z.literal(1), z.literal(2), z.literal(3)], { error: 'Tier must be 1 (Classic), 2 (Gold) or 3 (Platinum)' }),
    is_check: z.boolean({ error: 'Checked must be true or false' }),
    employee_no: employeeNoField.nullable().optional(),
    home_store_id: recordId.nullable().optional(),
    ...versioned,
  })
  .strict();
export type MemberUpdate = z.infer<typeof memberUpdateBody>;

/** Search: digits match a member number, phone or card exactly; an e-mail exactly; other text a part of the name. */
export const memberListQuery = listQuery(['joined_at', 'member_no', 'name', 'updated_at'] as const, {
  tier: intFilter(1, 3),
  is_check: boolFilter,
  home_store_id: idFilter,
});
export type MemberListQuery = z.infer<typeof memberListQuery>;

/** A home store to choose in the member form. */
export const memberStoreOption = z.object({ id: z.number().int(), code: z.string(), name: z.string() });
export const memberStoreQuery = z.object({ search: z.string().trim().max(100).optional() }).strict();
