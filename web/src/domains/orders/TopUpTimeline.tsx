import type { TopUpDetail } from '@portal/contract';
import { WorkflowTimeline } from '../../ui/WorkflowTimeline.tsx';
import { TopUpStatusTag } from './TopUpStatusTag.tsx';

/** What each move of the top-up workflow is called on its timeline (English defaults). */
const MOVE_TEXT: Record<string, string> = {
  buy: 'Bought in the app',
  pay: 'Paid',
  payment_fail: 'Payment failed',
  expire: 'Payment expired',
  send: 'Sent to the biller',
  biller_success: 'Biller: successful',
  biller_fail: 'Biller: failed',
  biller_pending: 'Biller: waiting for the operator',
  biller_hold: 'Biller: on hold',
  system_fail: 'Not accepted by the biller',
  retry: 'Retried',
  cancel: 'Cancelled',
  resolve_success: 'Marked successful',
  resolve_failed: 'Marked failed',
};

/** Every status change of the top-up, oldest first: the move, the status it reached, who made it and when, and the note. */
export const TopUpTimeline = ({ row }: { row: TopUpDetail }) => (
  <WorkflowTimeline entries={row.timeline} events={MOVE_TEXT} i18n="topUp.order" status={(s) => <TopUpStatusTag status={s} />} testId="top-up-timeline" />
);
