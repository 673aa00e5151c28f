import { Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TopUpDetail } from '@portal/contract';
import { useFormat } from '../../lib/format.ts';
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
export function TopUpTimeline({ row }: { row: TopUpDetail }) {
  const { t } = useTranslation();
  const f = useFormat();
  const actorOf = (e: TopUpDetail['timeline'][number]): string =>
    e.actor_kind === 'system' ? t('topUp.order.actor.system', 'System') : `${e.actor_name ?? '-'} (${e.actor_kind === 'staff' ? t('topUp.order.actor.staff', 'Staff') : t('topUp.order.actor.consumer', 'Consumer')})`;
  return (
    <Timeline
      data-testid="top-up-timeline"
      items={row.timeline.map((e) => ({
        key: e.id,
        content: (
          <div data-testid="top-up-timeline-entry" data-action={e.action}>
            <Typography.Text strong>{t(`topUp.order.moves.${e.action}`, MOVE_TEXT[e.action] ?? e.action)}</Typography.Text> <TopUpStatusTag status={e.to_status} />
            <div>
              <Typography.Text type="secondary">{`${f.dateTime(e.at)} · ${actorOf(e)}`}</Typography.Text>
            </div>
            {e.note ? <Typography.Paragraph style={{ marginBottom: 0 }}>{e.note}</Typography.Paragraph> : null}
          </div>
        ),
      }))}
    />
  );
}
