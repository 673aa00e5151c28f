import { Card, Col, Flex, Row, Typography } from 'antd';
import { useLocation } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import {
  analyticsExportsApi,
  PLANOGRAM_DETAIL_TYPES,
  PLANOGRAM_MEASURES,
  planogramDetailOf,
  planogramDetailType,
  type PlanogramDetailType,
  type PlanogramLevel,
  type PlanogramMeasure,
} from '@portal/contract';
import { registerDictionaries } from '../../lib/i18n.ts';
import { useSearchParam, useSearchPatch } from '../../ui/search-param.ts';
import { AnalyticsPage } from './AnalyticsFilterBar.tsx';
import { useAnalyticsSearch, type AnalyticsSearch } from './analytics-filters.ts';
import { DrillLink, drillTo, useDrill } from './analytics-links.tsx';
import { DetailPage, useDashboardTitle } from './analytics-more.tsx';
import { analyticsMoreI18n } from './analytics-more.i18n.ts';
import { analyticsI18n } from './analytics.i18n.ts';
import { shareI18n } from './share.i18n.ts';
import { PageExportButton } from './PageExport.tsx';
import { ChoiceSwitch } from './ranking.widgets.tsx';
import {
  MeasureSwitch,
  PLANOGRAM_ANALYTICS,
  PlanogramComparisonWidget,
  PlanogramRankWidget,
  PlanogramSelect,
  PlanogramSummaryWidget,
  useEngagementMeasures,
  type EngagementKey,
} from './planogram.widgets.tsx';
import { OrderSwitch, useRankSearch, type RankOrder } from './analytics-blocks.tsx';

// The share dialog's texts too (its button also registers them, for the sales pages).
registerDictionaries(analyticsI18n, analyticsMoreI18n, shareI18n);

const ENTRY = 'pandora.planogram-analytics';
const TOP_FIVE = { page: 1, limit: 5 };

/** A detail page's address with the filters (and what else it is narrowed to). */
const detailDrill = (type: PlanogramDetailType, search: AnalyticsSearch, change: Record<string, string | number | undefined> = {}) => drillTo(`${PLANOGRAM_ANALYTICS}/${type}`, search, change);

/** A figure's page: a measure's top planograms, a rate's the summary in full. */
const figureDrill = (search: AnalyticsSearch) => (key: EngagementKey) =>
  detailDrill(key === 'click_through' || key === 'cart_rate' ? 'summary' : planogramDetailType('planogram', key, 'desc'), search);

/** A planogram's products, ranked as the planograms are. */
const productsOf = (search: AnalyticsSearch, measure: PlanogramMeasure, order: RankOrder) => (planogramId: number) =>
  detailDrill(planogramDetailType('product', measure, order), search, { planogram_id: planogramId });

/** The title of a ranking: "Top planograms by impressions". */
function useRankTitle() {
  const { t } = useTranslation();
  const measures = useEngagementMeasures();
  return (level: PlanogramLevel, measure: PlanogramMeasure, order: RankOrder, n?: number) => {
    const words = {
      end: order === 'asc' ? t('analytics.more.bottom', 'Bottom') : t('analytics.more.top', 'Top'),
      level: level === 'planogram' ? t('analytics.more.planograms', 'planograms') : t('analytics.more.products', 'products'),
      measure: measures[measure].word,
      n,
    };
    return n ? t('analytics.more.rankTitleN', '{{end}} {{n}} {{level}} by {{measure}}', words) : t('analytics.more.rankTitle', '{{end}} {{level}} by {{measure}}', words);
  };
}

/** Every detail page, as links carrying the filters: the rankings of planograms and of products, the summary, the lists. */
function DetailLinks({ search }: { search: AnalyticsSearch }) {
  const { t } = useTranslation();
  const title = useRankTitle();
  const level = (l: PlanogramLevel) => (
    <Flex vertical gap={4}>
      {PLANOGRAM_MEASURES.flatMap((m) =>
        (['desc', 'asc'] as const).map((o) => {
          const type = planogramDetailType(l, m, o);
          return (
            <DrillLink key={type} drill={detailDrill(type, search)} testId={`detail-${type}`}>
              {title(l, m, o)}
            </DrillLink>
          );
        }),
      )}
    </Flex>
  );
  return (
    <Card title={<Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>{t('analytics.more.detailPages', 'Detail pages')}</Typography.Title>} data-testid="planogram-detail-links">
      <Row gutter={[24, 16]}>
        <Col xs={24} md={8}>
          <Typography.Title level={3} style={{ fontSize: 14 }}>{t('analytics.more.planogramLevel', 'Planograms')}</Typography.Title>
          {level('planogram')}
        </Col>
        <Col xs={24} md={8}>
          <Typography.Title level={3} style={{ fontSize: 14 }}>{t('analytics.more.productLevel', 'Products in planograms')}</Typography.Title>
          {level('product')}
        </Col>
        <Col xs={24} md={8}>
          <Typography.Title level={3} style={{ fontSize: 14 }}>{t('analytics.more.overall', 'Overall')}</Typography.Title>
          <Flex vertical gap={4}>
            <DrillLink drill={detailDrill('summary', search)} testId="detail-summary">{t('analytics.more.summaryPage', 'Summary and the period before')}</DrillLink>
            <DrillLink drill={detailDrill('planogram', search)} testId="detail-planogram">{t('analytics.more.allPlanogramsPage', 'Every planogram, by any measure')}</DrillLink>
            <DrillLink drill={detailDrill('product', search)} testId="detail-product">{t('analytics.more.allProductsPage', 'Every product, by any measure')}</DrillLink>
          </Flex>
        </Col>
      </Row>
    </Card>
  );
}

/** Planogram analytics: the period's engagement, the top and bottom five planograms by impressions, and the detail pages. */
export function PlanogramAnalyticsScreen() {
  const { t } = useTranslation();
  const title = useRankTitle();
  const { search } = useAnalyticsSearch();
  return (
    <AnalyticsPage title={useDashboardTitle(ENTRY)} extra={<PageExportButton endpoint={analyticsExportsApi.planograms} query={{ ...search, measure: 'impressions' }} />}>
      {(s) => (
        <Flex vertical gap={16}>
          <PlanogramSummaryWidget search={s} link={figureDrill(s)} />
          <Row gutter={[16, 16]}>
            {(['desc', 'asc'] as const).map((order) => (
              <Col key={order} xs={24} xxl={12}>
                <PlanogramRankWidget
                  search={s}
                  level="planogram"
                  measure="impressions"
                  paging={{ ...TOP_FIVE, order }}
                  title={title('planogram', 'impressions', order, 5)}
                  testId={order === 'desc' ? 'planograms-top' : 'planograms-bottom'}
                  onPlanogram={productsOf(s, 'impressions', order)}
                  figures={['impressions', 'click_through']}
                  extra={
                    <DrillLink drill={detailDrill(planogramDetailType('planogram', 'impressions', order), s)} testId={order === 'desc' ? 'planograms-top-all' : 'planograms-bottom-all'}>
                      {t('analytics.more.all', 'All')}
                    </DrillLink>
                  }
                />
              </Col>
            ))}
          </Row>
          <DetailLinks search={s} />
        </Flex>
      )}
    </AnalyticsPage>
  );
}

/** Planograms or their products, as a choice that leads to the other level's page. */
function LevelSwitch({ value, onChange }: { value: PlanogramLevel; onChange: (level: PlanogramLevel) => void }) {
  const { t } = useTranslation();
  const options = [
    { value: 'planogram' as const, label: t('analytics.more.planogramLevel', 'Planograms') },
    { value: 'product' as const, label: t('analytics.more.productLevel', 'Products in planograms') },
  ];
  return <ChoiceSwitch label={t('analytics.more.level', 'Level')} testId="rank-level" value={value} onChange={onChange} options={options} />;
}

/** The chosen planogram of a products' page (`planogram_id` in the URL). */
function usePlanogramId(): [number | undefined, (id: number | undefined) => void] {
  const [text] = useSearchParam('planogram_id');
  const patch = useSearchPatch();
  const id = Number(text);
  return [Number.isInteger(id) && id > 0 ? id : undefined, (next) => patch({ planogram_id: next ? String(next) : undefined, page: undefined })];
}

/**
 * Planograms or products ranked: by one measure and order (`fixed`, a ranking's own page, whose switches lead to the
 * other rankings' pages), or by the measure and order the page chooses (`measure` and `order` in the URL).
 */
function RankingPage({ level, fixed }: { level: PlanogramLevel; fixed?: { measure: PlanogramMeasure; order: RankOrder } }) {
  const { t } = useTranslation();
  const rank = useRankSearch(fixed?.order);
  const patch = useSearchPatch();
  const drill = useDrill();
  const { search } = useAnalyticsSearch();
  const [chosen] = useSearchParam('measure');
  const measure = fixed?.measure ?? PLANOGRAM_MEASURES.find((m) => m === chosen) ?? 'impressions';
  const [planogramId, setPlanogramId] = usePlanogramId();
  const narrowed = level === 'product' ? planogramId : undefined;
  const rankTitle = useRankTitle()(level, measure, rank.order);
  const listTitle = level === 'planogram' ? t('analytics.more.allPlanogramsPage', 'Every planogram, by any measure') : t('analytics.more.allProductsPage', 'Every product, by any measure');
  const go = (l: PlanogramLevel, m: PlanogramMeasure, o: RankOrder) => drill(detailDrill(planogramDetailType(l, m, o), search, l === 'product' ? { planogram_id: narrowed } : {}));
  const setMeasure = (m: PlanogramMeasure) => (fixed ? go(level, m, rank.order) : patch({ measure: m === 'impressions' ? undefined : m, page: undefined }));
  const setOrder = (o: RankOrder) => (fixed ? go(level, measure, o) : rank.setOrder(o));
  const exportQuery = { ...search, measure, order: rank.order, ...(narrowed ? { planogram_id: narrowed } : {}) };
  return (
    <DetailPage
      title={fixed ? rankTitle : listTitle}
      entry={ENTRY}
      extra={<PageExportButton endpoint={level === 'planogram' ? analyticsExportsApi.planograms : analyticsExportsApi.products} query={exportQuery} />}
      tools={
        <>
          {fixed && <LevelSwitch value={level} onChange={(l) => go(l, measure, rank.order)} />}
          <MeasureSwitch value={measure} onChange={setMeasure} />
          <OrderSwitch order={rank.order} onChange={setOrder} />
          {level === 'product' && <PlanogramSelect search={search} value={planogramId} onChange={setPlanogramId} />}
        </>
      }
    >
      {(s) => (
        <PlanogramRankWidget
          search={s}
          level={level}
          measure={measure}
          paging={rank}
          planogramId={narrowed}
          title={rankTitle}
          testId="planogram-ranking"
          onPlanogram={level === 'planogram' ? productsOf(s, measure, rank.order) : undefined}
        />
      )}
    </DetailPage>
  );
}

/** The summary in full: every figure beside the period before's, as figures, bars and a table. */
function SummaryPage() {
  const { t } = useTranslation();
  const { search } = useAnalyticsSearch();
  return (
    <DetailPage title={t('analytics.more.summaryPage', 'Summary and the period before')} entry={ENTRY} extra={<PageExportButton endpoint={analyticsExportsApi.planogramSummary} query={search} />}>
      {(s) => (
        <>
          <PlanogramSummaryWidget search={s} link={(key) => (key === 'click_through' || key === 'cart_rate' ? undefined : figureDrill(s)(key))} />
          <PlanogramComparisonWidget search={s} />
        </>
      )}
    </DetailPage>
  );
}

/** A detail page of planogram analytics (the spec's `{typeDetail}`), by the last segment of its address. */
export function PlanogramDetailScreen() {
  const pathname = useLocation({ select: (l) => l.pathname });
  const type = PLANOGRAM_DETAIL_TYPES.find((t) => pathname.endsWith(`/${t}`)) ?? 'summary';
  const detail = planogramDetailOf(type);
  if (detail.kind === 'summary') return <SummaryPage />;
  if (detail.kind === 'list') return <RankingPage key={type} level={detail.level} />;
  return <RankingPage key={type} level={detail.level} fixed={{ measure: detail.measure, order: detail.order }} />;
}
