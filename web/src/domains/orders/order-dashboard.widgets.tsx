import { Col, Row, Table, Typography, theme } from 'antd';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import {
  ORDER_STATUS,
  formatCount,
  orderDashboardApi,
  type OrderDashboardFigures,
  type OrderDashboardQuery,
} from '@portal/contract';
import { formatCompact, formatRupiah, useFormat } from '../../lib/format.ts';
import { Chart, type ChartOption } from '../../ui/Chart.tsx';
import { FigureCard } from '../../ui/FigureCard.tsx';
import { useWidgetData, WidgetCard } from '../../ui/WidgetCard.tsx';
import { OrderStatusTag } from './OrderStatusTag.tsx';

type Widget = keyof typeof orderDashboardApi;
const useWidget = <W extends Widget>(widget: W, filters: OrderDashboardQuery) => useWidgetData('order-dashboard', orderDashboardApi, widget, { ...filters });

function Figure({ title, value, before, money, versus }: { title: string; value: number; before: number; money?: boolean; versus: string }) {
  return (
    <Col xs={24} sm={12} xl={6}>
      <FigureCard title={title} value={value} previous={before} kind={money ? 'rupiah' : 'count'} versus={versus} />
    </Col>
  );
}

export function SummaryWidget({ filters }: { filters: OrderDashboardQuery }) {
  const { t } = useTranslation();
  const format = useFormat();
  const q = useWidget('summary', filters);
  const figures = (f: OrderDashboardFigures | undefined) => f ?? { orders: 0, paid_orders: 0, revenue: 0 };
  return (
    <WidgetCard title={t('orders.dashboard.until', 'Until {{time}}', { time: q.data ? format.dateTime(q.data.until) : '' })} testId="dashboard-summary" state={q}>
      {() => {
        const d = q.data;
        const vsDay = t('orders.dashboard.vsDay', 'vs. yesterday');
        const vsWeek = t('orders.dashboard.vsWeek', 'vs. last week');
        return (
          <Row gutter={[16, 16]}>
            <Figure title={t('orders.dashboard.today', "Today's orders")} value={figures(d?.day).orders} before={figures(d?.previous_day).orders} versus={vsDay} />
            <Figure title={t('orders.dashboard.todayRevenue', "Today's revenue")} value={figures(d?.day).revenue} before={figures(d?.previous_day).revenue} versus={vsDay} money />
            <Figure title={t('orders.dashboard.week', "This week's orders")} value={figures(d?.week).orders} before={figures(d?.previous_week).orders} versus={vsWeek} />
            <Figure title={t('orders.dashboard.weekRevenue', "This week's revenue")} value={figures(d?.week).revenue} before={figures(d?.previous_week).revenue} versus={vsWeek} money />
          </Row>
        );
      }}
    </WidgetCard>
  );
}

export function StatusWidget({ filters }: { filters: OrderDashboardQuery }) {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const q = useWidget('byStatus', filters);
  const rows = q.data ?? [];
  const title = t('orders.dashboard.byStatus', 'Orders by status');
  const labelOf = (status: number) => {
    const o = ORDER_STATUS.options.find((x) => x.value === status);
    return o ? `${status} · ${i18n.language === 'id' ? o.labelId : o.label}` : String(status);
  };
  const colourOf = (status: number): string => {
    const name = ORDER_STATUS.options.find((x) => x.value === status)?.color;
    const value = name ? (token as unknown as Record<string, unknown>)[name] : undefined;
    return typeof value === 'string' ? value : token.colorPrimary;
  };
  const option: ChartOption = {
    tooltip: { trigger: 'item' },
    series: [{ type: 'pie', radius: ['40%', '70%'], data: rows.map((r) => ({ name: labelOf(r.status), value: r.orders, itemStyle: { color: colourOf(r.status) } })) }],
  };
  return (
    <WidgetCard title={title} testId="dashboard-by-status" state={q} empty={!rows.length} emptyText={t('orders.dashboard.empty', 'No orders yet')}>
      {() => (
        <>
          <Chart option={option} label={t('ui.chart.label', { title })} height={220} />
          <Table
            size="small"
            pagination={false}
            rowKey="status"
            dataSource={rows}
            columns={[
              { key: 'status', title: t('orders.dashboard.status', 'Status'), render: (_: unknown, r) => <OrderStatusTag status={r.status} /> },
              { key: 'orders', title: t('orders.dashboard.orders', 'Orders'), align: 'right', render: (_: unknown, r) => formatCount(r.orders) },
              { key: 'amount', title: t('orders.dashboard.amount', 'Order value'), align: 'right', render: (_: unknown, r) => formatRupiah(r.amount) },
            ]}
          />
        </>
      )}
    </WidgetCard>
  );
}

export function StoreWidget({ filters }: { filters: OrderDashboardQuery }) {
  const { t } = useTranslation();
  const q = useWidget('byStore', filters);
  const rows = q.data ?? [];
  return (
    <WidgetCard title={t('orders.dashboard.byStore', 'Top stores')} testId="dashboard-by-store" state={q} empty={!rows.length} emptyText={t('orders.dashboard.empty', 'No orders yet')}>
      {() => (
        <Table
          size="small"
          pagination={false}
          rowKey="store_id"
          dataSource={rows}
          columns={[
            { key: 'code', title: t('orders.dashboard.storeCode', 'Store Code'), dataIndex: 'store_code' },
            { key: 'name', title: t('orders.dashboard.store', 'Store'), dataIndex: 'store_name' },
            { key: 'orders', title: t('orders.dashboard.orders', 'Orders'), align: 'right', render: (_: unknown, r) => formatCount(r.orders) },
            { key: 'revenue', title: t('orders.dashboard.revenue', 'Revenue'), align: 'right', render: (_: unknown, r) => formatRupiah(r.revenue) },
          ]}
        />
      )}
    </WidgetCard>
  );
}

/** A bar chart of orders with a line of revenue, and the same figures in a table under it. */
function SeriesWidget(props: { title: string; testId: string; state: { isPending: boolean; isError: boolean }; rows: { key: string; label: string; orders: number; revenue: number }[]; labelTitle: string }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const ordersText = t('orders.dashboard.orders', 'Orders');
  const revenueText = t('orders.dashboard.revenue', 'Revenue');
  const option: ChartOption = {
    tooltip: { trigger: 'axis' },
    legend: { top: 0, data: [ordersText, revenueText] },
    grid: { left: 40, right: 56, top: 40, bottom: 24 },
    xAxis: { type: 'category', data: props.rows.map((r) => r.label) },
    yAxis: [
      { type: 'value', minInterval: 1 },
      { type: 'value', axisLabel: { formatter: (v: number) => formatCompact(v) } },
    ],
    series: [
      { name: ordersText, type: 'bar', data: props.rows.map((r) => r.orders), itemStyle: { color: token.colorPrimary } },
      { name: revenueText, type: 'line', yAxisIndex: 1, data: props.rows.map((r) => r.revenue), itemStyle: { color: token.colorSuccess } },
    ],
  };
  return (
    <WidgetCard title={props.title} testId={props.testId} state={props.state} empty={!props.rows.some((r) => r.orders > 0)} emptyText={t('orders.dashboard.empty', 'No orders yet')}>
      {() => (
        <>
          <Chart option={option} label={t('ui.chart.label', { title: props.title })} />
          {/* A scrolled table is reached by keyboard: its box takes focus and names itself. */}
          <div tabIndex={0} role="region" aria-label={props.title} style={{ maxHeight: 240, overflowY: 'auto' }}>
          <Table
            size="small"
            pagination={false}
            rowKey="key"
            dataSource={props.rows}
            columns={[
              { key: 'label', title: props.labelTitle, dataIndex: 'label' },
              { key: 'orders', title: ordersText, align: 'right', render: (_: unknown, r) => formatCount(r.orders) },
              { key: 'revenue', title: revenueText, align: 'right', render: (_: unknown, r) => formatRupiah(r.revenue) },
            ]}
          />
          </div>
        </>
      )}
    </WidgetCard>
  );
}

export function HourWidget({ filters }: { filters: OrderDashboardQuery }) {
  const { t } = useTranslation();
  const q = useWidget('byHour', filters);
  const rows = (q.data ?? []).map((r) => ({ key: String(r.hour), label: `${String(r.hour).padStart(2, '0')}:00`, orders: r.orders, revenue: r.revenue }));
  return <SeriesWidget title={t('orders.dashboard.byHour', 'Orders by hour')} testId="dashboard-by-hour" state={q} rows={rows} labelTitle={t('orders.dashboard.hour', 'Hour')} />;
}

export function WeekdayWidget({ filters }: { filters: OrderDashboardQuery }) {
  const { t } = useTranslation();
  const format = useFormat();
  const q = useWidget('byWeekday', filters);
  const weekday = new Intl.DateTimeFormat(format.lang === 'id' ? 'id-ID' : 'en-GB', { weekday: 'short', timeZone: 'UTC' });
  const rows = (q.data ?? []).map((r) => ({ key: r.day, label: `${weekday.format(new Date(`${r.day}T00:00:00Z`))} ${r.day.slice(8)}`, orders: r.orders, revenue: r.revenue }));
  return <SeriesWidget title={t('orders.dashboard.byWeekday', 'Orders by day of the week')} testId="dashboard-by-weekday" state={q} rows={rows} labelTitle={t('orders.dashboard.day', 'Day')} />;
}

export function LateWidget({ filters }: { filters: OrderDashboardQuery }) {
  const { t } = useTranslation();
  const format = useFormat();
  const q = useWidget('late', filters.store_code ? { store_code: filters.store_code } : {});
  const rows = q.data?.rows ?? [];
  return (
    <WidgetCard title={t('orders.dashboard.late', 'Late orders')} testId="dashboard-late" state={q}>
      {() => (
        <>
          <Typography.Paragraph type="secondary">
            {t('orders.dashboard.lateHint', 'Orders resting in their status longer than its allowance (since their last change)')} ·{' '}
            <span data-testid="late-total">{t('orders.dashboard.lateTotal', '{{count}} late orders', { count: q.data?.total ?? 0 })}</span>
          </Typography.Paragraph>
          <Table
            size="small"
            pagination={false}
            rowKey="id"
            dataSource={rows}
            locale={{ emptyText: t('orders.dashboard.noLate', 'No late orders') }}
            columns={[
              { key: 'order', title: t('orders.dashboard.orderNo', 'Order No.'), render: (_: unknown, r) => <Link to={`/admin/aphrodite/order-management/${r.id}/detail`}>{r.order_no}</Link> },
              { key: 'store', title: t('orders.dashboard.store', 'Store'), render: (_: unknown, r) => `${r.store_code} · ${r.store_name}` },
              { key: 'status', title: t('orders.dashboard.status', 'Status'), render: (_: unknown, r) => <OrderStatusTag status={r.status} /> },
              { key: 'since', title: t('orders.dashboard.since', 'Since'), render: (_: unknown, r) => format.dateTime(r.since) },
              { key: 'late', title: t('orders.dashboard.lateBy', 'Late by'), align: 'right', render: (_: unknown, r) => t('orders.dashboard.minutes', '{{count}} minutes', { count: r.late_minutes }) },
            ]}
          />
        </>
      )}
    </WidgetCard>
  );
}
