import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { chatsApi, faqsApi, helpdeskReportApi, messageTemplatesApi, ratingsApi, ticketsApi, type ChatEvent } from '@portal/contract';
import { auditContext, registerResourceRoutes } from '../../platform/crud/index.ts';
import { actorOf } from '../../platform/access-guard.ts';
import { serve } from '../../platform/serve.ts';
import type { HelpdeskRouteDeps, HelpdeskServices } from './helpdesk.deps.ts';
import { registerAppRoutes } from './app.routes.ts';

/** Server-sent events keep the connection alive with a comment line this often (proxies drop silent connections). */
const HEARTBEAT_MS = 25_000;

/** cms Consumer group: help center (tickets), FAQ, message templates, ratings, live chat; and the consumer app's API. */
export function registerHelpdeskRoutes(app: FastifyInstance, s: HelpdeskServices, { clock, mailer, appSignInLimiter }: HelpdeskRouteDeps): void {
  // Open event streams end when the app closes, so shutdown does not wait on agents' browsers.
  const streams = new Set<ServerResponse>();
  app.addHook('preClose', async () => {
    for (const raw of streams) raw.end();
  });

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
  serve(app, chatsApi.events, async (req, reply) => {
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
