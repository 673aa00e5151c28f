import { z } from 'zod';
import { isoDateTime } from '../common/fields.ts';
import { listQuery, versioned, recordId, recordIdText } from '../common/list-query.ts';
import { activeStatusField, idFilter, intFilter, nameField, rupiahField } from '../common/resource-fields.ts';
import { dayField } from '../common/period.ts';
import { employeeNoField } from './member.schema.ts';


export const associateRow = z.object({
  /** The employee number: the record's key in URLs (`{employeeNo}/detail`). */
  id: z.string(),
  /** The associate's numeric id (`associateId`), which its history is read by. */
  associate_id: z.number().int(),
  employee_no: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  store_id: z.number().int().nullable(),
  store_name: z.string().nullable(),
  department: z.string().nullable(),
  position: z.string().nullable(),
  /** Staff discount allowance per calendar month, whole Rupiah. */
  monthly_quota: z.number().int(),
  /** Discount used this month (Asia/Jakarta) from the history. */
  used_this_month: z.number().int(),
  joined_on: z.string(),
  status: z.number().int(),
  /** The loyalty member carrying this employee number, if any. */
  member_id: z.number().int().nullable(),
  member_no: z.string().nullable(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
  updated_by_name: z.string().nullable(),
  version: z.number().int(),
});
export type AssociateRow = z.infer<typeof associateRow>;

const associateFields = {
  name: nameField('Name', 120),
  email: z.string().trim().toLowerCase().max(200).pipe(z.email('E-mail is not valid')).nullable().optional(),
  store_id: recordId.nullable().optional(),
  department: z.string().trim().max(80, 'Department must be at most 80 characters').nullable().optional(),
  position: z.string().trim().max(80, 'Position must be at most 80 characters').nullable().optional(),
  monthly_quota: rupiahField('Monthly quota').max(100_000_000, 'Monthly quota is at most Rp 100.000.000'),
  joined_on: dayField('Joined on'),
  status: activeStatusField.default(1),
};
export const associateCreateBody = z.object({ employee_no: employeeNoField, ...associateFields }).strict();
export const associateUpdateBody = z.object({ ...associateFields, ...versioned }).strict();
export type AssociateCreate = z.infer<typeof associateCreateBody>;
export type AssociateUpdate = z.infer<typeof associateUpdateBody>;

export const associateListQuery = listQuery(['employee_no', 'name', 'joined_on', 'updated_at'] as const, {
  sort_dir: z.enum(['asc', 'desc']).default('asc'),
  status: intFilter(1, 2),
  store_id: idFilter,
});
export type AssociateListQuery = z.infer<typeof associateListQuery>;

export const employeeNoParam = z.object({ employeeNo: z.string().trim().toUpperCase().regex(/^[A-Z0-9-]{3,20}$/, 'Employee number holds 3 to 20 letters, digits or dashes') }).strict();

/** The benefit history, newest first: of one associate (`associateId`), or of all. */
export const associateHistoryQuery = listQuery(['at'] as const, { associateId: recordIdText.optional() });
export type AssociateHistoryQuery = z.infer<typeof associateHistoryQuery>;

export const associateHistoryRow = z.object({
  id: z.number().int(),
  at: isoDateTime,
  receipt_no: z.string(),
  store_name: z.string().nullable(),
  amount: z.number().int(),
  discount: z.number().int(),
});
export type AssociateHistoryRow = z.infer<typeof associateHistoryRow>;
