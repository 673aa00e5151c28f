import { z } from 'zod';
import type { Action } from '../access/types.ts';
import { endpoint, page, resourceApi } from '../common/endpoint.ts';
import { appMessageBody, appMessagesQuery, appSession, appSignInBody, appTicketCreateBody } from './app.schema.ts';
import { chatDetail, chatEventsQuery, chatListQuery, chatMessage, chatMessagesQuery, chatReplyBody, chatRow, chatUnread } from './chat.schema.ts';
import { faqCreateBody, faqListQuery, faqPositionsBody, faqRow, faqUpdateBody } from './faq.schema.ts';
import { CHATLIVE_ENTRIES, FAQ_ENTRIES, HELP_CENTER_ENTRIES, MESSAGE_TEMPLATE_ENTRIES, RATING_ENTRIES } from './helpdesk-enums.ts';
import { messageTemplateListQuery, messageTemplateRow, messageTemplateUpdateBody } from './message-template.schema.ts';
import { ratingListQuery, ratingRow } from './rating.schema.ts';
import { HELPDESK_REPORT_ENTRIES, helpdeskReportQuery, helpdeskReportRow, helpdeskSummary, helpdeskSummaryQuery } from './report.schema.ts';
import {
  assigneeOption,
  assigneeOptionsQuery,
  ticketAssignBody,
  ticketBulkCloseBody,
  ticketCategoryOption,
  ticketCloseBody,
  ticketCreateBody,
  ticketDetail,
  ticketListQuery,
  ticketReplyBody,
  ticketRow,
  ticketShareBody,
} from './ticket.schema.ts';

const helpCenter = (action: Action) => ({ entries: HELP_CENTER_ENTRIES, action });
const chatLive = (action: Action) => ({ entries: CHATLIVE_ENTRIES, action });
const HELP_CENTER_TAG = 'help center';
const CHAT_TAG = 'chat live';

/** cms Consumer › Help Center: the consumers' tickets, their conversation, assignee and status. */
export const ticketsApi = {
  ...resourceApi({ name: 'tickets', path: 'tickets', tag: HELP_CENTER_TAG, label: 'ticket', entries: HELP_CENTER_ENTRIES, row: ticketRow, detail: ticketDetail, listQuery: ticketListQuery }),
  create: endpoint({
    id: 'tickets.create',
    method: 'POST',
    path: 'tickets',
    tag: HELP_CENTER_TAG,
    summary: 'Create a ticket on a consumer’s behalf, with its first message',
    access: helpCenter('create'),
    body: ticketCreateBody,
    data: ticketDetail,
  }),
  assigneeOptions: endpoint({
    id: 'tickets.assignee-options',
    method: 'GET',
    path: 'tickets/assignee-options',
    tag: HELP_CENTER_TAG,
    summary: 'Users who may be given tickets (Help Center edit), searched on the server, up to 1000',
    access: helpCenter('view'),
    query: assigneeOptionsQuery,
    data: z.array(assigneeOption),
  }),
  categoryOptions: endpoint({
    id: 'tickets.category-options',
    method: 'GET',
    path: 'tickets/category-options',
    tag: HELP_CENTER_TAG,
    summary: 'Active ticket categories for the help center’s filter and form (agents need not hold the master-data entry)',
    access: helpCenter('view'),
    data: z.array(ticketCategoryOption),
  }),
  bulkClose: endpoint({
    id: 'tickets.bulk-close',
    method: 'POST',
    path: 'tickets/bulk/close',
    tag: HELP_CENTER_TAG,
    summary: 'Close several tickets as Solved: all or none (409 naming the ticket that cannot be closed)',
    access: helpCenter('edit'),
    body: ticketBulkCloseBody,
    data: z.array(ticketDetail),
    errors: [409],
  }),
  reply: endpoint({
    id: 'tickets.reply',
    method: 'POST',
    path: 'tickets/:id/reply',
    tag: HELP_CENTER_TAG,
    summary: 'Answer a ticket (it becomes Unsolved); 409 when Solved or stale',
    access: helpCenter('edit'),
    body: ticketReplyBody,
    data: ticketDetail,
  }),
  assign: endpoint({
    id: 'tickets.assign',
    method: 'POST',
    path: 'tickets/:id/assign',
    tag: HELP_CENTER_TAG,
    summary: 'Assign a ticket to a user; 409 when Solved or stale',
    access: helpCenter('edit'),
    body: ticketAssignBody,
    data: ticketDetail,
  }),
  close: endpoint({
    id: 'tickets.close',
    method: 'POST',
    path: 'tickets/:id/close',
    tag: HELP_CENTER_TAG,
    summary: 'Close a ticket as Solved; 409 when already Solved or stale',
    access: helpCenter('edit'),
    body: ticketCloseBody,
    data: ticketDetail,
  }),
  share: endpoint({
    id: 'tickets.share',
    method: 'POST',
    path: 'tickets/:id/share',
    tag: HELP_CENTER_TAG,
    summary: 'E-mail the ticket and its conversation to an address (Help Center export right: the data leaves the portal)',
    access: helpCenter('export'),
    body: ticketShareBody,
    data: z.null(),
  }),
  read: endpoint({
    id: 'tickets.read',
    method: 'POST',
    path: 'tickets/:id/read',
    tag: HELP_CENTER_TAG,
    summary: 'An agent opened the ticket: Unread becomes Read',
    access: helpCenter('edit'),
    data: ticketDetail,
  }),
};

/** cms Consumer › FAQ, in the order set by dragging. */
export const faqsApi = {
  ...resourceApi({
    name: 'faqs',
    path: 'faqs',
    tag: 'faq',
    label: 'faq',
    entries: FAQ_ENTRIES,
    row: faqRow,
    listQuery: faqListQuery,
    create: faqCreateBody,
    update: faqUpdateBody,
    remove: true,
  }),
  positions: endpoint({
    id: 'faqs.positions',
    method: 'PUT',
    path: 'faqs/positions',
    tag: 'faq',
    summary: 'Save the FAQ order as dragged: every FAQ id in its new order (409 when the list changed)',
    access: { entries: FAQ_ENTRIES, action: 'edit' },
    body: faqPositionsBody,
    data: z.array(z.object({ id: z.number().int(), position: z.number().int() })),
    errors: [409],
  }),
};

/** cms Consumer › Message Template: reusable replies, which agents of Chat Live read to insert. */
export const messageTemplatesApi = resourceApi({
  name: 'message-templates',
  path: 'message-templates',
  tag: 'message templates',
  label: 'message template',
  entries: MESSAGE_TEMPLATE_ENTRIES,
  viewEntries: CHATLIVE_ENTRIES,
  row: messageTemplateRow,
  listQuery: messageTemplateListQuery,
  update: messageTemplateUpdateBody,
});

/** cms Consumer › Rating (read only). */
export const ratingsApi = resourceApi({ name: 'ratings', path: 'ratings', tag: 'ratings', label: 'rating', entries: RATING_ENTRIES, row: ratingRow, listQuery: ratingListQuery });

/** cms Consumer › Chat Live: one conversation per consumer, live over server-sent events. */
export const chatsApi = {
  ...resourceApi({ name: 'chats', path: 'chats', tag: CHAT_TAG, label: 'chat', entries: CHATLIVE_ENTRIES, row: chatRow, detail: chatDetail, listQuery: chatListQuery }),
  unread: endpoint({
    id: 'chats.unread',
    method: 'GET',
    path: 'chats/unread',
    tag: CHAT_TAG,
    summary: 'How many chats are Unread (status 1): the menu badge',
    access: chatLive('view'),
    data: chatUnread,
  }),
  events: endpoint({
    id: 'chats.events',
    method: 'GET',
    path: 'chats/events',
    tag: CHAT_TAG,
    summary:
      'Server-sent events: `unread` {unread} at once and whenever it moves, `message` {chat_id, message} for every new message. `once=true` sends the current state and ends.',
    access: chatLive('view'),
    query: chatEventsQuery,
    data: 'stream',
  }),
  messages: endpoint({
    id: 'chats.messages',
    method: 'GET',
    path: 'chats/:id/messages',
    tag: CHAT_TAG,
    summary: 'Messages of a chat after a message id (for catching up after a reconnect)',
    access: chatLive('view'),
    query: chatMessagesQuery,
    data: z.array(chatMessage),
  }),
  read: endpoint({
    id: 'chats.read',
    method: 'POST',
    path: 'chats/:id/read',
    tag: CHAT_TAG,
    summary: 'An agent opened the chat: Unread becomes Read and the badge falls',
    access: chatLive('edit'),
    data: chatDetail,
  }),
  reply: endpoint({
    id: 'chats.reply',
    method: 'POST',
    path: 'chats/:id/reply',
    tag: CHAT_TAG,
    summary: 'Answer a chat with a text or a message template (template_id)',
    access: chatLive('edit'),
    body: chatReplyBody,
    data: chatMessage,
  }),
};

/** pandora Helpdesk Report: tickets per store by status, and its summary. */
export const helpdeskReportApi = {
  list: endpoint({
    id: 'report-helpdesk.list',
    method: 'GET',
    path: 'report-helpdesk',
    tag: HELP_CENTER_TAG,
    summary: 'Helpdesk report: tickets per store by status in a created range (Asia/Jakarta days)',
    access: { entries: HELPDESK_REPORT_ENTRIES, action: 'view' },
    query: helpdeskReportQuery,
    data: page(helpdeskReportRow),
  }),
  summary: endpoint({
    id: 'report-helpdesk.summary',
    method: 'GET',
    path: 'report-helpdesk/summary',
    tag: HELP_CENTER_TAG,
    summary: 'Helpdesk summary: tickets by status and by category, mean hours to solve, with the report’s filters',
    access: { entries: HELPDESK_REPORT_ENTRIES, action: 'view' },
    query: helpdeskSummaryQuery,
    data: helpdeskSummary,
  }),
};

/**
 * The consumer app's side of the help desk under `app/`. For the staff access guard these are public (no staff session
 * is asked for); each one but sign-in checks a consumer token of its own (401 without one), so no staff token opens them
 * and no consumer token opens a staff route.
 */
const APP_TAG = 'consumer app';
/** The consumer token is missing, unknown or ended. */
const consumerToken = [401] as const;
export const appApi = {
  signIn: endpoint({
    id: 'app-auth.sign-in',
    method: 'POST',
    path: 'app/auth/sign-in',
    tag: APP_TAG,
    summary: 'A consumer signs in with phone and password and gets a consumer token (Bearer)',
    access: 'public',
    body: appSignInBody,
    data: appSession,
    // 401 a wrong phone or password (or an inactive consumer), 429 too many tries from the address.
    errors: [401, 429],
  }),
  signOut: endpoint({ id: 'app-auth.sign-out', method: 'DELETE', path: 'app/auth/sign-out', tag: APP_TAG, summary: 'Ends the consumer token', access: 'public', data: z.null(), errors: consumerToken }),
  openChat: endpoint({
    id: 'app-chat.open',
    method: 'POST',
    path: 'app/chat',
    tag: APP_TAG,
    summary: 'Opens (or returns) the consumer’s chat with its messages',
    access: 'public',
    data: chatDetail,
    errors: consumerToken,
  }),
  chatMessages: endpoint({
    id: 'app-chat.messages',
    method: 'GET',
    path: 'app/chat/messages',
    tag: APP_TAG,
    summary: 'The consumer’s chat messages after a message id (0: all)',
    access: 'public',
    query: appMessagesQuery,
    data: z.array(chatMessage),
    errors: consumerToken,
  }),
  writeMessage: endpoint({
    id: 'app-chat.write',
    method: 'POST',
    path: 'app/chat/messages',
    tag: APP_TAG,
    summary: 'The consumer writes in the chat; agents see it live',
    access: 'public',
    body: appMessageBody,
    data: chatMessage,
    errors: consumerToken,
  }),
  createTicket: endpoint({
    id: 'app-tickets.create',
    method: 'POST',
    path: 'app/tickets',
    tag: APP_TAG,
    summary: 'The consumer creates a help-center ticket',
    access: 'public',
    body: appTicketCreateBody,
    data: ticketDetail,
    errors: consumerToken,
  }),
};

export const helpdeskApi = { ticketsApi, faqsApi, messageTemplatesApi, ratingsApi, chatsApi, helpdeskReportApi, appApi };
