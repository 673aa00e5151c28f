import type { ReactNode } from 'react';
import { Card, Empty, Skeleton, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AnyEndpoint } from '@portal/contract';
import type { Query } from '../lib/api.ts';
import { callEndpoint, type DataOf } from '../lib/call.ts';
import { resourceKeys } from '../lib/query-keys.ts';

/**
 * One widget's data (`api[widget]` with the dashboard's filters), loaded on its own: the failure of one leaves the
 * others showing, and a failed one is not retried behind the user's back nor toasted (its card says so). `resource`
 * names the query keys.
 */
export function useWidgetData<A extends Record<string, AnyEndpoint>, W extends keyof A & string>(resource: string, api: A, widget: W, query: Query) {
  return useQuery({
    queryKey: resourceKeys(resource).list({ widget, ...query }),
    queryFn: async () => (await callEndpoint<DataOf<A[W]>>(api[widget] as A[W], { query })).data,
    retry: false,
    // The card says so itself (`widget-failed`): no toast on top of it.
    meta: { silentError: true },
  });
}

/** What a widget's card needs of its query: whether it is still loading and whether it failed. */
export interface WidgetState {
  isPending: boolean;
  isError: boolean;
}

/**
 * A dashboard widget's card (each widget loads on its own): a skeleton while loading, then its content; on failure an
 * empty state saying so (never stale figures), and an empty state with `emptyText` when there is nothing to show.
 * The title is an `h2` under the screen's `h1`; `extra` holds the card's links (details).
 */
export function WidgetCard(props: {
  title: string;
  testId: string;
  state: WidgetState;
  empty?: boolean;
  emptyText?: string;
  extra?: ReactNode;
  children: () => ReactNode;
}) {
  const { t } = useTranslation();
  let body: ReactNode;
  // antd's Skeleton keeps no data attributes of its own: the box around it is the loading state's.
  if (props.state.isPending)
    body = (
      <div data-testid="widget-loading" aria-busy="true">
        <Skeleton active paragraph={{ rows: 4 }} />
      </div>
    );
  else if (props.state.isError) body = <Empty description={t('ui.widget.failed', 'The data could not be loaded. Try again later.')} data-testid="widget-failed" />;
  else if (props.empty) body = <Empty description={props.emptyText ?? t('ui.widget.empty', 'Nothing to show for these filters')} data-testid="widget-empty" />;
  else body = props.children();
  return (
    <Card
      title={
        <Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>
          {props.title}
        </Typography.Title>
      }
      extra={props.extra}
      data-testid={props.testId}
      style={{ height: '100%' }}
    >
      {body}
    </Card>
  );
}
