import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { appMessageBody, appMessagesQuery, appSession, appSignInBody, appTicketCreateBody, chatDetail, chatMessage, envelope, okEnvelope, ticketDetail } from '@portal/contract';
import type { Clock } from '../../platform/clock.ts';
import type { SlidingWindowLimiter } from '../../platform/rate-limiter.ts';
import { appConsumer } from './consumer-auth.service.ts';
import type { HelpdeskServices } from './helpdesk.deps.ts';

/**
 * The consumer app's side of the help desk under `/api/v1/app/`. For the staff access guard these routes are public
 * (no staff session is asked for); each one but sign-in has the consumer-token guard of its own, so no staff token opens
 * them and no consumer token opens a staff route.
 */
export function registerAppRoutes(app: FastifyInstance, s: HelpdeskServices, clock: Clock, signInLimiter: SlidingWindowLimiter): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const consumerOnly = { config: { permission: 'public' as const }, onRequest: s.consumerAuth.guard };

  r.post('/api/v1/app/auth/sign-in', {
    config: { permission: 'public' },
    // Counted per address before the body is read, like the staff sign-in (429 once the budget is spent).
    onRequest: async (req) => signInLimiter.hit(req.ip),
    schema: { tags: ['consumer app'], summary: 'A consumer signs in with phone and password and gets a consumer token (Bearer)', body: appSignInBody, response: { 200: envelope(appSession) } },
    handler: async (req) => ({ message: 'Login Success', data: await s.consumerAuth.signIn(req.body.phone, req.body.password) }),
  });
  r.delete('/api/v1/app/auth/sign-out', {
    ...consumerOnly,
    schema: { tags: ['consumer app'], summary: 'Ends the consumer token', response: { 200: okEnvelope } },
    handler: async (req) => {
      await s.consumerAuth.signOut((req.headers.authorization ?? '').slice(7).trim());
      return { message: 'Logout Success', data: null };
    },
  });
  r.post('/api/v1/app/chat', {
    ...consumerOnly,
    schema: { tags: ['consumer app'], summary: 'Opens (or returns) the consumer’s chat with its messages', response: { 200: envelope(chatDetail) } },
    handler: async (req) => ({ message: 'Success', data: await s.chats.openFor(appConsumer(req).consumerId, clock.now()) }),
  });
  r.get('/api/v1/app/chat/messages', {
    ...consumerOnly,
    schema: { tags: ['consumer app'], summary: 'The consumer’s chat messages after a message id (0: all)', querystring: appMessagesQuery, response: { 200: envelope(z.array(chatMessage)) } },
    handler: async (req) => {
      const chat = await s.chats.openFor(appConsumer(req).consumerId, clock.now());
      return { message: 'Success', data: await s.chats.messages(chat.id, req.query.after_id ?? 0) };
    },
  });
  r.post('/api/v1/app/chat/messages', {
    ...consumerOnly,
    schema: { tags: ['consumer app'], summary: 'The consumer writes in the chat; agents see it live', body: appMessageBody, response: { 200: envelope(chatMessage) } },
    handler: async (req) => ({ message: 'Success', data: await s.chats.consumerWrites(appConsumer(req).consumerId, req.body.message, clock.now()) }),
  });
  r.post('/api/v1/app/tickets', {
    ...consumerOnly,
    schema: { tags: ['consumer app'], summary: 'The consumer creates a help-center ticket', body: appTicketCreateBody, response: { 200: envelope(ticketDetail) } },
    handler: async (req) => {
      const c = appConsumer(req);
      return { message: 'Success', data: await s.tickets.open({ ...req.body, consumer_id: c.consumerId }, { actor: null, ip: req.ip, now: clock.now() }, { kind: 'consumer' }) };
    },
  });
}
