import type { DomainModule, ModuleContext } from '../../platform/module.ts';
import { SlidingWindowLimiter } from '../../platform/rate-limiter.ts';
import { ChatEvents } from './chat-events.ts';
import { ChatService } from './chat.service.ts';
import { FaqService } from './faq.resource.ts';
import { HelpdeskReportService } from './helpdesk-report.service.ts';
import { sessionCookieOf } from '../../config.ts';
import { LiveStreams } from '../../platform/live-streams.ts';
import type { HelpdeskDeps, HelpdeskServices } from './helpdesk.deps.ts';
import { HELPDESK_EXPORTS } from './helpdesk.exports.ts';
import { HELPDESK_IMPORTS } from './helpdesk.imports.ts';
import { registerHelpdeskRoutes } from './helpdesk.routes.ts';
import { messageTemplateService } from './message-template.resource.ts';
import { ratingService } from './rating.resource.ts';
import { TicketService } from './ticket.resource.ts';

/** cms Consumer group: help center (tickets), FAQ, message templates, ratings, live chat and its report; the consumer app's API. */
export function helpdeskModule(ctx: ModuleContext, deps: HelpdeskDeps): DomainModule {
  const { db, clock, mailer, config } = ctx;
  const chats = new ChatService(db);
  const events = new ChatEvents(ctx.notifications, chats, deps.logger);
  const services: HelpdeskServices = {
    tickets: new TicketService(db),
    faqs: new FaqService(db),
    templates: messageTemplateService(db),
    ratings: ratingService(db),
    chats,
    events,
    consumerAuth: ctx.consumerAuth,
    // The report reads the reports database (REPORTS_DATABASE_URL's replica, or the main one).
    report: new HelpdeskReportService(ctx.reports.db),
  };
  const appSignInLimiter = new SlidingWindowLimiter(config.AUTH_RATE_LIMIT, config.AUTH_RATE_WINDOW_SECONDS * 1000, clock);
  const live = new LiveStreams(deps.sessions, {
    heartbeatMs: config.LIVE_HEARTBEAT_MS,
    perUser: config.LIVE_STREAMS_PER_USER,
    cookieName: sessionCookieOf(config),
  });
  ctx.metrics.trackStreams('chat', () => live.count());
  return {
    name: 'helpdesk',
    register: (app) => {
      registerHelpdeskRoutes(app, services, { clock, mailer, appSignInLimiter, live });
      let stopEvents: (() => Promise<void>) | undefined;
      app.addHook('onReady', async () => {
        stopEvents = await events.listen();
      });
      app.addHook('onClose', async () => {
        await stopEvents?.();
      });
    },
    exports: HELPDESK_EXPORTS,
    imports: HELPDESK_IMPORTS,
  };
}
