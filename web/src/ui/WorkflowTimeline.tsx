import type { ReactNode } from 'react';
import { Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../lib/format.ts';

export interface TimelineEntry<S extends number | string = number> {
  id: number;
  action: string;
  from_status: S | null;
  to_status: S;
  actor_kind: 'consumer' | 'staff' | 'system';
  actor_name: string | null;
  note: string | null;
  at: string;
}

/**
 * A record's workflow history (an order's, a top-up's, a voucher order's), oldest first: what happened (`events`, English defaults,
 * translated under `<i18n>.events.<action>`), the status it reached, who made it and when, and the note. A change that
 * is not a move (the status stays) shows in grey.
 */
export function WorkflowTimeline<S extends number | string>(props: {
  entries: readonly TimelineEntry<S>[];
  events: Record<string, string>;
  i18n: string;
  status: (status: S) => ReactNode;
  testId: string;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const who = (e: TimelineEntry<S>) =>
    e.actor_kind === 'system'
      ? t(`${props.i18n}.actor.system`, 'System')
      : `${e.actor_name ?? '-'} (${e.actor_kind === 'staff' ? t(`${props.i18n}.actor.staff`, 'Staff') : t(`${props.i18n}.actor.consumer`, 'Consumer')})`;
  return (
    <Timeline
      data-testid={props.testId}
      items={props.entries.map((e) => ({
        key: e.id,
        color: e.from_status === e.to_status ? 'gray' : 'blue',
        content: (
          <div data-testid={`${props.testId}-entry`} data-action={e.action}>
            <Typography.Text strong>{t(`${props.i18n}.events.${e.action}`, props.events[e.action] ?? e.action)}</Typography.Text> {props.status(e.to_status)}
            <br />
            <Typography.Text type="secondary">
              {f.dateTime(e.at)} · {who(e)}
            </Typography.Text>
            {e.note && (
              <>
                <br />
                <Typography.Text>{e.note}</Typography.Text>
              </>
            )}
          </div>
        ),
      }))}
    />
  );
}
