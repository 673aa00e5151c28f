import { Col, Flex, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { CONTENT_ANALYTICS_KINDS, CONTENT_MEASURES, MAX_PAGE_LIMIT, analyticsExportsApi, type ContentAnalyticsKind } from '@portal/contract';
import { registerDictionaries } from '../../lib/i18n.ts';
import { useSearchParam, useSearchPatch } from '../../ui/search-param.ts';
import { AnalyticsPage } from './AnalyticsFilterBar.tsx';
import { useAnalyticsSearch, type AnalyticsSearch } from './analytics-filters.ts';
import { PageExportButton } from './PageExport.tsx';
import { DrillLink, drillTo } from './analytics-links.tsx';
import { DetailPage, useDashboardTitle } from './analytics-more.tsx';
import { analyticsMoreI18n } from './analytics-more.i18n.ts';
import { analyticsI18n } from './analytics.i18n.ts';
import { shareI18n } from './share.i18n.ts';
import { CONTENT_DASHBOARD, ContentKindsWidget, ContentMeasureSwitch, ContentRankWidget, ContentTotalsWidget, KIND_PAGE, OfferTopAverageWidget, useKindLabels, type ContentMeasure } from './content.widgets.tsx';
import { OrderSwitch, useRankSearch, type RankPaging } from './analytics-blocks.tsx';

// The share dialog's texts too (its button also registers them, for the sales pages).
registerDictionaries(analyticsI18n, analyticsMoreI18n, shareI18n);

const CONTENT = 'pandora.dashboard-analytics/content';
const CAMPAIGN = 'pandora.dashboard-analytics/marketing-campaign';
const TOP_FIVE: RankPaging = { page: 1, limit: 5, order: 'desc' };

/** The measure a ranking page is by (`measure` in the URL, impressions by default), with its setter. */
function useContentMeasure(): [ContentMeasure, (m: ContentMeasure) => void] {
  const [raw] = useSearchParam('measure');
  const patch = useSearchPatch();
  return [CONTENT_MEASURES.find((m) => m === raw) ?? 'impressions', (m) => patch({ measure: m === 'impressions' ? undefined : m, page: undefined })];
}

/** A whole number of the URL within bounds, else the fallback. */
const intOf = (text: string | undefined, max: number, fallback: number) => {
  const n = Number(text);
  return Number.isInteger(n) && n >= 1 && n <= max ? n : fallback;
};

/** The offer top average's own page and size in the URL (`avg_page`, `avg_limit`), beside the ranking's. */
function useAveragePaging(): RankPaging {
  const [page] = useSearchParam('avg_page');
  const [limit] = useSearchParam('avg_limit');
  const patch = useSearchPatch();
  return {
    page: intOf(page, 1000, 1),
    limit: intOf(limit, MAX_PAGE_LIMIT, 10),
    order: 'desc',
    setPage: (p, l) => patch({ avg_page: p > 1 ? String(p) : undefined, avg_limit: l !== 10 ? String(l) : undefined }),
  };
}

function AllLink({ kind, search, testId }: { kind: ContentAnalyticsKind; search: AnalyticsSearch; testId?: string }) {
  const { t } = useTranslation();
  return (
    <DrillLink drill={drillTo(`${CONTENT_DASHBOARD}/${KIND_PAGE[kind]}`, search)} testId={testId ?? `content-${KIND_PAGE[kind]}-all`}>
      {t('analytics.more.all', 'All')}
    </DrillLink>
  );
}

/** Dashboard analytics, Content: the figures, the kinds side by side, the top five of each kind and the offer top average. */
export function ContentDashboardScreen() {
  const { t } = useTranslation();
  const kinds = useKindLabels();
  return (
    <AnalyticsPage title={useDashboardTitle(CONTENT)}>
      {(search) => (
        <Flex vertical gap={16}>
          <ContentTotalsWidget search={search} title={t('analytics.summary.title', 'Summary')} />
          <ContentKindsWidget search={search} />
          <Row gutter={[16, 16]}>
            {CONTENT_ANALYTICS_KINDS.map((kind) => (
              <Col key={kind} xs={24} xxl={12}>
                <ContentRankWidget
                  search={search}
                  subject={kind}
                  measure="impressions"
                  paging={TOP_FIVE}
                  title={t('analytics.more.topFiveOf', 'Top 5 {{kind}} by impressions', { kind: kinds[kind].toLowerCase() })}
                  testId={`content-top-${KIND_PAGE[kind]}`}
                  extra={<AllLink kind={kind} search={search} />}
                />
              </Col>
            ))}
            <Col xs={24} xxl={12}>
              <OfferTopAverageWidget search={search} paging={TOP_FIVE} title={t('analytics.more.offerTopAverageFive', 'Offer top average, top 5')} testId="offer-top-average" extra={<AllLink kind="offer" search={search} testId="offer-top-average-all" />} />
            </Col>
          </Row>
        </Flex>
      )}
    </AnalyticsPage>
  );
}

/** A kind's page: its figures, its items ranked by impressions or clicks, and, for offers, the offer top average. */
function ContentKindPage({ kind }: { kind: ContentAnalyticsKind }) {
  const { t } = useTranslation();
  const kinds = useKindLabels();
  const rank = useRankSearch();
  const [measure, setMeasure] = useContentMeasure();
  const average = useAveragePaging();
  const { search: filters } = useAnalyticsSearch();
  const labels = { impressions: t('analytics.more.word.impressions', 'impressions'), clicks: t('analytics.more.word.clicks', 'clicks') };
  const title = t('analytics.more.kindTitle', 'Content: {{kind}}', { kind: kinds[kind] });
  const rankTitle = t('analytics.more.kindRankTitle', '{{kind}} by {{measure}}, {{end}} first', {
    kind: kinds[kind],
    measure: labels[measure],
    end: rank.order === 'asc' ? t('analytics.more.lowest', 'lowest') : t('analytics.more.highest', 'highest'),
  });
  return (
    <DetailPage
      title={title}
      entry={CONTENT}
      extra={<PageExportButton endpoint={analyticsExportsApi.content} query={{ ...filters, kind, measure, order: rank.order }} />}
      tools={
        <>
          <ContentMeasureSwitch value={measure} onChange={setMeasure} />
          <OrderSwitch order={rank.order} onChange={rank.setOrder} />
        </>
      }
    >
      {(search) => (
        <>
          <ContentTotalsWidget search={search} kind={kind} title={kinds[kind]} />
          <ContentRankWidget search={search} subject={kind} measure={measure} paging={rank} title={rankTitle} testId="content-ranking" />
          {kind === 'offer' && (
            <OfferTopAverageWidget
              search={search}
              paging={average}
              title={t('analytics.more.offerTopAverage', 'Offer top average')}
              testId="offer-top-average"
              extra={<PageExportButton widget endpoint={analyticsExportsApi.offerTopAverage} query={filters} />}
            />
          )}
        </>
      )}
    </DetailPage>
  );
}

export const ContentOfferScreen = () => <ContentKindPage kind="offer" />;
export const ContentBannerScreen = () => <ContentKindPage kind="banner" />;
export const ContentMessagesScreen = () => <ContentKindPage kind="push-message" />;

/** Dashboard analytics, Marketing Campaign: the content's figures and the campaigns ranked by their items' impressions or clicks. */
export function MarketingCampaignScreen() {
  const { t } = useTranslation();
  const rank = useRankSearch();
  const [measure, setMeasure] = useContentMeasure();
  const word = measure === 'clicks' ? t('analytics.more.word.clicks', 'clicks') : t('analytics.more.word.impressions', 'impressions');
  const title = t('analytics.more.campaignRankTitle', 'Campaigns by {{measure}}, {{end}} first', { measure: word, end: rank.order === 'asc' ? t('analytics.more.lowest', 'lowest') : t('analytics.more.highest', 'highest') });
  const { search: filters } = useAnalyticsSearch();
  return (
    <AnalyticsPage title={useDashboardTitle(CAMPAIGN)} extra={<PageExportButton endpoint={analyticsExportsApi.campaigns} query={{ ...filters, measure, order: rank.order }} />}>
      {(search) => (
        <Flex vertical gap={16}>
          <ContentTotalsWidget search={search} title={t('analytics.more.contentSummary', 'Content summary')} />
          <ContentRankWidget
            search={search}
            subject="campaign"
            measure={measure}
            paging={rank}
            title={title}
            testId="campaign-ranking"
            extra={
              <Flex gap={8} wrap>
                <ContentMeasureSwitch value={measure} onChange={setMeasure} />
                <OrderSwitch order={rank.order} onChange={rank.setOrder} />
              </Flex>
            }
          />
        </Flex>
      )}
    </AnalyticsPage>
  );
}
