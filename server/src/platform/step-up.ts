import { STEP_UP_MINUTES, STEP_UP_REQUIRED } from '@portal/contract';
import { AppError } from './errors.ts';
import type { Actor } from './request-context.ts';

/** Until when a second factor passed at `at` counts for sensitive changes. */
export const stepUpValidUntil = (at: Date): Date => new Date(at.getTime() + STEP_UP_MINUTES * 60_000);

/**
 * The step-up: a sensitive change (a role's rights, a privileged role given, consumers' personal data exported
 * unmasked) needs a second factor passed by this session within the last 15 minutes. Otherwise 403
 * `step_up_required`; the caller passes it with `auth/step-up` and tries again.
 */
export function requireRecentSecondFactor(actor: Actor, now: Date): void {
  if (actor.secondFactorAt && now.getTime() <= stepUpValidUntil(actor.secondFactorAt).getTime()) return;
  throw new AppError(
    403,
    STEP_UP_REQUIRED,
    `Confirm it is you: this change needs your second factor from the last ${STEP_UP_MINUTES} minutes. Enter a code from your authenticator app, a recovery code or a code sent by e-mail.`,
  );
}
