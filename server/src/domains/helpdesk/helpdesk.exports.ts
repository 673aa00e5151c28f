import { helpdeskExportsApi } from '@portal/contract';
import { reportExports, type ModuleExport } from '../../platform/module.ts';
import { HELP_CENTER_ENTRIES, HELPDESK_REPORT_ENTRIES, RATING_ENTRIES, TICKET_STATUS, helpdeskReportQuery, ratingListQuery, ticketListQuery } from '@portal/contract';
import { defineExport, enumLabel, resourceExport } from '../../platform/exports/index.ts';
import { HELPDESK_REPORT_SELECT, helpdeskReportFrom, helpdeskReportSort } from './helpdesk-report.service.ts';
import { ratingDef } from './rating.resource.ts';
import { ticketDef } from './ticket.resource.ts';

/* Help-desk lists as files, with the list's own filters, search and order. */

export const ticketExport = resourceExport(ticketDef, {
  name: 'export_help_center',
  sheetName: 'Help Center',
  entries: HELP_CENTER_ENTRIES,
  listQuery: ticketListQuery,
  columns: [
    { key: 'id', label: 'Ticket No.', format: 'number' },
    { key: 'subject', label: 'Subject' },
    { key: 'status', label: 'Status', format: enumLabel(TICKET_STATUS) },
    { key: 'consumer_id', label: 'Consumer ID', format: 'number' },
    { key: 'consumer_name', label: 'Consumer' },
    { key: 'category_name', label: 'Category' },
    { key: 'store_name', label: 'Store' },
    { key: 'assignee_name', label: 'Assignee' },
    { key: 'message_count', label: 'Messages', format: 'number' },
    { key: 'created_at', label: 'Created At (WIB)', format: 'datetime' },
    { key: 'last_message_at', label: 'Last Message At (WIB)', format: 'datetime' },
    { key: 'solved_at', label: 'Solved At (WIB)', format: 'datetime' },
  ],
});

export const ratingExport = resourceExport(ratingDef, {
  name: 'export_rating',
  sheetName: 'Ratings',
  entries: RATING_ENTRIES,
  listQuery: ratingListQuery,
  columns: [
    { key: 'id', label: 'No.', format: 'number' },
    { key: 'consumer_name', label: 'Consumer' },
    { key: 'score', label: 'Score', format: 'number' },
    { key: 'comment', label: 'Comment' },
    { key: 'ticket_id', label: 'Ticket No.', format: 'number' },
    { key: 'chat_id', label: 'Chat No.', format: 'number' },
    { key: 'created_at', label: 'Created At (WIB)', format: 'datetime' },
  ],
});

/** Spec section 9 names the file 'Export Report Helpdesk.xlsx'. */
export const helpdeskReportExport = defineExport({
  name: 'export_report_helpdesk',
  sheetName: 'Helpdesk Report',
  entries: HELPDESK_REPORT_ENTRIES,
  listQuery: helpdeskReportQuery,
  fileName: (format) => `Export Report Helpdesk.${format}`,
  columns: [
    { key: 'store_code', label: 'Store Code' },
    { key: 'store_name', label: 'Store' },
    { key: 'total', label: 'Tickets', format: 'number' },
    { key: 'unread', label: 'Unread', format: 'number' },
    { key: 'read', label: 'Read', format: 'number' },
    { key: 'unsolved', label: 'Unsolved', format: 'number' },
    { key: 'solved', label: 'Solved', format: 'number' },
    { key: 'avg_solve_hours', label: 'Average Hours to Solve', format: 'number' },
  ],
  source: (q) => ({ select: HELPDESK_REPORT_SELECT, from: helpdeskReportFrom(q), where: [], keys: [helpdeskReportSort(q), 'r.id'], dir: q.sort_dir }),
});

export const HELPDESK_EXPORTS: readonly ModuleExport[] = [
  { def: ticketExport, endpoint: helpdeskExportsApi.tickets },
  { def: ratingExport, endpoint: helpdeskExportsApi.ratings },
  // The report reads the reports database, as its screen does.
  ...reportExports([{ def: helpdeskReportExport, endpoint: helpdeskExportsApi.report }]),
];
