import { Col, Flex, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { can, customerAnalyticsApi, customerRatios, menuEntry, type ContentAnalyticsKind } from '@portal/contract';
import { registerDictionaries } from '../../lib/i18n.ts';
import { useSession } from '../../lib/session.ts';
import { useWidgetData } from '../../ui/WidgetCard.tsx';
import { AnalyticsPage } from './AnalyticsFilterBar.tsx';
import type { AnalyticsSearch } from './analytics-filters.ts';
import { DrillLink, drillTo } from './analytics-links.tsx';
import { useDashboardTitle } from './analytics-more.tsx';
import { analyticsMoreI18n } from './analytics-more.i18n.ts';
import { analyticsI18n } from './analytics.i18n.ts';
import { shareI18n } from './share.i18n.ts';
import { useContentWidget, useKindLabels } from './content.widgets.tsx';
import { SummaryFiguresWidget, type SummaryFigure } from './figures.widgets.tsx';
import { HelpFiguresWidget } from './help.widgets.tsx';
import { PlanogramSummaryWidget } from './planogram.widgets.tsx';
import { SalesSummaryWidget, SalesTrendWidget } from './sales.widgets.tsx';

// The share dialog's texts too (its button also registers them, for the sales pages).
registerDictionaries(analyticsI18n, analyticsMoreI18n, shareI18n);

/** Whether the user may open a dashboard (each one this screen links to is built). */
function useOpens(): (entry: string) => boolean {
  const perms = useSession()?.access.perms;
  return (entry) => !!perms && can(perms, entry, 'view');
}

/** A widget's way to its dashboard, with the filters, when the user may open it. */
function DashboardLink({ entry, search }: { entry: string; search: AnalyticsSearch }) {
  const { t } = useTranslation();
  const name = useDashboardTitle(entry);
  if (!useOpens()(entry)) return null;
  return (
    <DrillLink drill={drillTo(menuEntry(entry).route, search)} testId={`open-${entry.split('/').pop()}`} label={t('analytics.more.openDashboard', 'Open {{name}}', { name })}>
      {t('analytics.more.open', 'Open')}
    </DrillLink>
  );
}

/** The period's customers and what they spend, beside the period before. */
function CustomersWidget({ search }: { search: AnalyticsSearch }) {
  const { t } = useTranslation();
  const q = useWidgetData('customer-analytics', customerAnalyticsApi, 'summary', search);
  const d = q.data;
  const now = d && customerRatios(d.current);
  const before = d && customerRatios(d.previous);
  const figures: SummaryFigure[] = [
    { key: 'customers', label: t('analytics.more.customers', 'Customers'), kind: 'count', value: d?.current.customers ?? 0, previous: d?.previous.customers ?? 0 },
    { key: 'apc_customer', label: t('analytics.more.apcCustomer', 'APC per customer'), kind: 'rupiah', value: now?.['apc-per-customer'] ?? 0, previous: before?.['apc-per-customer'] ?? 0 },
    { key: 'apc_transaction', label: t('analytics.more.apcTransaction', 'APC per transaction'), kind: 'rupiah', value: now?.['apc-per-transaction'] ?? 0, previous: before?.['apc-per-transaction'] ?? 0 },
  ];
  return <SummaryFiguresWidget title={t('analytics.more.customers', 'Customers')} testId="overview-customers" state={q} periods={d} figures={figures} extra={<DashboardLink entry="pandora.dashboard-analytics/customers" search={search} />} />;
}

const SALES = 'pandora.dashboard-analytics/sales';
const HEADLINE_KINDS: readonly ContentAnalyticsKind[] = ['offer', 'banner'];

/** Offers' and banners' impressions and clicks, beside the period before. */
function ContentHeadlineWidget({ search }: { search: AnalyticsSearch }) {
  const { t } = useTranslation();
  const kinds = useKindLabels();
  const q = useContentWidget('summary', search);
  const d = q.data;
  const of = (rows: NonNullable<typeof d>['current'] | undefined, kind: ContentAnalyticsKind) => rows?.find((r) => r.kind === kind) ?? { impressions: 0, clicks: 0 };
  const figures: SummaryFigure[] = HEADLINE_KINDS.flatMap((kind) => (['impressions', 'clicks'] as const).map((m) => ({
    key: `${kind}-${m}`,
    label: `${kinds[kind]}: ${m === 'clicks' ? t('analytics.more.clicks', 'Clicks') : t('analytics.more.impressions', 'Impressions')}`,
    kind: 'count' as const,
    value: of(d?.current, kind)[m],
    previous: of(d?.previous, kind)[m],
  })));
  return <SummaryFiguresWidget title={t('analytics.more.content', 'Content')} testId="overview-content" state={q} periods={d} figures={figures} span={12} extra={<DashboardLink entry="pandora.dashboard-analytics/content" search={search} />} />;
}

/**
 * Dashboard analytics, Overview: the headline of each dashboard (sales and their trend, customers, app engagement,
 * content, help), each widget loading on its own and leading to its dashboard.
 */
export function OverviewScreen() {
  const { t } = useTranslation();
  const opens = useOpens();
  return (
    <AnalyticsPage title={useDashboardTitle('pandora.dashboard-analytics/overview')}>
      {(search) => (
        <Flex vertical gap={16}>
          <SalesSummaryWidget search={search} figures={['sales', 'transactions', 'average_transaction']} link={() => (opens(SALES) ? drillTo(menuEntry(SALES).route, search) : undefined)} />
          <SalesTrendWidget search={search} view="overview" title={t('analytics.trend', 'Sales and transactions')} extra={<DashboardLink entry={SALES} search={search} />} testId="overview-sales-trend" />
          <CustomersWidget search={search} />
          <Row gutter={[16, 16]}>
            {/* Planogram figures are open to planogram analytics only: shown to those who may open it. */}
            {opens('pandora.planogram-analytics') && (
              <Col xs={24} xl={12}>
                <PlanogramSummaryWidget search={search} keys={['impressions', 'clicks', 'carts', 'click_through']} span={12} extra={<DashboardLink entry="pandora.planogram-analytics" search={search} />} />
              </Col>
            )}
            <Col xs={24} xl={12}>
              <ContentHeadlineWidget search={search} />
            </Col>
          </Row>
          <HelpFiguresWidget search={search} title={t('analytics.more.helpSummary', 'Help desk')} figures={['total', 'open', 'solved']} extra={<DashboardLink entry="pandora.dashboard-analytics/help" search={search} />} />
        </Flex>
      )}
    </AnalyticsPage>
  );
}
