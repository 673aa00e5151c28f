import { useTranslation } from 'react-i18next';
import { analyticsPeriod, CHANNEL, codesOf, jakartaDay } from '@portal/contract';
import { useLang } from '../../lib/i18n.ts';
import { optionLabel, useOptions } from '../../ui/options.ts';
import { PrintHeader } from '../../ui/PrintHeader.tsx';
import { usePrintMode } from '../../ui/print-mode.ts';
import { provinceOptions } from '../../ui/region-options.ts';
import type { AnalyticsSearch } from './analytics-filters.ts';
import { dayText } from './analytics-links.tsx';

/** A printed dashboard's heading: its name, the period and every filter in words (the defaults named too), and when. */
export function AnalyticsPrintHeader({ title, search }: { title: string; search: AnalyticsSearch }) {
  const { t } = useTranslation();
  const lang = useLang();
  const print = usePrintMode();
  const provinces = useOptions(provinceOptions);
  const period = analyticsPeriod(search, jakartaDay(new Date()));
  const regions = codesOf(search.province_code).map((code) => {
    const o = provinces.options.find((x) => String(x.value) === code);
    return o ? optionLabel(o, lang) : code;
  });
  const channel = CHANNEL.options.find((o) => String(o.value) === search.channel);
  const facts = [
    { label: t('analytics.filters.period', 'Period'), value: `${dayText(period.from, lang)} – ${dayText(period.to, lang)}` },
    { label: t('analytics.filters.stores', 'Store codes'), value: codesOf(search.store_code).join(', ') || t('analytics.filters.allStores', 'All stores') },
    { label: t('analytics.filters.regions', 'Regions'), value: regions.join(', ') || t('analytics.filters.allRegions', 'All regions') },
    { label: t('analytics.filters.channel', 'Channel'), value: channel ? optionLabel(channel, lang) : t('analytics.filters.allChannels', 'All') },
    { label: t('analytics.filters.basis', 'Day'), value: search.basis === 'store' ? t('analytics.filters.storeDay', 'Store’s local day') : t('analytics.filters.wib', 'WIB') },
  ];
  return <PrintHeader title={title} facts={facts} generatedAt={print?.generatedAt ?? new Date()} />;
}
