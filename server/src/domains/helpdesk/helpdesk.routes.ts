import type { FastifyInstance } from 'fastify';
import { chatsApi, faqsApi, helpdeskReportApi, messageTemplatesApi, ratingsApi, ticketsApi } from '@portal/contract';
import { auditContext, registerResourceRoutes } from '../../platform/crud/index.ts';
import { actorOf } from '../../platform/access-guard.ts';
import { serve } from '../../platform/serve.ts';
import type { HelpdeskRouteDeps, HelpdeskServices } from './helpdesk.deps.ts';
import { registerAppRoutes } from './app.routes.ts';

/** cms Consumer group: help center (tickets), FAQ, message templates, ratings, live chat; and the consumer app's API. */
export function registerHelpdeskRoutes(app: FastifyInstance, s: HelpdeskServices, { clock, mailer, appSignInLimiter, live }: HelpdeskRouteDeps): void {
  // Open event streams end when the app closes, so shutdown does not wait on agents' browsers.
  app.addHook('preClose', async () => live.closeAll());

  // Tickets.
  serve(app, ticketsApi.assigneeOptions, async (req) => ({ message: 'Success', data: await s.tickets.assigneeOptions(req.query.search, req.query.limit) }));
  serve(app, ticketsApi.categoryOptions, async () => ({ message: 'Success', data: await s.tickets.categoryOptions() }));
  serve(app, ticketsApi.bulkClose, async (req) => ({ message: 'Success', data: await s.tickets.bulkClose(req.body, auditContext(req, clock)) }));
  serve(app, ticketsApi.create, async (req) => ({
    message: 'Success',
    data: await s.tickets.open(req.body, auditContext(req, clock), { kind: 'staff', userId: actorOf(req).userId }),
  }));
  serve(app, ticketsApi.reply, async (req) => ({ message: 'Success', data: await s.tickets.reply(req.params.id, req.body, auditContext(req, clock)) }));
  serve(app, ticketsApi.assign, async (req) => ({ message: 'Success', data: await s.tickets.assign(req.params.id, req.body, auditContext(req, clock)) }));
  serve(app, ticketsApi.close, async (req) => ({ message: 'Success', data: await s.tickets.close(req.params.id, req.body.version, auditContext(req, clock)) }));
  serve(app, ticketsApi.share, async (req) => {
    await s.tickets.share(req.params.id, req.body, auditContext(req, clock), mailer);
    return { message: 'Success', data: null };
  });
  serve(app, ticketsApi.read, async (req) => ({ message: 'Success', data: await s.tickets.markRead(req.params.id, auditContext(req, clock)) }));
  // Create is the service's `open` above (the ticket's first message, its staff writer); the generic layer lists and reads.
  registerResourceRoutes(app, s.tickets, clock, { list: ticketsApi.list, get: ticketsApi.get });

  // FAQ with drag ordering.
  serve(app, faqsApi.positions, async (req) => ({ message: 'Edit Data Successful', data: await s.faqs.savePositions(req.body.ids, auditContext(req, clock)) }));
  registerResourceRoutes(app, s.faqs, clock, faqsApi);

  registerResourceRoutes(app, s.templates, clock, messageTemplatesApi);
  registerResourceRoutes(app, s.ratings, clock, ratingsApi);

  // Live chat.
  serve(app, chatsApi.unread, async () => ({ message: 'Success', data: { unread: await s.chats.unreadCount() } }));
  // Server-sent events: the heartbeat keeps proxies from dropping the connection and re-checks the session and the right.
  serve(app, chatsApi.events, async (req, reply) => {
    const unread = await s.chats.unreadCount();
    const stream = live.open(req, reply, { once: req.query.once === true });
    stream.send('unread', { type: 'unread', unread });
    if (req.query.once) return stream.end();
    stream.onEnd(s.events.subscribe((event) => stream.send(event.type, event)));
  });
  serve(app, chatsApi.messages, async (req) => {
    await s.chats.get(req.params.id);
    return { message: 'Success', data: await s.chats.messages(req.params.id, req.query.after_id) };
  });
  serve(app, chatsApi.read, async (req) => ({ message: 'Success', data: await s.chats.markRead(req.params.id, auditContext(req, clock)) }));
  serve(app, chatsApi.reply, async (req) => ({ message: 'Success', data: await s.chats.reply(req.params.id, req.body, auditContext(req, clock)) }));
  registerResourceRoutes(app, s.chats, clock, chatsApi);

  serve(app, helpdeskReportApi.summary, async (req) => ({ message: 'Success', data: await s.report.summary(req.query) }));
  serve(app, helpdeskReportApi.list, async (req) => ({ message: 'Success', data: await s.report.list(req.query) }));

  registerAppRoutes(app, s, clock, appSignInLimiter);
}
