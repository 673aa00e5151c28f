import { Card, Col, Row, Statistic, Typography } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { stampReportApi, stampReportTotalsQuery } from '@portal/contract';
import { call } from '../../lib/call.ts';
import { useFormat } from '../../lib/format.ts';
import { resourceKeys } from '../../lib/query-keys.ts';
import { listQueryParams } from '../../ui/list-search.ts';

const keys = resourceKeys('stamp-report');
const FILTERS = ['movement', 'day_from', 'day_to', 'programme_id', 'store_id'] as const;
/** Numbers as the lists show them (Indonesian grouping: 12.345). */
const numberFormat = new Intl.NumberFormat('id-ID');

/** The report's totals row: the filters in the URL summed over every row, and the range they cover (default this month). */
export function StampReportTotals() {
  const { t } = useTranslation();
  const format = useFormat();
  const raw: Record<string, unknown> = useSearch({ strict: false });
  // The report's filters from the URL (its page, limit and order are the list's).
  const query = listQueryParams(stampReportTotalsQuery, Object.fromEntries(FILTERS.filter((k) => raw[k] !== undefined).map((k) => [k, raw[k]])));
  const totals = useQuery({
    queryKey: keys.list({ ...query, via: 'totals' }),
    queryFn: async () => (await call(stampReportApi.totals, { query })).data,
    placeholderData: keepPreviousData,
  });
  const data = totals.data;
  const figure = (key: 'stamps_in' | 'stamps_out' | 'net' | 'movements', label: string) => (
    <Col xs={12} md={6} key={key}>
      <Statistic title={t(`loyalty.report.fields.${key}`, label)} value={data ? numberFormat.format(data[key]) : '-'} loading={totals.isPending} />
    </Col>
  );
  return (
    <Card size="small" style={{ marginBottom: 16 }} data-testid="stamp-report-totals">
      <Typography.Text type="secondary" data-testid="stamp-report-range">
        {t('loyalty.report.total', 'Total')}
        {data ? ` · ${format.date(data.day_from)} – ${format.date(data.day_to)}` : ''}
      </Typography.Text>
      <Row gutter={[16, 8]} style={{ marginTop: 8 }}>
        {figure('stamps_in', 'Stamp In')}
        {figure('stamps_out', 'Stamp Out')}
        {figure('net', 'Net')}
        {figure('movements', 'Movements')}
      </Row>
    </Card>
  );
}
