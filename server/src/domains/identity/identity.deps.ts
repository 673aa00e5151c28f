import type { Config } from '../../config.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Mailer } from '../../platform/mail.ts';
import type { AuthService } from './auth.service.ts';
import type { LogHistoryService } from './log-history.service.ts';
import type { RoleService } from './role.service.ts';
import type { SecondFactorService } from './second-factor.service.ts';
import type { SessionService } from './session.service.ts';
import type { UserService } from './user.service.ts';

export interface IdentityServices {
  config: Config;
  clock: Clock;
  mailer: Mailer;
  sessions: SessionService;
  auth: AuthService;
  secondFactor: SecondFactorService;
  users: UserService;
  roles: RoleService;
  logHistory: LogHistoryService;
}
