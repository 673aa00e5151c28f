import { z } from 'zod';
import { isoDateTime } from '../common/fields.ts';
import { listQuery, recordIdText } from '../common/list-query.ts';
import { dayFilter } from '../common/period.ts';

export const auditRow = z.object({
  id: z.number().int(),
  actor_id: z.number().int().nullable(),
  actor_name: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.string().nullable(),
  ip: z.string().nullable(),
  at: isoDateTime,
});
export const auditDetail = auditRow.extend({ before: z.unknown(), after: z.unknown() });
export type AuditRow = z.infer<typeof auditRow>;
export type AuditDetail = z.infer<typeof auditDetail>;

export const auditListQuery = listQuery(['at'] as const, {
  actor_id: recordIdText.optional(),
  entity: z.string().trim().max(60).optional(),
  action: z.string().trim().max(40).optional(),
  date_from: dayFilter,
  date_to: dayFilter,
});
export type AuditListQuery = z.infer<typeof auditListQuery>;
