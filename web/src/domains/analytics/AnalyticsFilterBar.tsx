import { useState, type ReactNode } from 'react';
import { Alert, Button, Card, Flex, Radio, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ANALYTICS_MAX_DAYS, analyticsPeriod, CHANNEL, codesOf } from '@portal/contract';
import { useFormat } from '../../lib/format.ts';
import { DayInput } from '../../ui/DayInput.tsx';
import { optionLabel, useOptions } from '../../ui/options.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { StoreCodesInput } from '../../ui/StoreCodesInput.tsx';
import { provinceOptions } from '../../ui/region-options.ts';
import { useSearchPatch } from '../../ui/search-param.ts';
import { PERIOD_PRESETS, periodProblem, presetOf, presetPeriod, useAnalyticsSearch, type AnalyticsSearch, type PeriodPreset } from './analytics-filters.ts';
import { dayText } from './analytics-links.tsx';
import { ShareButton } from './ShareButton.tsx';
import { PrintPreviewButton } from '../../ui/PrintPreviewButton.tsx';
import { usePreviewHref, usePrintMode } from '../../ui/print-mode.ts';
import { AnalyticsPrintHeader } from './AnalyticsPrintHeader.tsx';

/** Keys a change of filters resets: a ranked list starts again at its first page. */
const RESET_ON_CHANGE = { page: undefined };

/** A filter's label above its control. */
function Field({ id, label, group, children }: { id: string; label: string; group?: boolean; children: ReactNode }) {
  return (
    <Flex vertical gap={4}>
      <Typography.Text id={`${id}-label`} type="secondary" style={{ fontSize: 12 }}>
        {group ? label : <label htmlFor={id}>{label}</label>}
      </Typography.Text>
      {children}
    </Flex>
  );
}

/** A few choices side by side (a radio group as buttons), named by the label above them. */
function ChoiceField(props: { id: string; label: string; value: string; onChange: (value: string) => void; options: { value: string; label: string }[] }) {
  return (
    <Field id={props.id} group label={props.label}>
      <Radio.Group aria-labelledby={`${props.id}-label`} optionType="button" data-testid={props.id} value={props.value} onChange={(e) => props.onChange(String(e.target.value))} options={props.options} />
    </Field>
  );
}

function useProblemText() {
  const { t } = useTranslation();
  return (problem: 'order' | 'tooLong') =>
    problem === 'order'
      ? t('analytics.filters.order', 'The end date cannot be before the start date.')
      : t('analytics.filters.tooLong', 'A dashboard shows at most {{days}} days at once: choose a shorter period.', { days: ANALYTICS_MAX_DAYS });
}

/** The period: a preset, or a custom range of two days (refused past a year and a day, with the reason). */
function PeriodFilter({ search, today }: { search: AnalyticsSearch; today: string }) {
  const { t } = useTranslation();
  const f = useFormat();
  const patch = useSearchPatch();
  const problemText = useProblemText();
  const period = analyticsPeriod(search, today);
  const [customOpen, setCustomOpen] = useState(false);
  const [draft, setDraft] = useState<{ from?: string; to?: string }>({});
  const preset = customOpen ? 'custom' : presetOf(search, today);
  const labels: Record<PeriodPreset | 'custom', string> = {
    today: t('analytics.period.today', 'Today'),
    yesterday: t('analytics.period.yesterday', 'Yesterday'),
    last7: t('analytics.period.last7', 'Last 7 days'),
    last30: t('analytics.period.last30', 'Last 30 days'),
    thisMonth: t('analytics.period.thisMonth', 'This month'),
    lastMonth: t('analytics.period.lastMonth', 'Last month'),
    last3Months: t('analytics.period.last3Months', 'Last 3 months'),
    thisYear: t('analytics.period.thisYear', 'This year'),
    last12Months: t('analytics.period.last12Months', 'Last 12 months'),
    custom: t('analytics.period.custom', 'Custom range'),
  };
  const choose = (value: PeriodPreset | 'custom') => {
    if (value === 'custom') {
      setDraft(period);
      setCustomOpen(true);
      return;
    }
    setCustomOpen(false);
    patch({ ...presetPeriod(value, today), ...RESET_ON_CHANGE });
  };
  const custom = preset === 'custom';
  const shown = customOpen ? draft : period;
  const problem = shown.from && shown.to ? periodProblem(shown.from, shown.to) : null;
  const setEnd = (end: 'from' | 'to', day: string | undefined) => {
    const next = { ...shown, [end]: day };
    setDraft(next);
    setCustomOpen(true);
    if (next.from && next.to && !periodProblem(next.from, next.to)) patch({ from: next.from, to: next.to, ...RESET_ON_CHANGE });
  };
  return (
    <>
      <Field id="analytics-period" label={t('analytics.filters.period', 'Period')}>
        <Select<PeriodPreset | 'custom'>
          id="analytics-period"
          data-testid="analytics-period"
          style={{ width: 180 }}
          value={preset}
          onChange={choose}
          options={[...PERIOD_PRESETS, 'custom' as const].map((p) => ({ value: p, label: labels[p] }))}
        />
      </Field>
      {custom ? (
        <>
          <Field id="analytics-from" label={t('analytics.filters.from', 'From')}>
            <div style={{ width: 150 }}>
              <DayInput id="analytics-from" value={shown.from} onChange={(v) => setEnd('from', typeof v === 'string' ? v : undefined)} />
            </div>
          </Field>
          <Field id="analytics-to" label={t('analytics.filters.to', 'To')}>
            <div style={{ width: 150 }}>
              <DayInput id="analytics-to" value={shown.to} onChange={(v) => setEnd('to', typeof v === 'string' ? v : undefined)} />
            </div>
          </Field>
        </>
      ) : (
        <Typography.Text type="secondary" style={{ alignSelf: 'flex-end', paddingBottom: 5 }} data-testid="analytics-period-range">
          {dayText(period.from, f.lang)} – {dayText(period.to, f.lang)}
        </Typography.Text>
      )}
      {custom && problem && (
        <Typography.Text type="danger" role="alert" style={{ alignSelf: 'flex-end', paddingBottom: 5, maxWidth: 360 }} data-testid="analytics-period-problem">
          {problemText(problem)}
        </Typography.Text>
      )}
    </>
  );
}

/**
 * Every pandora dashboard's filters, each kept in the URL: the period (presets or a custom range), stores by code,
 * regions (provinces), the channel and the day basis (the Jakarta day, or each store's own).
 */
export function AnalyticsFilterBar() {
  const { t, i18n } = useTranslation();
  const { search, today } = useAnalyticsSearch();
  const patch = useSearchPatch();
  const provinces = useOptions(provinceOptions);
  const lang = i18n.language === 'id' ? 'id' : 'en';
  const set = (key: keyof AnalyticsSearch, value: string | undefined) => patch({ [key]: value || undefined, ...RESET_ON_CHANGE });
  const any = Object.keys(search).length > 0;
  return (
    <Card size="small" style={{ marginBottom: 16 }} data-testid="analytics-filters">
      <Flex gap={16} wrap align="flex-start">
        <PeriodFilter search={search} today={today} />
        <Field id="analytics-stores" label={t('analytics.filters.stores', 'Store codes')}>
          <StoreCodesInput id="analytics-stores" value={search.store_code} onChange={(codes) => set('store_code', codes)} placeholder={t('analytics.filters.allStores', 'All stores')} />
        </Field>
        <Field id="analytics-regions" label={t('analytics.filters.regions', 'Regions')}>
          <Select
            id="analytics-regions"
            data-testid="analytics-regions"
            mode="multiple"
            allowClear
            style={{ minWidth: 220, maxWidth: 420 }}
            loading={provinces.loading}
            placeholder={t('analytics.filters.allRegions', 'All regions')}
            showSearch={{ optionFilterProp: 'label' }}
            value={codesOf(search.province_code)}
            onChange={(codes: string[]) => set('province_code', codes.join(','))}
            options={provinces.options.map((o) => ({ value: String(o.value), label: optionLabel(o, lang) }))}
          />
        </Field>
        <ChoiceField
          id="analytics-channel"
          label={t('analytics.filters.channel', 'Channel')}
          value={search.channel ?? ''}
          onChange={(v) => set('channel', v)}
          options={[{ value: '', label: t('analytics.filters.allChannels', 'All') }, ...CHANNEL.options.map((o) => ({ value: String(o.value), label: optionLabel(o, lang) }))]}
        />
        <ChoiceField
          id="analytics-basis"
          label={t('analytics.filters.basis', 'Day')}
          value={search.basis ?? 'wib'}
          onChange={(v) => set('basis', v === 'store' ? 'store' : undefined)}
          options={[
            { value: 'wib', label: t('analytics.filters.wib', 'WIB') },
            { value: 'store', label: t('analytics.filters.storeDay', 'Store’s local day') },
          ]}
        />
        {any && (
          <Button style={{ alignSelf: 'flex-end' }} data-testid="analytics-reset" onClick={() => patch({ from: undefined, to: undefined, store_code: undefined, province_code: undefined, channel: undefined, basis: undefined, ...RESET_ON_CHANGE })}>
            {t('ui.reset', 'Reset')}
          </Button>
        )}
      </Flex>
    </Card>
  );
}

/**
 * A dashboard page: its title (and links beside it), the filter bar, then its widgets for the URL's filters; a period
 * the dashboards refuse (hand-edited into the URL) shows the reason instead of widgets that would fail. In a print
 * preview, a print header with the filters in words stands in for the title and the filter bar.
 */
export function AnalyticsPage({ title, extra, children }: { title: string; extra?: ReactNode; children: (search: AnalyticsSearch) => ReactNode }) {
  const { search, problem } = useAnalyticsSearch();
  const problemText = useProblemText();
  const print = usePrintMode();
  const preview = usePreviewHref();
  const body = problem ? <Alert type="error" showIcon title={problemText(problem)} data-testid="analytics-problem" /> : children(search);
  if (print) {
    return (
      <>
        <AnalyticsPrintHeader title={title} search={search} />
        {body}
      </>
    );
  }
  return (
    <>
      <PageHeader title={title} extra={<>{extra}{preview && <PrintPreviewButton href={preview} />}<ShareButton /></>} />
      <AnalyticsFilterBar />
      {body}
    </>
  );
}
