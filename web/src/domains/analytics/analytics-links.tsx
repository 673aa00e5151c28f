import type { MouseEvent, ReactNode } from 'react';
import { Button } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Link, useRouter } from '@tanstack/react-router';
import { addDays, formatDate, menuEntry, type DayPeriod, type Lang } from '@portal/contract';
import { routerSearch, type AnalyticsSearch } from './analytics-filters.ts';

/* Where the sales dashboards lead: their routes, their detail types, and links that carry the filters along. */

export const SALES_DASHBOARD = menuEntry('pandora.sales-dashboard').route;
export const SALES_ANALYTICS = menuEntry('pandora.sales-analytics').route;
export const DASHBOARD_SALES = menuEntry('pandora.dashboard-analytics/sales').route;

/** The sales dashboard's detail pages (the spec's `{detailType}`). */
export const SALES_DETAIL_TYPES = ['sales-member', 'member-transaction', 'apc-member', 'average-transaction', 'summary-sales'] as const;
export type SalesDetailType = (typeof SALES_DETAIL_TYPES)[number];

/** A place to go: a path and its search (the filters, and what the click chose). */
export interface Drill {
  to: string;
  search: Record<string, string | number | undefined>;
}

/** A drill with the filters and a change of them (`undefined` drops a filter, as a period chosen anew drops the page). */
export const drillTo = (to: string, search: AnalyticsSearch, change: Record<string, string | number | undefined> = {}): Drill => ({ to, search: { ...search, ...change } });

/** A link to a drill: an ordinary link (opens in a new tab too), the filters in its URL. */
export function DrillLink({ drill, children, testId, label }: { drill: Drill; children: ReactNode; testId?: string; label?: string }) {
  return (
    <Link to={drill.to} search={routerSearch(drill.search)} data-testid={testId} aria-label={label}>
      {children}
    </Link>
  );
}

/** A link that looks like a button (back to a dashboard, another ranking), the filters carried along. */
export function DrillButton({ drill, children, testId, back }: { drill: Drill; children: ReactNode; testId: string; back?: boolean }) {
  const go = useDrill();
  const router = useRouter();
  const href = router.buildLocation({ to: drill.to, search: routerSearch(drill.search) }).href;
  const onClick = (e: MouseEvent<HTMLElement>) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    go(drill);
  };
  return (
    <Button href={href} onClick={onClick} data-testid={testId} icon={back ? <ArrowLeftOutlined aria-hidden /> : undefined}>
      {children}
    </Button>
  );
}

/** Goes to a drill (a click on a chart's bar or slice). */
export function useDrill(): (drill: Drill) => void {
  const router = useRouter();
  return (drill) => void router.navigate({ to: drill.to, search: routerSearch(drill.search) });
}

/** A day (YYYY-MM-DD) as the portal writes it: DD/MMM/YYYY, the month in the UI language. */
export const dayText = (day: string, lang: Lang): string => formatDate(`${day}T12:00:00+07:00`, lang);

/** A trend's bucket as a label: a day as DD/MMM/YYYY, a month (YYYY-MM) as MMM/YYYY. */
export const bucketText = (bucket: string, lang: Lang): string => (bucket.length === 7 ? dayText(`${bucket}-15`, lang).slice(3) : dayText(bucket, lang));

/** The days of a trend's bucket within the period shown: a day, or the month's days that the period covers. */
export function bucketPeriod(bucket: string, within: DayPeriod): DayPeriod {
  if (bucket.length !== 7) return { from: bucket, to: bucket };
  const [y, m] = bucket.split('-').map(Number) as [number, number];
  const first = `${bucket}-01`;
  const last = addDays(m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`, -1);
  return { from: first < within.from ? within.from : first, to: last > within.to ? within.to : last };
}
