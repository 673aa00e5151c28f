import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CHATLIVE_ENTRIES,
  FAQ_ENTRIES,
  HELP_CENTER_ENTRIES,
  HELPDESK_REPORT_ENTRIES,
  helpdeskReportQuery,
  helpdeskSummary,
  helpdeskSummaryQuery,
  helpdeskReportRow,
  listEnvelope,
  MESSAGE_TEMPLATE_ENTRIES,
  RATING_ENTRIES,
  assigneeOption,
  assigneeOptionsQuery,
  chatDetail,
  chatEventsQuery,
  chatListQuery,
  chatMessage,
  chatReplyBody,
  chatRow,
  chatUnread,
  envelope,
  faqCreateBody,
  faqListQuery,
  faqPositionsBody,
  faqRow,
  faqUpdateBody,
  idParam,
  messageTemplateListQuery,
  messageTemplateRow,
  messageTemplateUpdateBody,
  ratingListQuery,
  ratingRow,
  ticketAssignBody,
  ticketBulkCloseBody,
  ticketCloseBody,
  ticketCreateBody,
  ticketDetail,
  ticketListQuery,
  ticketReplyBody,
  ticketRow,
  ticketShareBody,
  okEnvelope,
  type ChatEvent,
} from '@portal/contract';
import { auditContext, registerResourceRoutes } from '../../platform/crud/index.ts';
import { actorOf } from '../../platform/access-guard.ts';
import type { HelpdeskRouteDeps, HelpdeskServices } from './helpdesk.deps.ts';
import { registerAppRoutes } from './app.routes.ts';

const perm = (entries: readonly string[], action: 'view' | 'create' | 'edit' | 'delete' | 'export') => ({ permission: { entries, action } });
/** Server-sent events keep the connection alive with a comment line this often (proxies drop silent connections). */
const HEARTBEAT_MS = 25_000;

/** cms Consumer group: help center (tickets), FAQ, message templates, ratings, live chat; and the consumer app's API. */
export function registerHelpdeskRoutes(app: FastifyInstance, s: HelpdeskServices, { clock, mailer, appSignInLimiter }: HelpdeskRouteDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Open event streams end when the app closes, so shutdown does not wait on agents' browsers.
  const streams = new Set<ServerResponse>();
  app.addHook('preClose', async () => {
    for (const raw of streams) raw.end();
  });

  // Tickets. Static paths before `/:id`.
  r.get('/api/v1/tickets/assignee-options', {
    config: perm(HELP_CENTER_ENTRIES, 'view'),
    schema: { tags: ['help center'], summary: 'Users who may be given tickets (Help Center edit), searched on the server, up to 1000', querystring: assigneeOptionsQuery, response: { 200: envelope(z.array(assigneeOption)) } },
    handler: async (req) => ({ message: 'Success', data: await s.tickets.assigneeOptions(req.query.search, req.query.limit) }),
  });
  r.get('/api/v1/tickets/category-options', {
    config: perm(HELP_CENTER_ENTRIES, 'view'),
    schema: { tags: ['help center'], summary: 'Active ticket categories for the help center’s filter and form (agents need not hold the master-data entry)', response: { 200: envelope(z.array(z.object({ id: z.number().int(), name: z.string() }))) } },
    handler: async () => ({ message: 'Success', data: await s.tickets.categoryOptions() }),
  });
  r.post('/api/v1/tickets/bulk/close', {
    config: perm(HELP_CENTER_ENTRIES, 'edit'),
    schema: { tags: ['help center'], summary: 'Close several tickets as Solved: all or none (409 naming the ticket that cannot be closed)', body: ticketBulkCloseBody, response: { 200: envelope(z.array(ticketDetail)) } },
    handler: async (req) => ({ message: 'Success', data: await s.tickets.bulkClose(req.body, auditContext(req, clock)) }),
  });
  r.post('/api/v1/tickets', {
    config: perm(HELP_CENTER_ENTRIES, 'create'),
    schema: { tags: ['help center'], summary: 'Create a ticket on a consumer’s behalf, with its first message', body: ticketCreateBody, response: { 200: envelope(ticketDetail) } },
    handler: async (req) => ({ message: 'Success', data: await s.tickets.open(req.body, auditContext(req, clock), { kind: 'staff', userId: actorOf(req).userId }) }),
  });
  r.post('/api/v1/tickets/:id/reply', {
    config: perm(HELP_CENTER_ENTRIES, 'edit'),
    schema: { tags: ['help center'], summary: 'Answer a ticket (it becomes Unsolved); 409 when Solved or stale', params: idParam, body: ticketReplyBody, response: { 200: envelope(ticketDetail) } },
    handler: async (req) => ({ message: 'Success', data: await s.tickets.reply(req.params.id, req.body, auditContext(req, clock)) }),
  });
  r.post('/api/v1/tickets/:id/assign', {
    config: perm(HELP_CENTER_ENTRIES, 'edit'),
    schema: { tags: ['help center'], summary: 'Assign a ticket to a user; 409 when Solved or stale', params: idParam, body: ticketAssignBody, response: { 200: envelope(ticketDetail) } },
    handler: async (req) => ({ message: 'Success', data: await s.tickets.assign(req.params.id, req.body, auditContext(req, clock)) }),
  });
  r.post('/api/v1/tickets/:id/close', {
    config: perm(HELP_CENTER_ENTRIES, 'edit'),
    schema: { tags: ['help center'], summary: 'Close a ticket as Solved; 409 when already Solved or stale', params: idParam, body: ticketCloseBody, response: { 200: envelope(ticketDetail) } },
    handler: async (req) => ({ message: 'Success', data: await s.tickets.close(req.params.id, req.body.version, auditContext(req, clock)) }),
  });
  r.post('/api/v1/tickets/:id/share', {
    config: perm(HELP_CENTER_ENTRIES, 'export'),
    schema: { tags: ['help center'], summary: 'E-mail the ticket and its conversation to an address (Help Center export right: the data leaves the portal)', params: idParam, body: ticketShareBody, response: { 200: okEnvelope } },
    handler: async (req) => {
      await s.tickets.share(req.params.id, req.body, auditContext(req, clock), mailer);
      return { message: 'Success', data: null };
    },
  });
  r.post('/api/v1/tickets/:id/read', {
    config: perm(HELP_CENTER_ENTRIES, 'edit'),
    schema: { tags: ['help center'], summary: 'An agent opened the ticket: Unread becomes Read', params: idParam, response: { 200: envelope(ticketDetail) } },
    handler: async (req) => ({ message: 'Success', data: await s.tickets.markRead(req.params.id, auditContext(req, clock)) }),
  });
  registerResourceRoutes(app, s.tickets, clock, { path: '/api/v1/tickets', entries: HELP_CENTER_ENTRIES, tags: ['help center'], row: ticketRow, detail: ticketDetail, listQuery: ticketListQuery });

  // FAQ with drag ordering.
  r.put('/api/v1/faqs/positions', {
    config: perm(FAQ_ENTRIES, 'edit'),
    schema: { tags: ['faq'], summary: 'Save the FAQ order as dragged: every FAQ id in its new order (409 when the list changed)', body: faqPositionsBody, response: { 200: envelope(z.array(z.object({ id: z.number().int(), position: z.number().int() }))) } },
    handler: async (req) => ({ message: 'Edit Data Successful', data: await s.faqs.savePositions(req.body.ids, auditContext(req, clock)) }),
  });
  registerResourceRoutes(app, s.faqs, clock, { path: '/api/v1/faqs', entries: FAQ_ENTRIES, tags: ['faq'], row: faqRow, listQuery: faqListQuery, create: faqCreateBody, update: faqUpdateBody, remove: true });

  registerResourceRoutes(app, s.templates, clock, { path: '/api/v1/message-templates', entries: MESSAGE_TEMPLATE_ENTRIES, viewEntries: CHATLIVE_ENTRIES, tags: ['message templates'], row: messageTemplateRow, listQuery: messageTemplateListQuery, update: messageTemplateUpdateBody });
  registerResourceRoutes(app, s.ratings, clock, { path: '/api/v1/ratings', entries: RATING_ENTRIES, tags: ['ratings'], row: ratingRow, listQuery: ratingListQuery });

  // Live chat.
  r.get('/api/v1/chats/unread', {
    config: perm(CHATLIVE_ENTRIES, 'view'),
    schema: { tags: ['chat live'], summary: 'How many chats are Unread (status 1): the menu badge', response: { 200: envelope(chatUnread) } },
    handler: async () => ({ message: 'Success', data: { unread: await s.chats.unreadCount() } }),
  });
  r.get('/api/v1/chats/events', {
    config: perm(CHATLIVE_ENTRIES, 'view'),
    schema: {
      tags: ['chat live'],
      summary: 'Server-sent events: `unread` {unread} at once and whenever it moves, `message` {chat_id, message} for every new message. `once=true` sends the current state and ends.',
      querystring: chatEventsQuery,
    },
    handler: async (req, reply) => {
      const send = (event: ChatEvent) => reply.raw.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
      const unread = await s.chats.unreadCount();
      reply.hijack();
      reply.raw.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', connection: 'keep-alive', 'x-accel-buffering': 'no' });
      reply.raw.write('retry: 3000\n\n');
      send({ type: 'unread', unread });
      if (req.query.once) {
        reply.raw.end();
        return;
      }
      const unsubscribe = s.events.subscribe(send);
      const heartbeat = setInterval(() => reply.raw.write(': ping\n\n'), HEARTBEAT_MS);
      streams.add(reply.raw);
      const stop = () => {
        clearInterval(heartbeat);
        unsubscribe();
        streams.delete(reply.raw);
      };
      req.raw.on('close', stop);
      reply.raw.on('close', stop);
    },
  });
  r.get('/api/v1/chats/:id/messages', {
    config: perm(CHATLIVE_ENTRIES, 'view'),
    schema: { tags: ['chat live'], summary: 'Messages of a chat after a message id (for catching up after a reconnect)', params: idParam, querystring: z.object({ after_id: z.coerce.number().int().min(0).default(0) }).strict(), response: { 200: envelope(z.array(chatMessage)) } },
    handler: async (req) => {
      await s.chats.get(req.params.id);
      return { message: 'Success', data: await s.chats.messages(req.params.id, req.query.after_id) };
    },
  });
  r.post('/api/v1/chats/:id/read', {
    config: perm(CHATLIVE_ENTRIES, 'edit'),
    schema: { tags: ['chat live'], summary: 'An agent opened the chat: Unread becomes Read and the badge falls', params: idParam, response: { 200: envelope(chatDetail) } },
    handler: async (req) => ({ message: 'Success', data: await s.chats.markRead(req.params.id, auditContext(req, clock)) }),
  });
  r.post('/api/v1/chats/:id/reply', {
    config: perm(CHATLIVE_ENTRIES, 'edit'),
    schema: { tags: ['chat live'], summary: 'Answer a chat with a text or a message template (template_id)', params: idParam, body: chatReplyBody, response: { 200: envelope(chatMessage) } },
    handler: async (req) => ({ message: 'Success', data: await s.chats.reply(req.params.id, req.body, auditContext(req, clock)) }),
  });
  registerResourceRoutes(app, s.chats, clock, { path: '/api/v1/chats', entries: CHATLIVE_ENTRIES, tags: ['chat live'], row: chatRow, detail: chatDetail, listQuery: chatListQuery });

  r.get('/api/v1/report-helpdesk/summary', {
    config: perm(HELPDESK_REPORT_ENTRIES, 'view'),
    schema: { tags: ['help center'], summary: 'Helpdesk summary: tickets by status and by category, mean hours to solve, with the report’s filters', querystring: helpdeskSummaryQuery, response: { 200: envelope(helpdeskSummary) } },
    handler: async (req) => ({ message: 'Success', data: await s.report.summary(req.query) }),
  });
  r.get('/api/v1/report-helpdesk', {
    config: perm(HELPDESK_REPORT_ENTRIES, 'view'),
    schema: { tags: ['help center'], summary: 'Helpdesk report: tickets per store by status in a created range (Asia/Jakarta days)', querystring: helpdeskReportQuery, response: { 200: listEnvelope(helpdeskReportRow) } },
    handler: async (req) => ({ message: 'Success', data: await s.report.list(req.query) }),
  });

  registerAppRoutes(app, s, clock, appSignInLimiter);
}
