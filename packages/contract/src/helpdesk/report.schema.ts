import { z } from 'zod';
import { listQuery } from '../common/list-query.ts';
import { idFilter } from '../common/resource-fields.ts';
import { dayFilter } from '../common/period.ts';

/** pandora Helpdesk Report: tickets per store (id 0: tickets not about a store) by status, in a created range. */
export const helpdeskReportRow = z.object({
  id: z.number().int(),
  store_code: z.string().nullable(),
  store_name: z.string().nullable(),
  total: z.number().int(),
  unread: z.number().int(),
  read: z.number().int(),
  unsolved: z.number().int(),
  solved: z.number().int(),
  /** Mean hours from creation to Solved over the solved tickets; null when none is solved. */
  avg_solve_hours: z.number().nullable(),
});
export type HelpdeskReportRow = z.infer<typeof helpdeskReportRow>;

export const helpdeskReportQuery = listQuery(['total', 'store_name', 'unsolved', 'solved'] as const, {
  created_at_from: dayFilter,
  created_at_to: dayFilter,
  store_id: idFilter,
  category_id: idFilter,
});
export type HelpdeskReportQuery = z.infer<typeof helpdeskReportQuery>;

export const HELPDESK_REPORT_ENTRIES = ['pandora.report-helpdesk', 'pandora.dashboard-analytics/help', 'pandora.dashboard-analytics/overview'] as const;

/** The report's summary: the same filters, the totals by status and by category. */
export const helpdeskSummaryQuery = z
  .object({ created_at_from: dayFilter, created_at_to: dayFilter, store_id: idFilter, category_id: idFilter })
  .strict();
export type HelpdeskSummaryQuery = z.infer<typeof helpdeskSummaryQuery>;

export const helpdeskSummary = z.object({
  total: z.number().int(),
  avg_solve_hours: z.number().nullable(),
  by_status: z.array(z.object({ status: z.number().int(), count: z.number().int() })),
  by_category: z.array(z.object({ category_id: z.number().int().nullable(), category_name: z.string().nullable(), total: z.number().int(), solved: z.number().int() })),
});
export type HelpdeskSummary = z.infer<typeof helpdeskSummary>;
