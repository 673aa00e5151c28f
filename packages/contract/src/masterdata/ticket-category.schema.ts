import { z } from 'zod';
import { isoDateTime } from '../common/fields.ts';
import { listQuery, versionField } from '../common/list-query.ts';
import { activeStatusField, intFilter, nameField, optionalText } from '../common/resource-fields.ts';

/** How long a ticket of the category may wait for its answer: one hour to thirty days. */
export const SLA_HOURS = { min: 1, max: 720 } as const;

export const ticketCategoryRow = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  sla_hours: z.number().int(),
  status: z.number().int(),
  position: z.number().int(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
  updated_by_name: z.string().nullable(),
  version: z.number().int(),
});
export type TicketCategoryRow = z.infer<typeof ticketCategoryRow>;

const ticketCategoryFields = {
  name: nameField('Category name', 100),
  description: optionalText(500),
  sla_hours: z
    .number({ error: 'SLA must be a number of hours' })
    .int('SLA must be whole hours')
    .min(SLA_HOURS.min, `SLA must be between ${SLA_HOURS.min} and ${SLA_HOURS.max} hours`)
    .max(SLA_HOURS.max, `SLA must be between ${SLA_HOURS.min} and ${SLA_HOURS.max} hours`),
  status: activeStatusField.default(1),
  /** Order in the help-center's category list; left out on create, the category goes last. */
  position: z.number({ error: 'Position must be a number' }).int('Position must be a whole number').min(1, 'Position must be at least 1').max(9999).optional(),
};
export const ticketCategoryCreateBody = z.object(ticketCategoryFields).strict();
export const ticketCategoryUpdateBody = z.object({ ...ticketCategoryFields, version: versionField }).strict();
export type TicketCategoryCreate = z.infer<typeof ticketCategoryCreateBody>;
export type TicketCategoryUpdate = z.infer<typeof ticketCategoryUpdateBody>;

export const ticketCategoryListQuery = listQuery(['position', 'name', 'sla_hours', 'updated_at', 'created_at'] as const, {
  sort_dir: z.enum(['asc', 'desc']).default('asc'),
  status: intFilter(1, 2),
});
export type TicketCategoryListQuery = z.infer<typeof ticketCategoryListQuery>;

export const TICKET_CATEGORY_ENTRIES = ['cms.ticket-category-management'] as const;
