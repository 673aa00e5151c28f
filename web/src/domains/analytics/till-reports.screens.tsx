import { useEffect, useMemo, type ComponentProps } from 'react';
import { Button, Card, Col, Descriptions, Flex, Row, Spin, Statistic, Table, Typography } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useParams, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import {
  alpTotalsQuery,
  freeGiftProgrammeQuery,
  freeGiftReportTotalsQuery,
  promoReportTotalsQuery,
  tillReportsApi,
  USER_STATUS,
  type AlpDetail,
  type AlpTotals,
  type FreeGiftHandoverRow,
  type FreeGiftProgramme,
  type FreeGiftReportTotals,
  type PromoReportTotals,
} from '@portal/contract';
import { ApiError, type Paged } from '../../lib/api.ts';
import { callEndpoint } from '../../lib/call.ts';
import { formatCount, formatRupiah, useFormat } from '../../lib/format.ts';
import { registerDictionaries } from '../../lib/i18n.ts';
import { errorMessage } from '../../lib/notifier.tsx';
import { resourceKeys } from '../../lib/query-keys.ts';
import { Chart } from '../../ui/Chart.tsx';
import { DetailView } from '../../ui/DetailView.tsx';
import { FilterBar } from '../../ui/FilterBar.tsx';
import { listQueryParams } from '../../ui/list-search.ts';
import { useGo } from '../../ui/nav.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { ReportListPage, ReportTotals, thisMonth, useReportFilters } from '../../ui/ReportTotals.tsx';
import { listScreen } from '../../ui/ResourceScreens.tsx';
import { Result } from '../../ui/Result.tsx';
import { useSearchPatch } from '../../ui/search-param.ts';
import { StatusTag } from '../../ui/StatusTag.tsx';
import { useResourceAccess } from '../../ui/use-resource-access.ts';
import { alpDetailPath, ALP_ROUTE, FREE_GIFT_ROUTE, TillStoreOf } from './TillReportCells.tsx';
import { alpReportView, freeGiftReportView, promoReportView } from './till-reports.view.ts';
import { tillReportsI18n } from './till-reports.i18n.ts';

registerDictionaries(tillReportsI18n);

/** This month in Asia/Jakarta, the period the till reports open on (their keys are the dashboards' `from` and `to`). */
const thisPeriod = () => {
  const m = thisMonth();
  return { from: m.date_from!, to: m.date_until! };
};

/** A report's totals over its period: its figures, the days they cover and what they mean. */
function PeriodTotals<T extends { from: string; to: string }>(props: Omit<ComponentProps<typeof ReportTotals<T>>, 'caption' | 'testId'>) {
  const { t } = useTranslation();
  const f = useFormat();
  const day = (d: string) => f.date(`${d}T12:00:00+07:00`);
  return <ReportTotals<T> {...props} testId="till-report-totals" caption={(d) => t('analytics.tillReports.period', 'Period {{from}} – {{to}}', { from: day(d.from), to: day(d.to) })} />;
}

const percentText = (value: number | null, lang: string) => (value === null ? '—' : `${value.toLocaleString(lang === 'id' ? 'id-ID' : 'en-US', { maximumFractionDigits: 1 })} %`);

/* ALP Report */

function AlpTotalsCard() {
  const { t } = useTranslation();
  const f = useFormat();
  const label = (key: string, text: string) => t(`analytics.tillReports.alp.fields.${key}`, text);
  return (
    <PeriodTotals<AlpTotals>
      endpoint={tillReportsApi.alp.totals}
      schema={alpTotalsQuery}
      figures={(d) => [
        { key: 'transactions', label: t('analytics.tillReports.alp.transactions', 'Staff purchases'), count: d.transactions, value: d.amount },
        { key: 'discount', label: label('discount', 'Staff Discount'), value: d.discount },
        { key: 'quota', label: label('quota', 'Monthly Quota'), value: d.quota },
        { key: 'over_quota', label: t('analytics.tillReports.alp.overQuota', 'Over quota'), count: d.over_quota_transactions, value: d.over_quota_discount },
      ]}
      note={t(
        'analytics.tillReports.alp.note',
        'The associates’ purchases the stores’ tills recorded with a staff discount, by Jakarta day. The quota is each associate’s monthly quota, once per associate and month; a purchase is over quota when it takes the month’s staff discounts past it.',
      )}
    >
      {(d) => (
        <Typography.Text data-testid="alp-quota-used">
          {t('analytics.tillReports.alp.quotaUsed', 'Quota used: {{percent}} by {{associates}} associates', { percent: percentText(d.quota_used, f.lang), associates: formatCount(d.associates) })}
        </Typography.Text>
      )}
    </PeriodTotals>
  );
}

export const AlpReportScreen = listScreen(alpReportView, () => <ReportListPage view={alpReportView} defaults={thisPeriod} above={<AlpTotalsCard />} />);

/** Keeps the address on the purchase's own type: a link naming another opens it at its canonical path. */
function CanonicalPath({ row }: { row: AlpDetail }) {
  const { t } = useTranslation();
  const { go, link } = useGo();
  const params: Record<string, unknown> = useParams({ strict: false });
  useEffect(() => {
    if (params.transactionType !== row.transaction_type) go(alpDetailPath(row), { replace: true });
  }, [params.transactionType, row.transaction_type, row.id]);
  return (
    <Button {...link(ALP_ROUTE)} data-testid="alp-back">
      {t('ui.backToList', 'Back to list')}
    </Button>
  );
}

/** `{transactionType}/{id}/detail`: one staff purchase with its receipt's lines. */
export function AlpTransactionScreen() {
  const params: Record<string, unknown> = useParams({ strict: false });
  const type = String(params.transactionType ?? '');
  const view = useMemo(() => ({ ...alpReportView, recordArgs: (id: string | number) => ({ transactionType: type, id }), detailActions: CanonicalPath }), [type]);
  const access = useResourceAccess(view);
  const { t } = useTranslation();
  const id = String(params.id ?? '');
  if (!access.can('view')) return <Result status="403" title="403" subTitle={t('ui.forbidden', 'You do not have permission to open this page.')} data-testid="forbidden" />;
  return <DetailView key={id} view={view} id={id} />;
}

/* Promo Report */

function PromoTotalsCard() {
  const { t } = useTranslation();
  const label = (key: string, text: string) => t(`analytics.tillReports.promo.fields.${key}`, text);
  return (
    <PeriodTotals<PromoReportTotals>
      endpoint={tillReportsApi.promo.totals}
      schema={promoReportTotalsQuery}
      figures={(d) => [
        { key: 'promos', label: t('analytics.tillReports.promo.promos', 'Promos used'), count: d.promos },
        { key: 'transactions', label: label('transactions', 'Transactions'), count: d.transactions },
        { key: 'quantity', label: label('quantity', 'Quantity'), count: d.quantity },
        { key: 'gross', label: label('gross', 'Gross Sales'), value: d.gross },
        { key: 'discount', label: label('discount', 'Discount'), value: d.discount },
        { key: 'net', label: label('net', 'Net Sales'), value: d.net },
      ]}
      note={t(
        'analytics.tillReports.promo.note',
        'The lines the stores’ tills gave a promo on, by Jakarta day: a receipt counts once for each promo it had a line of; gross is the lines’ price × quantity, net what was paid for them after the promo’s discount.',
      )}
    />
  );
}

export const PromoReportScreen = listScreen(promoReportView, () => <ReportListPage view={promoReportView} defaults={thisPeriod} above={<PromoTotalsCard />} />);

/* Free Gift Report */

function FreeGiftTotalsCard() {
  const { t } = useTranslation();
  const label = (key: string, text: string) => t(`analytics.tillReports.freeGift.fields.${key}`, text);
  return (
    <PeriodTotals<FreeGiftReportTotals>
      endpoint={tillReportsApi.freeGift.totals}
      schema={freeGiftReportTotalsQuery}
      figures={(d) => [
        { key: 'programmes', label: t('analytics.tillReports.freeGift.programmes', 'Programmes'), count: d.programmes },
        { key: 'receipts', label: label('receipts', 'Receipts with a gift'), count: d.receipts },
        { key: 'quantity', label: label('quantity', 'Gifts handed over'), count: d.quantity },
        { key: 'member_receipts', label: label('member_receipts', 'Of them by members'), count: d.member_receipts },
      ]}
      note={t(
        'analytics.tillReports.freeGift.note',
        'The gifts the stores’ tills handed over with their receipts, by Jakarta day; a member is the one whose card the receipt scanned, with the phone masked unless you hold the personal-data right.',
      )}
    />
  );
}

export const FreeGiftReportScreen = listScreen(freeGiftReportView, () => <ReportListPage view={freeGiftReportView} defaults={thisPeriod} above={<FreeGiftTotalsCard />} />);

/** A programme's hand-overs, a page at a time (the page in the URL as `page`). */
function ProgrammeHandovers({ id, query }: { id: string; query: Record<string, unknown> }) {
  const { t } = useTranslation();
  const f = useFormat();
  const search: Record<string, unknown> = useSearch({ strict: false });
  const patch = useSearchPatch();
  const page = Number(search.page) > 0 ? Number(search.page) : 1;
  const list = useQuery({
    queryKey: resourceKeys(freeGiftReportView.name).list({ ...query, free_gift_id: id, page, via: 'programme' }),
    queryFn: async () => (await callEndpoint<Paged<FreeGiftHandoverRow>>(tillReportsApi.freeGift.list, { query: { ...query, free_gift_id: id, page, limit: 10 } })).data,
    placeholderData: keepPreviousData,
  });
  const label = (key: string, text: string) => t(`analytics.tillReports.freeGift.fields.${key}`, text);
  return (
    <Table
      size="small"
      rowKey="id"
      data-testid="programme-handovers"
      loading={list.isFetching}
      dataSource={list.data?.data ?? []}
      pagination={{ current: page, pageSize: 10, total: list.data?.meta.total ?? 0, showSizeChanger: false, onChange: (p) => patch({ page: p > 1 ? String(p) : undefined }) }}
      columns={[
        { key: 'at', title: label('at', 'Date'), render: (_, r) => f.dateTime(r.at) },
        { key: 'receipt', title: label('receipt_no', 'Receipt No'), dataIndex: 'receipt_no' },
        { key: 'store', title: label('store', 'Store'), render: (_, r) => <TillStoreOf row={r} /> },
        { key: 'plu', title: label('plu', 'PLU'), dataIndex: 'plu' },
        { key: 'quantity', title: label('quantity', 'Quantity'), align: 'right', render: (_, r) => formatCount(r.quantity) },
        { key: 'amount', title: label('receipt_amount', 'Receipt Amount'), align: 'right', render: (_, r) => formatRupiah(r.receipt_amount) },
        { key: 'member', title: label('consumer_name', 'Member'), render: (_, r) => (r.consumer_name ? `${r.consumer_name} · ${r.consumer_phone ?? ''}` : '—') },
      ]}
    />
  );
}

/** The figures of a programme's hand-overs in a row of four. */
function HandoverFigures({ figures }: { figures: FreeGiftProgramme['totals'] }) {
  const { t } = useTranslation();
  const label = (key: string, text: string) => t(`analytics.tillReports.freeGift.fields.${key}`, text);
  return (
    <Row gutter={[16, 8]}>
      {(
        [
          ['handovers', 'Hand-overs', figures.handovers],
          ['receipts', 'Receipts with a gift', figures.receipts],
          ['quantity', 'Gifts handed over', figures.quantity],
          ['member_receipts', 'Of them by members', figures.member_receipts],
        ] as const
      ).map(([key, text, value]) => (
        <Col xs={12} md={6} key={key} data-testid={`figure-${key}`}>
          <Statistic title={label(key, text)} value={formatCount(value)} />
        </Col>
      ))}
    </Row>
  );
}

/** `{id}/detail`: one free-gift programme over the period: what it gives, its hand-overs in all, by store and by day. */
export function FreeGiftProgrammeScreen() {
  const { t } = useTranslation();
  const f = useFormat();
  const { link } = useGo();
  const params: Record<string, unknown> = useParams({ strict: false });
  const id = String(params.id ?? '');
  const access = useResourceAccess(freeGiftReportView);
  const raw: Record<string, unknown> = useSearch({ strict: false });
  const filters = useReportFilters(freeGiftProgrammeQuery);
  const query = useMemo(() => ({ ...thisPeriod(), ...filters }), [filters]);
  const patch = useSearchPatch();
  const programme = useQuery({
    queryKey: resourceKeys(freeGiftReportView.name).detail(`${id}:${JSON.stringify(query)}`),
    queryFn: async () => (await callEndpoint<FreeGiftProgramme>(tillReportsApi.freeGift.programme, { id, query })).data,
    enabled: access.can('view'),
    placeholderData: keepPreviousData,
  });
  if (!access.can('view')) return <Result status="403" title="403" subTitle={t('ui.forbidden', 'You do not have permission to open this page.')} data-testid="forbidden" />;
  const back = `${FREE_GIFT_ROUTE}?${new URLSearchParams({ from: query.from, to: query.to, free_gift_id: id }).toString()}`;
  const header = (title: string) => (
    <PageHeader
      title={title}
      extra={
        <Button {...link(back)} data-testid="programme-back">
          {t('analytics.tillReports.freeGift.allHandovers', 'Hand-overs in the report')}
        </Button>
      }
    />
  );
  if (programme.isPending) {
    return (
      <>
        {header(t('analytics.tillReports.freeGift.title', 'Free Gift Report'))}
        <Spin style={{ display: 'block', margin: 48 }} />
      </>
    );
  }
  if (programme.isError) {
    const notFound = programme.error instanceof ApiError && programme.error.status === 404;
    return <Result status={notFound ? '404' : 'warning'} title={notFound ? t('ui.notFound', 'Record not found') : errorMessage(programme.error)} extra={<Button {...link(back)}>{t('ui.backToList', 'Back to list')}</Button>} />;
  }
  const p = programme.data;
  const label = (key: string, text: string) => t(`analytics.tillReports.freeGift.fields.${key}`, text);
  const day = (d: string) => f.date(`${d}T12:00:00+07:00`);
  const days = [...p.by_day].reverse();
  const values = Object.fromEntries(['from', 'to', 'store_code', 'province_code'].map((k) => [k, typeof raw[k] === 'string' || typeof raw[k] === 'number' ? (raw[k] as string | number) : undefined]));
  return (
    <div data-testid="free-gift-programme">
      {header(`${p.code} · ${p.name}`)}
      <Flex vertical gap={16}>
        <Card size="small">
          <FilterBar
            i18n="analytics.tillReports.freeGift"
            filters={(freeGiftReportView.filters ?? []).filter((x) => !(x.kind === 'select' && x.key === 'free_gift_id'))}
            values={values}
            onChange={(next) => patch({ ...Object.fromEntries(Object.entries(next).map(([k, v]) => [k, v === undefined || v === '' ? undefined : String(v)])), page: undefined })}
            onReset={() => patch({ from: undefined, to: undefined, store_code: undefined, province_code: undefined, page: undefined })}
          />
        </Card>
        <Card size="small" title={t('analytics.tillReports.freeGift.programme', 'Programme')} data-testid="programme-info">
          <Descriptions
            bordered
            size="small"
            column={{ xs: 1, md: 2 }}
            items={[
              { key: 'code', label: label('gift_code', 'Free Gift Code'), children: p.code },
              { key: 'status', label: label('status', 'Status'), children: <StatusTag table={USER_STATUS} value={p.status} /> },
              { key: 'period', label: label('programme_period', 'Runs'), children: `${day(p.start_date)} – ${day(p.end_date)}` },
              { key: 'min', label: label('min_purchase', 'Minimum Purchase'), children: formatRupiah(p.min_purchase) },
              { key: 'gifts', label: label('gifts', 'Gifts'), children: p.gifts.map((g) => `${g.quantity} × ${g.plu} ${g.product_name}`).join(', ') || '—' },
            ]}
          />
        </Card>
        <Card size="small" title={t('analytics.tillReports.period', 'Period {{from}} – {{to}}', { from: day(p.from), to: day(p.to) })} data-testid="programme-totals">
          <HandoverFigures figures={p.totals} />
          {days.length > 0 && (
            <Chart
              label={t('analytics.tillReports.freeGift.byDayChart', 'Gifts handed over by day')}
              height={220}
              option={{
                grid: { left: 48, right: 16, top: 16, bottom: 32 },
                tooltip: { trigger: 'axis' },
                xAxis: { type: 'category', data: days.map((d) => day(d.day)) },
                yAxis: { type: 'value', minInterval: 1 },
                series: [{ type: 'bar', name: label('quantity', 'Gifts handed over'), data: days.map((d) => d.quantity) }],
              }}
            />
          )}
        </Card>
        <Row gutter={[16, 16]}>
          <Col xs={24} lg={12}>
            <Card size="small" title={t('analytics.tillReports.freeGift.byStore', 'By store')}>
              <Table
                size="small"
                rowKey="store_code"
                data-testid="programme-by-store"
                pagination={{ pageSize: 10, hideOnSinglePage: true }}
                dataSource={p.by_store}
                columns={[
                  { key: 'store', title: label('store', 'Store'), render: (_, r) => <TillStoreOf row={r} /> },
                  { key: 'receipts', title: label('receipts', 'Receipts with a gift'), align: 'right', render: (_, r) => formatCount(r.receipts) },
                  { key: 'quantity', title: label('quantity', 'Gifts handed over'), align: 'right', render: (_, r) => formatCount(r.quantity) },
                ]}
              />
            </Card>
          </Col>
          <Col xs={24} lg={12}>
            <Card size="small" title={t('analytics.tillReports.freeGift.byDay', 'By day')}>
              <Table
                size="small"
                rowKey="day"
                data-testid="programme-by-day"
                pagination={{ pageSize: 10, hideOnSinglePage: true }}
                dataSource={p.by_day}
                columns={[
                  { key: 'day', title: label('day', 'Day'), render: (_, r) => day(r.day) },
                  { key: 'receipts', title: label('receipts', 'Receipts with a gift'), align: 'right', render: (_, r) => formatCount(r.receipts) },
                  { key: 'quantity', title: label('quantity', 'Gifts handed over'), align: 'right', render: (_, r) => formatCount(r.quantity) },
                ]}
              />
            </Card>
          </Col>
        </Row>
        <Card size="small" title={t('analytics.tillReports.freeGift.handovers', 'Hand-overs')}>
          <ProgrammeHandovers id={id} query={listQueryParams(freeGiftProgrammeQuery, query)} />
        </Card>
      </Flex>
    </div>
  );
}

