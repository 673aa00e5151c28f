import { helpdeskReportApi, helpdeskReportQuery, type HelpdeskReportRow } from '@portal/contract';
import { defineResource } from '../../ui/resource.ts';
import { ticketCategoryOptions } from './ticket.view.ts';

/** pandora Helpdesk Report: tickets per store by status (rows are stores; "-" gathers tickets about no store). */
export const helpdeskReportView = defineResource<HelpdeskReportRow>({
  name: 'helpdesk-report',
  i18n: 'helpdesk.report',
  title: 'Helpdesk Report',
  entries: ['pandora.report-helpdesk'],
  listQuery: helpdeskReportQuery,
  // Rows are stores, with no record page (rowActions: false): `get` is never called, the list fills its slot.
  api: { list: helpdeskReportApi.list, get: helpdeskReportApi.list },
  export: 'report-helpdesk/export',
  filters: [
    { kind: 'dateRange', from: 'created_at_from', to: 'created_at_to', label: 'Created' },
    { kind: 'select', key: 'category_id', label: 'Category', options: ticketCategoryOptions, width: 200 },
  ],
  columns: [
    { key: 'store_code', label: 'Store Code', width: 120 },
    { key: 'store_name', label: 'Store', sortable: true },
    { key: 'total', label: 'Tickets', kind: 'number', sortable: true, width: 110 },
    { key: 'unread', label: 'Unread', kind: 'number', width: 100 },
    { key: 'read', label: 'Read', kind: 'number', width: 100 },
    { key: 'unsolved', label: 'Unsolved', kind: 'number', sortable: true, width: 110 },
    { key: 'solved', label: 'Solved', kind: 'number', sortable: true, width: 100 },
    { key: 'avg_solve_hours', label: 'Average Hours to Solve', kind: 'number', width: 200 },
  ],
  detail: [],
  rowActions: false,
  rowTitle: (r) => r.store_name ?? '-',
});
