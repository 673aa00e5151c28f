import type { ReactNode } from 'react';
import { Typography, theme } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import {
  analyticsPeriod,
  can,
  helpdeskReportApi,
  jakartaDay,
  menuEntry,
  previousPeriod,
  TICKET_STATUS,
  type DayPeriod,
  type HelpdeskReportRow,
  type HelpdeskSummary,
} from '@portal/contract';
import type { Query } from '../../lib/api.ts';
import { useLang } from '../../lib/i18n.ts';
import { useSession } from '../../lib/session.ts';
import type { ChartOption } from '../../ui/Chart.tsx';
import { formatDecimal, formatFigure } from '../../ui/FigureCard.tsx';
import { optionLabel } from '../../ui/options.ts';
import { StatusTag } from '../../ui/StatusTag.tsx';
import { useWidgetData, WidgetCard, type WidgetState } from '../../ui/WidgetCard.tsx';
import type { AnalyticsSearch } from './analytics-filters.ts';
import { DrillLink, type Drill } from './analytics-links.tsx';
import { SummaryFiguresWidget, type SummaryFigure } from './figures.widgets.tsx';
import { axisText, pagerOf, useRowDrill, type RankPaging } from './analytics-blocks.tsx';
import { ChartTable } from './ranking.widgets.tsx';

/*
 * The help desk's figures for a dashboard's period, from the Helpdesk Report's endpoints: tickets are counted by the
 * Jakarta day they were opened; stores, regions and channel do not narrow them (the report takes one store by id).
 */

const REPORT_ENTRY = 'pandora.report-helpdesk';
const SOLVED = 4;

/** A dashboard period as the report's created range. */
export function ticketRange(p: DayPeriod): { created_at_from: string; created_at_to: string } {
  return { created_at_from: p.from, created_at_to: p.to };
}

/** The period of the dashboard's filters (this month to today by default). */
export const periodOfSearch = (search: AnalyticsSearch): DayPeriod => analyticsPeriod(search, jakartaDay(new Date()));

const useHelpWidget = <W extends keyof typeof helpdeskReportApi>(widget: W, query: Query) => useWidgetData('helpdesk-dashboard', helpdeskReportApi, widget, query);

/** Tickets not solved yet: unread, read and unsolved. */
export const openTickets = (d: HelpdeskSummary) => d.by_status.filter((s) => s.status !== SOLVED).reduce((n, s) => n + s.count, 0);
const solvedTickets = (d: HelpdeskSummary) => d.by_status.find((s) => s.status === SOLVED)?.count ?? 0;

/** The period's summary beside the period before's: both load together, and the widget fails if either does. */
export function useHelpSummaries(search: AnalyticsSearch) {
  const period = periodOfSearch(search);
  const previous = previousPeriod(period);
  const now = useHelpWidget('summary', ticketRange(period));
  const before = useHelpWidget('summary', ticketRange(previous));
  const state: WidgetState = { isPending: now.isPending || before.isPending, isError: now.isError || before.isError };
  return { state, now: now.data, before: before.data, periods: now.data && before.data ? { period, previous_period: previous } : undefined };
}

/** The helpdesk report with a created range (and a store or category), when the user may open it. */
export function useReportDrill(search: AnalyticsSearch): ((narrow?: { store_id?: number; category_id?: number }) => Drill) | undefined {
  const perms = useSession()?.access.perms;
  if (!perms || !can(perms, REPORT_ENTRY, 'view')) return undefined;
  const range = ticketRange(periodOfSearch(search));
  return (narrow = {}) => ({ to: menuEntry(REPORT_ENTRY).route, search: { ...range, ...narrow } });
}

/** Tickets opened in the period, open and solved, and the mean hours to solve, each beside the period before. */
export function HelpFiguresWidget({ search, title, extra, figures = ['total', 'open', 'solved', 'hours'] }: { search: AnalyticsSearch; title: string; extra?: ReactNode; figures?: readonly ('total' | 'open' | 'solved' | 'hours')[] }) {
  const { t } = useTranslation();
  const { state, now, before, periods } = useHelpSummaries(search);
  const all: Record<(typeof figures)[number], SummaryFigure> = {
    total: { key: 'tickets', label: t('analytics.more.tickets', 'Tickets opened'), kind: 'count', value: now?.total ?? 0, previous: before?.total ?? 0 },
    open: { key: 'open', label: t('analytics.more.openTickets', 'Not solved yet'), kind: 'count', value: now ? openTickets(now) : 0, previous: before ? openTickets(before) : 0 },
    solved: { key: 'solved', label: t('analytics.more.solvedTickets', 'Solved'), kind: 'count', value: now ? solvedTickets(now) : 0, previous: before ? solvedTickets(before) : 0 },
    hours: { key: 'hours', label: t('analytics.more.meanHours', 'Mean hours to solve'), kind: 'decimal', value: now?.avg_solve_hours ?? 0, previous: before?.avg_solve_hours ?? 0 },
  };
  return <SummaryFiguresWidget title={title} testId="help-summary" state={state} periods={periods} figures={figures.map((f) => all[f])} span={6} extra={extra} />;
}

/** Tickets by status: a ring and a table with each status's share. */
export function TicketStatusWidget({ search }: { search: AnalyticsSearch }) {
  const { t } = useTranslation();
  const lang = useLang();
  const { token } = theme.useToken();
  const q = useHelpWidget('summary', ticketRange(periodOfSearch(search)));
  const d = q.data;
  const title = t('analytics.more.byStatus', 'Tickets by status');
  const colours: Record<number, string> = { 1: token.colorWarning, 2: token.colorInfo, 3: token.colorError, 4: token.colorSuccess };
  const rows = TICKET_STATUS.options.map((o) => ({ status: o.value, label: optionLabel(o, lang), count: d?.by_status.find((s) => s.status === o.value)?.count ?? 0 }));
  const total = rows.reduce((n, r) => n + r.count, 0);
  const option: ChartOption = {
    tooltip: { trigger: 'item' },
    legend: { top: 0 },
    series: [{ type: 'pie', radius: ['40%', '70%'], top: 24, data: rows.map((r) => ({ name: r.label, value: r.count, itemStyle: { color: colours[r.status] } })) }],
  };
  return (
    <WidgetCard title={title} testId="help-by-status" state={q} empty={!!d && d.total === 0}>
      {() => (
        <ChartTable
          title={title}
          option={option}
          height={220}
          rowKey="status"
          rows={rows}
          columns={[
            { key: 'status', title: t('analytics.more.status', 'Status'), render: (_: unknown, r) => <StatusTag table={TICKET_STATUS} value={r.status} /> },
            { key: 'count', title: t('analytics.more.tickets', 'Tickets opened'), align: 'right', render: (_: unknown, r) => formatFigure(r.count, 'count', lang) },
            { key: 'share', title: t('analytics.more.shareOfTickets', 'Share'), align: 'right', render: (_: unknown, r) => `${formatDecimal(total ? (r.count / total) * 100 : 0, lang)}%` },
          ]}
        />
      )}
    </WidgetCard>
  );
}

type CategoryRow = HelpdeskSummary['by_category'][number];

/** Tickets by category, solved beside all, as bars and a table; a category leads to the helpdesk report narrowed to it. */
export function TicketCategoryWidget({ search }: { search: AnalyticsSearch }) {
  const { t } = useTranslation();
  const lang = useLang();
  const { token } = theme.useToken();
  const report = useReportDrill(search);
  const q = useHelpWidget('summary', ticketRange(periodOfSearch(search)));
  const rows = q.data?.by_category ?? [];
  const title = t('analytics.more.byCategory', 'Tickets by category');
  const none = t('analytics.more.noCategory', 'No category');
  const nameOf = (r: CategoryRow) => r.category_name ?? none;
  const drillOf = (r: CategoryRow) => (report && r.category_id ? report({ category_id: r.category_id }) : undefined);
  const onClick = useRowDrill(rows, drillOf);
  const option: ChartOption = {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { top: 0 },
    grid: { left: 8, right: 24, top: 32, bottom: 24, containLabel: true },
    xAxis: { type: 'value', minInterval: 1 },
    yAxis: { type: 'category', inverse: true, data: rows.map(nameOf), axisLabel: { width: 180, overflow: 'truncate' } },
    series: [
      { type: 'bar', name: t('analytics.more.tickets', 'Tickets opened'), data: rows.map((r) => r.total), itemStyle: { color: token.colorPrimary }, cursor: report ? 'pointer' : 'default' },
      { type: 'bar', name: t('analytics.more.solvedTickets', 'Solved'), data: rows.map((r) => r.solved), itemStyle: { color: token.colorSuccess }, cursor: report ? 'pointer' : 'default' },
    ],
  };
  return (
    <WidgetCard title={title} testId="help-by-category" state={q} empty={!rows.length}>
      {() => (
        <ChartTable<CategoryRow>
          title={title}
          option={option}
          height={Math.max(180, rows.length * 40 + 64)}
          onClick={onClick}
          rowKey={(r) => String(r.category_id ?? 0)}
          rows={rows}
          columns={[
            { key: 'category', title: t('analytics.more.category', 'Category'), render: (_: unknown, r) => { const to = drillOf(r); return to ? <DrillLink drill={to} testId={`category-${r.category_id}`}>{nameOf(r)}</DrillLink> : nameOf(r); } },
            { key: 'total', title: t('analytics.more.tickets', 'Tickets opened'), align: 'right', render: (_: unknown, r) => formatFigure(r.total, 'count', lang) },
            { key: 'solved', title: t('analytics.more.solvedTickets', 'Solved'), align: 'right', render: (_: unknown, r) => formatFigure(r.solved, 'count', lang) },
            { key: 'rate', title: t('analytics.more.solvedShare', 'Solved share'), align: 'right', render: (_: unknown, r) => `${formatDecimal(r.total ? (r.solved / r.total) * 100 : 0, lang)}%` },
          ]}
        />
      )}
    </WidgetCard>
  );
}

/** Tickets per store, the most first, a page of them as stacked bars by status and a table; a store leads to the report. */
export function TicketStoreWidget({ search, paging }: { search: AnalyticsSearch; paging: RankPaging }) {
  const { t } = useTranslation();
  const lang = useLang();
  const { token } = theme.useToken();
  const report = useReportDrill(search);
  const q = useHelpWidget('list', { ...ticketRange(periodOfSearch(search)), sort_by: 'total', sort_dir: 'desc', page: paging.page, limit: paging.limit });
  const rows = q.data?.data ?? [];
  const title = t('analytics.more.perStore', 'Tickets per store');
  const nameOf = (r: HelpdeskReportRow) => (r.store_code ? `${r.store_code} · ${r.store_name ?? ''}` : t('analytics.more.noStore', 'Not about a store'));
  const drillOf = (r: HelpdeskReportRow) => (report && r.id ? report({ store_id: r.id }) : undefined);
  const onClick = useRowDrill(rows, drillOf);
  const statuses = [
    { key: 'unread' as const, value: 1, colour: token.colorWarning },
    { key: 'read' as const, value: 2, colour: token.colorInfo },
    { key: 'unsolved' as const, value: 3, colour: token.colorError },
    { key: 'solved' as const, value: 4, colour: token.colorSuccess },
  ];
  const labelOf = (value: number) => {
    const o = TICKET_STATUS.options.find((x) => x.value === value);
    return o ? optionLabel(o, lang) : String(value);
  };
  const option: ChartOption = {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { top: 0 },
    grid: { left: 8, right: 24, top: 32, bottom: 24, containLabel: true },
    xAxis: { type: 'value', minInterval: 1, axisLabel: { formatter: axisText('count', lang) } },
    yAxis: { type: 'category', inverse: true, data: rows.map(nameOf), axisLabel: { width: 200, overflow: 'truncate' } },
    series: statuses.map((s) => ({ type: 'bar' as const, stack: 'status', name: labelOf(s.value), data: rows.map((r) => r[s.key]), itemStyle: { color: s.colour }, cursor: report ? 'pointer' : 'default' })),
  };
  const count = (key: 'total' | 'unread' | 'read' | 'unsolved' | 'solved', label: string) => ({ key, title: label, align: 'right' as const, render: (_: unknown, r: HelpdeskReportRow) => formatFigure(r[key], 'count', lang) });
  const columns: ColumnsType<HelpdeskReportRow> = [
    { key: 'store', title: t('analytics.store', 'Store'), render: (_: unknown, r) => { const to = drillOf(r); return to ? <DrillLink drill={to} testId={`ticket-store-${r.id}`}>{nameOf(r)}</DrillLink> : nameOf(r); } },
    count('total', t('analytics.more.tickets', 'Tickets opened')),
    ...statuses.map((s) => count(s.key, labelOf(s.value))),
    { key: 'hours', title: t('analytics.more.meanHours', 'Mean hours to solve'), align: 'right', render: (_: unknown, r) => (r.avg_solve_hours === null ? '–' : formatDecimal(r.avg_solve_hours, lang)) },
  ];
  return (
    <WidgetCard title={title} testId="help-per-store" state={q} empty={!rows.length && paging.page === 1}>
      {() => (
        <>
          <ChartTable<HelpdeskReportRow>
            title={title}
            option={option}
            height={Math.max(180, rows.length * 28 + 64)}
            onClick={onClick}
            rowKey="id"
            rows={rows}
            columns={columns}
            pagination={pagerOf(paging, q.data?.meta.total, (n) => t('ui.total', 'Total {{count}} items', { count: n }))}
          />
          <Typography.Text type="secondary">{t('analytics.more.ticketsNote', 'Tickets are counted by the day they were opened; the store, region and channel filters do not apply to them.')}</Typography.Text>
        </>
      )}
    </WidgetCard>
  );
}
