import { menuEntry, spendBandApi } from '@portal/contract';
import { registerDictionaries, useLang } from '../../lib/i18n.ts';
import { AnalyticsPage } from './AnalyticsFilterBar.tsx';
import { useAnalyticsSearch } from './analytics-filters.ts';
import { analyticsI18n } from './analytics.i18n.ts';
import { PageExportButton } from './PageExport.tsx';
import { spendBandI18n } from './spend-band.i18n.ts';
import { SpendBandWidget } from './spend-band.widgets.tsx';

registerDictionaries(analyticsI18n, spendBandI18n);

const ENTRY = 'pandora.spend-band-report';

/**
 * pandora › Spend Band Report: how the period's transactions spread over basket-value bands, for the filters in the
 * URL (period, stores, regions, channel, day basis), with its export through the export pipeline (the Download List
 * for a large one) and sharing.
 */
export function SpendBandReportScreen() {
  const lang = useLang();
  const entry = menuEntry(ENTRY);
  const { search } = useAnalyticsSearch();
  return (
    <AnalyticsPage title={lang === 'id' ? entry.labelId : entry.label} extra={<PageExportButton endpoint={spendBandApi.export} query={search} />}>
      {(s) => <SpendBandWidget search={s} />}
    </AnalyticsPage>
  );
}
