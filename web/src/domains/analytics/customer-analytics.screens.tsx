import { Col, Flex, Row, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CUSTOMER_DETAIL_TYPES, CUSTOMER_MEASURES, customerAnalyticsExportsApi, menuEntry, type CustomerDetailType, type DayPeriod } from '@portal/contract';
import { registerDictionaries, useLang } from '../../lib/i18n.ts';
import { usePrintMode } from '../../ui/print-mode.ts';
import { AnalyticsPage } from './AnalyticsFilterBar.tsx';
import { OrderSwitch, useRankSearch } from './analytics-blocks.tsx';
import { useAnalyticsSearch, type AnalyticsSearch } from './analytics-filters.ts';
import { DrillButton, DrillLink, drillTo } from './analytics-links.tsx';
import { analyticsMoreI18n } from './analytics-more.i18n.ts';
import { analyticsI18n } from './analytics.i18n.ts';
import { customerAnalyticsI18n } from './customer-analytics.i18n.ts';
import { CUSTOMER_ANALYTICS, customerDetailPath, useCustomerMeasureTexts } from './customer-analytics.measures.ts';
import { CustomerMeasuresWidget, MeasureChannelWidget, MeasureDetailTrendWidget, MeasureRegionWidget, MeasureStoreWidget, MeasureSummaryWidget, MeasureTrendCard } from './customer-analytics.widgets.tsx';
import { customersI18n } from './customers.i18n.ts';
import { CustomerTrendWidget } from './customers.widgets.tsx';
import { PageExportButton } from './PageExport.tsx';
import { shareI18n } from './share.i18n.ts';

registerDictionaries(analyticsI18n, analyticsMoreI18n, customersI18n, customerAnalyticsI18n, shareI18n);

const ENTRY = 'pandora.customer-analytics';
const periodOf = (p: DayPeriod) => ({ from: p.from, to: p.to });

function useEntryTitle(): string {
  const lang = useLang();
  const entry = menuEntry(ENTRY);
  return lang === 'id' ? entry.labelId : entry.label;
}

/**
 * pandora › Customer Analytics: the six averages per customer and per transaction beside the period before, each
 * measure's trend, and the customers' figures bucket by bucket; a card, a trend's point or its Details link opens the
 * measure's page with the filters.
 */
export function CustomerAnalyticsScreen() {
  return (
    <AnalyticsPage title={useEntryTitle()}>
      {(search) => (
        <Flex vertical gap={16}>
          <CustomerMeasuresWidget search={search} link={(type) => drillTo(customerDetailPath(type), search)} />
          <Row gutter={[16, 16]}>
            {CUSTOMER_DETAIL_TYPES.map((type) => (
              <Col key={type} xs={24} lg={12} xxl={8}>
                <MeasureTrendCard search={search} type={type} details={drillTo(customerDetailPath(type), search)} onBucket={(p) => drillTo(customerDetailPath(type), search, periodOf(p))} />
              </Col>
            ))}
          </Row>
          <CustomerTrendWidget search={search} />
        </Flex>
      )}
    </AnalyticsPage>
  );
}

/** The six measures' pages, the open one marked: a way across without going back. */
function MeasureNav({ type, search }: { type: CustomerDetailType; search: AnalyticsSearch }) {
  const { t } = useTranslation();
  const texts = useCustomerMeasureTexts();
  return (
    <nav aria-label={t('customerAnalytics.measuresNav', 'Measures')}>
      <Flex gap={12} wrap align="center" data-testid="measure-nav">
        {CUSTOMER_DETAIL_TYPES.map((other) =>
          other === type ? (
            <Tag key={other} color="green" aria-current="page" style={{ marginInlineEnd: 0 }}>
              {texts.label[other]}
            </Tag>
          ) : (
            <DrillLink key={other} drill={drillTo(customerDetailPath(other), search)} testId={`measure-nav-${other}`}>
              {texts.label[other]}
            </DrillLink>
          ),
        )}
      </Flex>
    </nav>
  );
}

/**
 * A measure's page (the spec's `{typeDetail}`): the measure and what it divides beside the period before, its trend,
 * and the measure by channel, by region and by store (ranked, paged, top or bottom first, exported). A day, channel,
 * region or store opens the same page narrowed to it.
 */
function CustomerDetailPage({ type }: { type: CustomerDetailType }) {
  const { t } = useTranslation();
  const texts = useCustomerMeasureTexts();
  const analytics = useEntryTitle();
  const rank = useRankSearch();
  const { search } = useAnalyticsSearch();
  const here = customerDetailPath(type);
  const per = CUSTOMER_MEASURES[type].per;
  // Printed, the ways to other pages have nowhere to lead.
  const print = usePrintMode();
  return (
    <AnalyticsPage title={texts.label[type]} extra={<PageExportButton endpoint={customerAnalyticsExportsApi[type]} query={{ ...search, order: rank.order }} />}>
      {(filters) => (
        <Flex vertical gap={16}>
          {!print && (
            <Flex justify="space-between" align="center" gap={16} wrap>
              <DrillButton drill={drillTo(CUSTOMER_ANALYTICS, filters)} testId="back-to-customer-analytics" back>
                {t('analytics.backTo', 'Back to {{name}}', { name: analytics })}
              </DrillButton>
              <MeasureNav type={type} search={filters} />
            </Flex>
          )}
          <Typography.Paragraph type="secondary" style={{ margin: 0 }} data-testid="measure-about">
            {texts.about[type]}{' '}
            {per === 'customer'
              ? t('customerAnalytics.perCustomerNote', 'In a channel, region or store, its customers are the members who bought there, each once.')
              : t('customerAnalytics.perTransactionNote', 'Every transaction counts, with a member card or without.')}
          </Typography.Paragraph>
          <MeasureSummaryWidget search={filters} type={type} />
          <MeasureDetailTrendWidget search={filters} type={type} onBucket={(p) => drillTo(here, filters, periodOf(p))} />
          {/* Side by side only where the regions' table fits beside the channels without scrolling. */}
          <Row gutter={[16, 16]}>
            <Col xs={24} xxl={9}>
              <MeasureChannelWidget search={filters} type={type} onChannel={(channel) => drillTo(here, filters, { channel })} />
            </Col>
            <Col xs={24} xxl={15}>
              <MeasureRegionWidget search={filters} type={type} onRegion={(code) => drillTo(here, filters, { province_code: code })} />
            </Col>
          </Row>
          <MeasureStoreWidget
            search={filters}
            type={type}
            paging={rank}
            onStore={(code) => drillTo(here, filters, { store_code: code })}
            extra={<OrderSwitch order={rank.order} onChange={rank.setOrder} />}
          />
        </Flex>
      )}
    </AnalyticsPage>
  );
}

export const ApcPerCustomerScreen = () => <CustomerDetailPage type="apc-per-customer" />;
export const IpcPerCustomerScreen = () => <CustomerDetailPage type="ipc-per-customer" />;
export const QpcPerCustomerScreen = () => <CustomerDetailPage type="qpc-per-customer" />;
export const ApcPerTransactionScreen = () => <CustomerDetailPage type="apc-per-transaction" />;
export const IpcPerTransactionScreen = () => <CustomerDetailPage type="ipc-per-transaction" />;
export const QpcPerTransactionScreen = () => <CustomerDetailPage type="qpc-per-transaction" />;
