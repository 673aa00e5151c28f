import { ACTIVE_STATUS, ticketCategoriesApi, ticketCategoryCreateBody, ticketCategoryListQuery, ticketCategoryUpdateBody, type TicketCategoryRow } from '@portal/contract';
import { enumOptions } from '../../ui/options.ts';
import { defineResource } from '../../ui/resource.ts';

/** cms Master Data › Ticket Category: the help-center's ticket categories with their answer time (SLA). */
export const ticketCategoryView = defineResource<TicketCategoryRow>({
  name: 'ticket-category',
  i18n: 'masterdata.ticketCategory',
  title: 'Ticket Category',
  entries: ['cms.ticket-category-management'],
  listQuery: ticketCategoryListQuery,
  api: ticketCategoriesApi,
  search: 'Search category name',
  filters: [{ kind: 'select', key: 'status', label: 'Status', options: enumOptions(ACTIVE_STATUS), width: 140 }],
  columns: [
    { key: 'position', label: 'Position', sortable: true, width: 100, kind: 'number' },
    { key: 'name', label: 'Category', sortable: true, link: true },
    { key: 'sla_hours', label: 'SLA (hours)', sortable: true, kind: 'number', width: 120 },
    { key: 'description', label: 'Description', defaultHidden: true },
    { key: 'status', label: 'Status', kind: 'status', enum: ACTIVE_STATUS, width: 110 },
    { key: 'updated_by_name', label: 'Updated By' },
    { key: 'updated_at', label: 'Updated At', kind: 'date', sortable: true },
  ],
  form: {
    create: ticketCategoryCreateBody,
    update: ticketCategoryUpdateBody,
    fields: [
      { name: 'name', label: 'Category Name', input: 'text', placeholder: 'e.g. Delivery' },
      { name: 'sla_hours', label: 'SLA (hours)', input: 'number', help: 'How long a ticket may wait for an answer: 1 to 720 hours.' },
      { name: 'position', label: 'Position', input: 'number', help: 'Order in the help center; leave empty to put it last.' },
      { name: 'status', label: 'Status', input: 'select', options: enumOptions(ACTIVE_STATUS) },
      { name: 'description', label: 'Description', input: 'textarea' },
    ],
    fromDetail: (c) => ({ name: c.name, sla_hours: c.sla_hours, position: c.position, status: c.status, description: c.description ?? '' }),
  },
  detail: [
    {
      key: 'general',
      title: 'Ticket Category',
      items: [
        { key: 'name', label: 'Category' },
        { key: 'sla_hours', label: 'SLA (hours)', kind: 'number' },
        { key: 'position', label: 'Position', kind: 'number' },
        { key: 'status', label: 'Status', kind: 'status', enum: ACTIVE_STATUS },
        { key: 'description', label: 'Description' },
        { key: 'updated_by_name', label: 'Updated By' },
        { key: 'updated_at', label: 'Updated At', kind: 'date' },
        { key: 'created_at', label: 'Created At', kind: 'date' },
      ],
    },
  ],
  rowTitle: (c) => c.name,
});
