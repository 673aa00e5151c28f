import { CONSUMER_ACTIVE, CONSUMER_LOCKED, CONSUMER_STATUS, CONSUMER_WITHDRAWN } from '../consumers/consumer-enums.ts';

/**
 * The staff actions on a consumer and the states that allow them. The server enforces them (409 with the message of
 * `consumerActionRefusal`), the web offers only what `consumerActionsFor` answers.
 *
 * - lock: Active → Locked (the app refuses sign-in)
 * - unlock: Locked → Active
 * - withdraw: Active or Locked → Withdrawn (the consumer leaves the programme; a linked card stays on record)
 * - unwithdraw: Withdrawn → Active
 * - link card: an Active consumer without a physical card gets one
 * - unlink card: an Active or Locked consumer's physical card is removed
 * - resend verification: an Active consumer with an unverified e-mail
 * - send create password: an Active consumer with an e-mail who has no app password yet (registered at a till)
 */
export const CONSUMER_ACTIONS = ['lock', 'unlock', 'withdraw', 'unwithdraw', 'link-card', 'unlink-card', 'resend-verification', 'send-create-password'] as const;
export type ConsumerAction = (typeof CONSUMER_ACTIONS)[number];

/** The status an action moves to; the others leave the status alone. */
export const CONSUMER_TRANSITIONS: Partial<Record<ConsumerAction, { from: readonly number[]; to: number }>> = {
  lock: { from: [CONSUMER_ACTIVE], to: CONSUMER_LOCKED },
  unlock: { from: [CONSUMER_LOCKED], to: CONSUMER_ACTIVE },
  withdraw: { from: [CONSUMER_ACTIVE, CONSUMER_LOCKED], to: CONSUMER_WITHDRAWN },
  unwithdraw: { from: [CONSUMER_WITHDRAWN], to: CONSUMER_ACTIVE },
};

/** What the rules read of a consumer. */
export interface ConsumerState {
  status: number;
  physical_card_id: string | null;
  email: string | null;
  email_verified: boolean;
  has_password: boolean;
}

const statusName = (status: number) => CONSUMER_STATUS.label(status as 1 | 2 | 3).toLowerCase();

/** Why the action is refused in this state (the 409's message), or null when it is allowed. */
export function consumerActionRefusal(action: ConsumerAction, c: ConsumerState): string | null {
  const transition = CONSUMER_TRANSITIONS[action];
  if (transition && !transition.from.includes(c.status)) {
    if (action === 'lock' && c.status === CONSUMER_LOCKED) return 'This consumer is already locked';
    if (action === 'unlock' || action === 'unwithdraw') return `This consumer is ${statusName(c.status)}, not ${statusName(transition.from[0]!)}`;
    return `This consumer has already withdrawn and cannot be ${action === 'lock' ? 'locked' : 'withdrawn again'}`;
  }
  switch (action) {
    case 'link-card':
      if (c.status !== CONSUMER_ACTIVE) return `This consumer is ${statusName(c.status)}; a card can be linked to an active consumer only`;
      if (c.physical_card_id) return 'This consumer already has a linked card; unlink it first';
      return null;
    case 'unlink-card':
      if (c.status === CONSUMER_WITHDRAWN) return 'This consumer has withdrawn; the card cannot be unlinked';
      if (!c.physical_card_id) return 'This consumer has no linked card';
      return null;
    case 'resend-verification':
      if (c.status !== CONSUMER_ACTIVE) return `This consumer is ${statusName(c.status)}; verification goes to active consumers only`;
      if (!c.email) return 'This consumer has no e-mail address';
      if (c.email_verified) return 'This consumer’s e-mail is already verified';
      return null;
    case 'send-create-password':
      if (c.status !== CONSUMER_ACTIVE) return `This consumer is ${statusName(c.status)}; a create-password e-mail goes to active consumers only`;
      if (!c.email) return 'This consumer has no e-mail address';
      if (c.has_password) return 'This consumer already has a password';
      return null;
    default:
      return null;
  }
}

export const canConsumer = (action: ConsumerAction, c: ConsumerState): boolean => consumerActionRefusal(action, c) === null;

/** The actions the consumer's state allows now, in menu order. */
export const consumerActionsFor = (c: ConsumerState): ConsumerAction[] => CONSUMER_ACTIONS.filter((a) => canConsumer(a, c));

/** Actions that change the record (they carry its `version`); the e-mails only send. */
export const CONSUMER_MAIL_ACTIONS: readonly ConsumerAction[] = ['resend-verification', 'send-create-password'];
