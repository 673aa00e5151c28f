import { endpoint, entriesPermission, exportEndpoint } from '../common/endpoint.ts';
import { analyticsQuery } from './analytics-period.ts';
import { spendBandReport } from './spend-band.schema.ts';

export const SPEND_BAND_ENTRIES = ['pandora.spend-band-report'] as const;

const report = endpoint({
  id: 'spend-band-report.report',
  method: 'GET',
  path: 'analytics/spend-band-report',
  tag: 'pandora reports',
  summary:
    'Transactions by basket-value band for a period (default this month), stores, regions and channel: per band the transactions, sales, their shares, the average basket and the members’ part, beside the period before; from the sales rollups',
  access: entriesPermission('spend-band-report', SPEND_BAND_ENTRIES, 'view'),
  query: analyticsQuery,
  data: spendBandReport,
});

/** pandora › Spend Band Report: the report and its export (Export-spend_band_report_<YYYYMMDD_HHmmss>). */
export const spendBandApi = {
  report,
  export: exportEndpoint(report, SPEND_BAND_ENTRIES, 'the spend bands of the period with their figures (Export-spend_band_report_<YYYYMMDD_HHmmss>)'),
};
