import type { ReactNode } from 'react';
import { Col, Flex, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { menuEntry, type DayPeriod, type TopMeasure } from '@portal/contract';
import { registerDictionaries, useLang } from '../../lib/i18n.ts';
import { AnalyticsPage } from './AnalyticsFilterBar.tsx';
import type { AnalyticsSearch } from './analytics-filters.ts';
import { DASHBOARD_SALES, DrillButton, DrillLink, drillTo, SALES_ANALYTICS, SALES_DASHBOARD, type Drill, type SalesDetailType } from './analytics-links.tsx';
import { analyticsI18n } from './analytics.i18n.ts';
import { DETAIL_OF, TREND_VIEWS, type MeasureKey } from './sales.measures.ts';
import { OrderSwitch, useRankSearch, type RankOrder } from './analytics-blocks.tsx';
import { SalesChannelWidget, SalesRegionWidget, SalesSummaryWidget, SalesTrendWidget, StoreRankWidget, TopItemsWidget } from './sales.widgets.tsx';

registerDictionaries(analyticsI18n);

/** A menu entry's label in the UI language: the dashboards' titles. */
function useEntryTitle(key: string): string {
  const lang = useLang();
  const entry = menuEntry(key);
  return lang === 'id' ? entry.labelId : entry.label;
}

const TOP_TEN = { page: 1, limit: 10, order: 'desc' as const };
const periodOf = (p: DayPeriod) => ({ from: p.from, to: p.to });

/* pandora, Sales Dashboard. */

/** Where the sales dashboard's clicks lead: a bucket to its members' sales, a store, channel or region to the stores' ranking. */
function salesDashboardDrills(search: AnalyticsSearch) {
  return {
    bucket: (p: DayPeriod) => drillTo(`${SALES_DASHBOARD}/sales-member`, search, periodOf(p)),
    store: (code: string) => drillTo(`${SALES_DASHBOARD}/summary-sales`, search, { store_code: code }),
    channel: (channel: number) => drillTo(`${SALES_DASHBOARD}/summary-sales`, search, { channel }),
    region: (code: string) => drillTo(`${SALES_DASHBOARD}/summary-sales`, search, { province_code: code }),
    measure: (m: MeasureKey) => {
      const type = DETAIL_OF[m];
      return type ? drillTo(`${SALES_DASHBOARD}/${type}`, search) : undefined;
    },
  };
}

function DetailsLink({ drill, testId }: { drill: Drill; testId: string }) {
  const { t } = useTranslation();
  return (
    <DrillLink drill={drill} testId={testId}>
      {t('analytics.details', 'Details')}
    </DrillLink>
  );
}

/** The sales dashboard: the period's figures, its trend, channels, regions and top stores, each widget on its own. */
export function SalesDashboardScreen() {
  const { t } = useTranslation();
  return (
    <AnalyticsPage title={useEntryTitle('pandora.sales-dashboard')}>
      {(search) => {
        const drills = salesDashboardDrills(search);
        return (
          <Flex vertical gap={16}>
            <SalesSummaryWidget search={search} figures={TREND_VIEWS.overview.figures} link={drills.measure} />
            <SalesTrendWidget
              search={search}
              view="overview"
              title={t('analytics.trend', 'Sales and transactions')}
              onBucket={drills.bucket}
              extra={<DetailsLink drill={drillTo(`${SALES_DASHBOARD}/sales-member`, search)} testId="trend-details" />}
            />
            <Row gutter={[16, 16]}>
              <Col xs={24} xl={12}>
                <SalesChannelWidget search={search} onChannel={drills.channel} />
              </Col>
              <Col xs={24} xl={12}>
                <SalesRegionWidget search={search} onRegion={drills.region} />
              </Col>
            </Row>
            <StoreRankWidget
              search={search}
              paging={TOP_TEN}
              title={t('analytics.topStores', 'Top 10 stores')}
              onStore={drills.store}
              extra={<DetailsLink drill={drillTo(`${SALES_DASHBOARD}/summary-sales`, search)} testId="stores-details" />}
            />
          </Flex>
        );
      }}
    </AnalyticsPage>
  );
}

/** A detail page's title. */
function useDetailTitle(type: SalesDetailType): string {
  const { t } = useTranslation();
  const titles: Record<SalesDetailType, string> = {
    'sales-member': t('analytics.detail.salesMember', 'Member and non-member sales'),
    'member-transaction': t('analytics.detail.memberTransaction', 'Member and non-member transactions'),
    'apc-member': t('analytics.detail.apcMember', 'APC of members and non-members'),
    'average-transaction': t('analytics.detail.averageTransaction', 'Average transaction and items per transaction'),
    'summary-sales': t('analytics.detail.summarySales', 'Sales by store'),
  };
  return titles[type];
}

/** A detail page of the sales dashboard: a trend of members against non-members, or the stores ranked. */
function SalesDetailPage({ type }: { type: SalesDetailType }) {
  const { t } = useTranslation();
  const title = useDetailTitle(type);
  const dashboard = useEntryTitle('pandora.sales-dashboard');
  const rank = useRankSearch();
  return (
    <AnalyticsPage title={title}>
      {(search) => {
        const back = (
          <DrillButton drill={drillTo(SALES_DASHBOARD, search)} testId="back-to-dashboard" back>
            {t('analytics.backTo', 'Back to {{name}}', { name: dashboard })}
          </DrillButton>
        );
        if (type === 'summary-sales') {
          return (
            <Flex vertical gap={16}>
              <Flex>{back}</Flex>
              <SalesSummaryWidget search={search} figures={['sales', 'transactions', 'average_transaction']} />
              <StoreRankWidget
                search={search}
                paging={rank}
                title={rank.order === 'asc' ? t('analytics.storesBottom', 'Stores, lowest sales first') : t('analytics.storesTop', 'Stores, highest sales first')}
                onStore={(code) => drillTo(`${SALES_DASHBOARD}/sales-member`, search, { store_code: code })}
                extra={<OrderSwitch order={rank.order} onChange={rank.setOrder} />}
                testId="sales-store-ranking"
              />
            </Flex>
          );
        }
        return (
          <Flex vertical gap={16}>
            <Flex>{back}</Flex>
            <SalesSummaryWidget search={search} figures={TREND_VIEWS[type].figures} />
            <SalesTrendWidget search={search} view={type} title={title} onBucket={(p) => drillTo(`${SALES_DASHBOARD}/${type}`, search, periodOf(p))} testId="sales-detail-trend" />
          </Flex>
        );
      }}
    </AnalyticsPage>
  );
}

export const SalesMemberScreen = () => <SalesDetailPage type="sales-member" />;
export const MemberTransactionScreen = () => <SalesDetailPage type="member-transaction" />;
export const ApcMemberScreen = () => <SalesDetailPage type="apc-member" />;
export const AverageTransactionScreen = () => <SalesDetailPage type="average-transaction" />;
export const SummarySalesScreen = () => <SalesDetailPage type="summary-sales" />;

/* pandora, Sales Analytics: top sub categories and PLUs. */

type ItemKind = 'category' | 'plu';
const TOP_PATH: Record<ItemKind, string> = { category: 'top-sales-category', plu: 'top-sales-plu' };

function useItemTitles() {
  const { t } = useTranslation();
  return {
    category: { sales: t('analytics.top.categorySales', 'Top sub categories by sales'), quantity: t('analytics.top.categoryQuantity', 'Top sub categories by quantity') },
    plu: { sales: t('analytics.top.pluSales', 'Top PLUs by sales'), quantity: t('analytics.top.pluQuantity', 'Top PLUs by quantity') },
  } satisfies Record<ItemKind, Record<TopMeasure, string>>;
}

/** Links to a top list in full, by sales and by quantity. */
function TopLinks({ kind, search }: { kind: ItemKind; search: AnalyticsSearch }) {
  const { t } = useTranslation();
  return (
    <Flex gap={12}>
      <DrillLink drill={drillTo(`${SALES_ANALYTICS}/${TOP_PATH[kind]}/sales`, search)} testId={`${TOP_PATH[kind]}-sales`}>
        {t('analytics.top.allBySales', 'All by sales')}
      </DrillLink>
      <DrillLink drill={drillTo(`${SALES_ANALYTICS}/${TOP_PATH[kind]}/quantity`, search)} testId={`${TOP_PATH[kind]}-quantity`}>
        {t('analytics.top.allByQuantity', 'All by quantity')}
      </DrillLink>
    </Flex>
  );
}

/** Sales analytics: the top 10 sub categories and the top 10 PLUs by sales, each leading to its full ranking. */
export function SalesAnalyticsScreen() {
  const titles = useItemTitles();
  return (
    <AnalyticsPage title={useEntryTitle('pandora.sales-analytics')}>
      {(search) => (
        <Row gutter={[16, 16]}>
          {(['category', 'plu'] as const).map((kind) => (
            <Col key={kind} xs={24} xxl={12}>
              <TopItemsWidget search={search} kind={kind} measure="sales" paging={TOP_TEN} title={titles[kind].sales} extra={<TopLinks kind={kind} search={search} />} testId={`top-${kind}`} />
            </Col>
          ))}
        </Row>
      )}
    </AnalyticsPage>
  );
}

/** A top list in full: ranked by sales or quantity, paged (page, size and order in the URL), beside the period before. */
function TopItemsPage({ kind, measure }: { kind: ItemKind; measure: TopMeasure }) {
  const { t } = useTranslation();
  const title = useItemTitles()[kind][measure];
  const analytics = useEntryTitle('pandora.sales-analytics');
  const rank = useRankSearch();
  const other: TopMeasure = measure === 'sales' ? 'quantity' : 'sales';
  return (
    <AnalyticsPage title={title}>
      {(search) => (
        <Flex vertical gap={16}>
          <Flex gap={8} wrap>
            <DrillButton drill={drillTo(SALES_ANALYTICS, search)} testId="back-to-analytics" back>
              {t('analytics.backTo', 'Back to {{name}}', { name: analytics })}
            </DrillButton>
            <DrillButton drill={drillTo(`${SALES_ANALYTICS}/${TOP_PATH[kind]}/${other}`, search)} testId="other-measure">
              {other === 'sales' ? t('analytics.top.bySales', 'Rank by sales') : t('analytics.top.byQuantity', 'Rank by quantity')}
            </DrillButton>
          </Flex>
          <TopItemsWidget search={search} kind={kind} measure={measure} paging={rank} title={title} extra={<OrderSwitch order={rank.order} onChange={rank.setOrder} />} testId={`top-${kind}`} />
        </Flex>
      )}
    </AnalyticsPage>
  );
}

export const TopCategorySalesScreen = () => <TopItemsPage kind="category" measure="sales" />;
export const TopCategoryQuantityScreen = () => <TopItemsPage kind="category" measure="quantity" />;
export const TopPluSalesScreen = () => <TopItemsPage kind="plu" measure="sales" />;
export const TopPluQuantityScreen = () => <TopItemsPage kind="plu" measure="quantity" />;

/* pandora, Dashboard analytics: Sales (detail, top-store, bottom-store). */

/** The dashboard's own pages: a bucket or a store leads to its detail (the trend in full). */
const dashboardDetail = (search: AnalyticsSearch, change: Record<string, string | number | undefined> = {}) => drillTo(`${DASHBOARD_SALES}/detail`, search, change);

function DashboardLinks({ search }: { search: AnalyticsSearch }) {
  const { t } = useTranslation();
  return (
    <Flex gap={12}>
      <DrillLink drill={drillTo(`${DASHBOARD_SALES}/top-store`, search)} testId="top-store-link">
        {t('analytics.topStoresAll', 'Top stores')}
      </DrillLink>
      <DrillLink drill={drillTo(`${DASHBOARD_SALES}/bottom-store`, search)} testId="bottom-store-link">
        {t('analytics.bottomStoresAll', 'Bottom stores')}
      </DrillLink>
    </Flex>
  );
}

/** Dashboard analytics, Sales: the figures, the trend and the top stores. */
export function DashboardSalesScreen() {
  const { t } = useTranslation();
  return (
    <AnalyticsPage title={useEntryTitle('pandora.dashboard-analytics/sales')}>
      {(search) => (
        <Flex vertical gap={16}>
          <SalesSummaryWidget search={search} figures={TREND_VIEWS.overview.figures} />
          <SalesTrendWidget
            search={search}
            view="overview"
            title={t('analytics.trend', 'Sales and transactions')}
            onBucket={(p) => dashboardDetail(search, periodOf(p))}
            extra={<DetailsLink drill={dashboardDetail(search)} testId="trend-details" />}
          />
          <StoreRankWidget
            search={search}
            paging={TOP_TEN}
            title={t('analytics.topStores', 'Top 10 stores')}
            onStore={(code) => dashboardDetail(search, { store_code: code })}
            extra={<DashboardLinks search={search} />}
          />
        </Flex>
      )}
    </AnalyticsPage>
  );
}

/** The page of one of the dashboard's links, with its way back. */
function DashboardSubPage({ title, children }: { title: string; children: (search: AnalyticsSearch) => ReactNode }) {
  const { t } = useTranslation();
  const name = useEntryTitle('pandora.dashboard-analytics/sales');
  return (
    <AnalyticsPage title={title}>
      {(search) => (
        <Flex vertical gap={16}>
          <Flex>
            <DrillButton drill={drillTo(DASHBOARD_SALES, search)} testId="back-to-dashboard" back>
              {t('analytics.backTo', 'Back to {{name}}', { name })}
            </DrillButton>
          </Flex>
          {children(search)}
        </Flex>
      )}
    </AnalyticsPage>
  );
}

/** Every figure of the period, bucket by bucket. */
export function DashboardSalesDetailScreen() {
  const { t } = useTranslation();
  const title = t('analytics.salesDetail', 'Sales in detail');
  return (
    <DashboardSubPage title={title}>
      {(search) => (
        <>
          <SalesSummaryWidget search={search} figures={TREND_VIEWS.all.figures} />
          <SalesTrendWidget search={search} view="all" title={title} onBucket={(p) => dashboardDetail(search, periodOf(p))} testId="sales-detail-trend" />
        </>
      )}
    </DashboardSubPage>
  );
}

function StoreRankingPage({ order }: { order: RankOrder }) {
  const { t } = useTranslation();
  const rank = useRankSearch(order);
  const title = order === 'asc' ? t('analytics.storesBottom', 'Stores, lowest sales first') : t('analytics.storesTop', 'Stores, highest sales first');
  return (
    <DashboardSubPage title={title}>
      {(search) => <StoreRankWidget search={search} paging={rank} title={title} onStore={(code) => dashboardDetail(search, { store_code: code })} testId="sales-store-ranking" />}
    </DashboardSubPage>
  );
}

export const DashboardTopStoreScreen = () => <StoreRankingPage order="desc" />;
export const DashboardBottomStoreScreen = () => <StoreRankingPage order="asc" />;
