import type { Clock } from '../../platform/clock.ts';
import type { PersonalDataAccessLog } from '../../platform/personal-data.ts';
import type { AssociateService } from './associate.resource.ts';
import type { ConsumerActionService } from './consumer-action.service.ts';
import type { ConsumerHistoryService } from './consumer-history.service.ts';
import type { ConsumerService } from './consumer.resource.ts';
import type { MemberService } from './member.resource.ts';

/** The consumer domain's services, built once by its module. */
export interface ConsumerServices {
  consumers: ConsumerService;
  /** A consumer's stamps, coupons, sales, addresses and activity; the member screens show their consumer's. */
  history: ConsumerHistoryService;
  actions: ConsumerActionService;
  members: MemberService;
  associates: AssociateService;
}

/** What the consumer, member and associate route files are given. */
export interface ConsumerDeps extends ConsumerServices {
  clock: Clock;
  /** Records every unmasked read of consumers' personal data. */
  accessLog: PersonalDataAccessLog;
}
