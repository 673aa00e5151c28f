import {
  CONTENT_DRAFT,
  CONTENT_INACTIVE,
  CONTENT_LIVE,
  CONTENT_PENDING,
  CONTENT_REJECTED,
  CONTENT_UPCOMING,
} from '../content/content-status.ts';

/**
 * The maker-checker workflow of marketing content, over the *displayed* status (set B). The server enforces it (409 from
 * a state that forbids the action), the web app offers only what it allows.
 *
 * - submit: Draft, Rejected or Inactive → Pending Approval (the maker sends it for review)
 * - approve: Pending Approval → Published (Upcoming, Live or Expired by its period); never by the submitter
 * - reject (with a reason): Pending Approval → Rejected; never by the submitter
 * - deactivate: Published - Upcoming or Live → Inactive (taken down; edit and submit again to bring it back)
 * - edit and delete: only while nobody reviews and nothing is published (Draft, Rejected, Inactive)
 * - duplicate: from any status, the copy starts as a Draft
 */
export const CONTENT_ACTIONS = ['submit', 'approve', 'reject', 'deactivate'] as const;
export type ContentAction = (typeof CONTENT_ACTIONS)[number];

export const CONTENT_TRANSITIONS: Record<ContentAction, { from: readonly number[]; to: number }> = {
  submit: { from: [CONTENT_DRAFT, CONTENT_REJECTED, CONTENT_INACTIVE], to: CONTENT_PENDING },
  approve: { from: [CONTENT_PENDING], to: CONTENT_UPCOMING },
  reject: { from: [CONTENT_PENDING], to: CONTENT_REJECTED },
  deactivate: { from: [CONTENT_UPCOMING, CONTENT_LIVE], to: CONTENT_INACTIVE },
};

export const CONTENT_EDITABLE: readonly number[] = [CONTENT_DRAFT, CONTENT_REJECTED, CONTENT_INACTIVE];
/** Deleting follows editing: what nobody reviews and the app does not show. */
export const CONTENT_DELETABLE: readonly number[] = CONTENT_EDITABLE;
/** The checker's actions: they need the `approve` permission and are refused to the submitter. */
export const CHECKER_ACTIONS: readonly ContentAction[] = ['approve', 'reject'];

export const canContent = (action: ContentAction, status: number): boolean => CONTENT_TRANSITIONS[action].from.includes(status);
export const canEditContent = (status: number): boolean => CONTENT_EDITABLE.includes(status);
export const canDeleteContent = (status: number): boolean => CONTENT_DELETABLE.includes(status);

/** What a person may do to an item now: the workflow's actions, less the checker's ones on their own submission. */
export function contentActionsFor(status: number, opts: { isSubmitter: boolean }): ContentAction[] {
  return CONTENT_ACTIONS.filter((a) => canContent(a, status) && !(opts.isSubmitter && CHECKER_ACTIONS.includes(a)));
}

/** The message of a 409 when the status forbids an action. */
export const CONTENT_ACTION_VERB: Record<ContentAction | 'edit' | 'delete', string> = {
  submit: 'submitted for approval',
  approve: 'approved',
  reject: 'rejected',
  deactivate: 'deactivated',
  edit: 'edited',
  delete: 'deleted',
};

