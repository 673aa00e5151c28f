import type { Clock } from '../../platform/clock.ts';
import type { LiveStreams, StreamSessions } from '../../platform/live-streams.ts';
import type { Mailer } from '../../platform/mail.ts';
import type { SlidingWindowLimiter } from '../../platform/rate-limiter.ts';
import type { ChatEvents, ChatEventsLogger } from './chat-events.ts';
import type { ChatService } from './chat.service.ts';
import type { ConsumerAuthService } from '../../platform/consumer-auth.ts';
import type { FaqService } from './faq.resource.ts';
import type { HelpdeskReportService } from './helpdesk-report.service.ts';
import type { messageTemplateService } from './message-template.resource.ts';
import type { ratingService } from './rating.resource.ts';
import type { TicketService } from './ticket.resource.ts';

/** The help desk's services: tickets, FAQ, templates, ratings, live chat and its events, the consumer app's sign-in, the report. */
export interface HelpdeskServices {
  tickets: TicketService;
  faqs: FaqService;
  templates: ReturnType<typeof messageTemplateService>;
  ratings: ReturnType<typeof ratingService>;
  chats: ChatService;
  events: ChatEvents;
  consumerAuth: ConsumerAuthService;
  report: HelpdeskReportService;
}

/** What the help desk's routes need besides its services. */
export interface HelpdeskRouteDeps {
  clock: Clock;
  mailer: Mailer;
  /** Consumer sign-in attempts per address, like the staff sign-in's. */
  appSignInLimiter: SlidingWindowLimiter;
  /** The chat event streams: re-checked at every heartbeat, capped per user. */
  live: LiveStreams;
}

/** What the help desk needs of another domain: the staff sessions, to end a chat stream with its session; the app's log. */
export interface HelpdeskDeps {
  sessions: StreamSessions;
  logger?: ChatEventsLogger;
}
