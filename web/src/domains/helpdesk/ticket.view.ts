import { consumersApi, helpdeskExportsApi, TICKET_STATUS, ticketAllows, ticketCreateBody, ticketListQuery, ticketsApi, type TicketDetail, type TicketRow } from '@portal/contract';
import { z } from 'zod';
import { call } from '../../lib/call.ts';
import { enumOptions, remoteOptions } from '../../ui/options.ts';
import { pickedId, remoteSelect } from '../../ui/RemoteSelect.tsx';
import { defineResource } from '../../ui/resource.ts';
import { TicketConversation } from './TicketConversation.tsx';
import { TicketActions } from './TicketActions.tsx';

const idName = z.object({ id: z.number(), name: z.string() });
export const ticketCategoryOptions = remoteOptions('ticket', ticketsApi.categoryOptions, idName, (c) => ({ value: c.id, label: c.name }));
export const assigneeOptions = remoteOptions('ticket', ticketsApi.assigneeOptions, z.object({ id: z.number(), name: z.string(), username: z.string() }), (u) => ({ value: u.id, label: `${u.name} (${u.username})` }), {
  searchable: true,
});
const consumerPicker = remoteSelect({
  resource: 'consumer',
  endpoint: consumersApi.list,
  row: z.object({ id: z.number(), name: z.string(), phone: z.string() }),
  toOption: (c) => ({ value: c.id, label: `${c.name} · ${c.phone}` }),
  placeholder: 'Search consumer name, phone or card',
});

/** cms Consumer › Help Center: the consumers' tickets with their conversation, assignee and status. */
export const ticketView = defineResource<TicketRow, TicketDetail>({
  name: 'ticket',
  i18n: 'helpdesk.ticket',
  title: 'Ticket',
  entries: ['cms.help-center'],
  listQuery: ticketListQuery,
  api: ticketsApi,
  export: helpdeskExportsApi.tickets,
  search: 'Search subject or ticket number',
  filters: [
    { kind: 'dateRange', from: 'created_at_from', to: 'created_at_to', label: 'Created' },
    { kind: 'select', key: 'status', label: 'Status', options: enumOptions(TICKET_STATUS), width: 140 },
    { kind: 'select', key: 'category_id', label: 'Category', options: ticketCategoryOptions, width: 180 },
    { kind: 'select', key: 'assign_to_user_id', label: 'Assignee', options: assigneeOptions, width: 200 },
  ],
  columns: [
    { key: 'id', label: 'No.', width: 80, link: true },
    { key: 'subject', label: 'Subject', link: true },
    { key: 'consumer_name', label: 'Consumer' },
    { key: 'category_name', label: 'Category' },
    { key: 'store_name', label: 'Store', defaultHidden: true },
    { key: 'assignee_name', label: 'Assignee' },
    { key: 'status', label: 'Status', kind: 'status', enum: TICKET_STATUS, width: 110, sortable: true },
    { key: 'message_count', label: 'Messages', kind: 'number', width: 100, defaultHidden: true },
    { key: 'last_message_at', label: 'Last Message', kind: 'date', sortable: true },
    { key: 'created_at', label: 'Created At', kind: 'date', sortable: true },
  ],
  form: {
    create: ticketCreateBody,
    fields: [
      { name: 'consumer_id', label: 'Consumer', input: 'custom', component: consumerPicker, wide: false },
      { name: 'category_id', label: 'Category', input: 'select', options: ticketCategoryOptions },
      { name: 'subject', label: 'Subject', input: 'text', placeholder: 'e.g. Stamp not credited after shopping' },
      { name: 'message', label: 'Message', input: 'textarea', help: 'What the consumer reported, in their words.' },
    ],
    toBody: (v) => ({ ...v, consumer_id: pickedId(v.consumer_id) }),
  },
  detail: [
    {
      key: 'general',
      title: 'Ticket',
      items: [
        { key: 'id', label: 'No.' },
        { key: 'subject', label: 'Subject' },
        { key: 'status', label: 'Status', kind: 'status', enum: TICKET_STATUS },
        { key: 'consumer_name', label: 'Consumer' },
        { key: 'category_name', label: 'Category' },
        { key: 'store_name', label: 'Store' },
        { key: 'assignee_name', label: 'Assignee' },
        { key: 'created_at', label: 'Created At', kind: 'date' },
        { key: 'solved_at', label: 'Solved At', kind: 'date' },
        { key: 'updated_by_name', label: 'Updated By' },
      ],
    },
    { key: 'conversation', title: 'Conversation', component: TicketConversation },
  ],
  detailActions: TicketActions,
  bulkActions: [
    {
      key: 'close',
      label: 'Close as Solved',
      action: 'edit',
      eligible: (t) => ticketAllows('close', t.status),
      confirm: 'Close {{count}} tickets as Solved?',
      run: (rows) => call(ticketsApi.bulkClose, { body: { items: rows.map((t) => ({ id: t.id, version: t.version })) } }),
    },
  ],
  rowTitle: (t) => `#${t.id} ${t.subject}`,
});
