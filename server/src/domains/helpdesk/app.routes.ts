import type { FastifyInstance } from 'fastify';
import { appApi } from '@portal/contract';
import type { Clock } from '../../platform/clock.ts';
import { addressKey, type SlidingWindowLimiter } from '../../platform/rate-limiter.ts';
import { serve } from '../../platform/serve.ts';
import { appConsumer } from '../../platform/consumer-auth.ts';
import type { HelpdeskServices } from './helpdesk.deps.ts';

/**
 * The consumer app's side of the help desk under `/api/v1/app/`. For the staff access guard these routes are public
 * (no staff session is asked for); each one but sign-in has the consumer-token guard of its own, so no staff token opens
 * them and no consumer token opens a staff route.
 */
export function registerAppRoutes(app: FastifyInstance, s: HelpdeskServices, clock: Clock, signInLimiter: SlidingWindowLimiter): void {
  const consumerOnly = { onRequest: s.consumerAuth.guard };

  serve(
    app,
    appApi.signIn,
    async (req) => {
      // What the app says about itself, and the address, go to the consumer login log with the attempt.
      const { phone, password, device, platform, app_version } = req.body;
      return { message: 'Login Success', data: await s.consumerAuth.signIn(phone, password, { device, platform, app_version, ip: req.ip }) };
    },
    {
      // Counted per address before the body is read, like the staff sign-in (429 once the budget is spent).
      onRequest: async (req) => signInLimiter.hit(addressKey(req.ip)),
    },
  );
  serve(
    app,
    appApi.signOut,
    async (req) => {
      await s.consumerAuth.signOut((req.headers.authorization ?? '').slice(7).trim());
      return { message: 'Logout Success', data: null };
    },
    consumerOnly,
  );
  serve(app, appApi.openChat, async (req) => ({ message: 'Success', data: await s.chats.openFor(appConsumer(req).consumerId, clock.now()) }), consumerOnly);
  serve(
    app,
    appApi.chatMessages,
    async (req) => {
      const chat = await s.chats.openFor(appConsumer(req).consumerId, clock.now());
      return { message: 'Success', data: await s.chats.messages(chat.id, req.query.after_id ?? 0) };
    },
    consumerOnly,
  );
  serve(app, appApi.writeMessage, async (req) => ({ message: 'Success', data: await s.chats.consumerWrites(appConsumer(req).consumerId, req.body.message, clock.now()) }), consumerOnly);
  serve(
    app,
    appApi.createTicket,
    async (req) => {
      const c = appConsumer(req);
      return { message: 'Success', data: await s.tickets.open({ ...req.body, consumer_id: c.consumerId }, { actor: null, ip: req.ip, now: clock.now() }, { kind: 'consumer' }) };
    },
    consumerOnly,
  );
}
