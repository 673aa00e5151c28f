import { useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../lib/format.ts';
import { useLang } from '../lib/i18n.ts';
import { optionLabel, useOptions, type OptionSource } from './options.ts';
import { PrintHeader, type PrintFact } from './PrintHeader.tsx';
import { usePrintMode } from './print-mode.ts';
import type { FilterDef, ResourceView } from './resource.ts';

/** A select filter's chosen value as its option's label (the options loaded as the filter bar loads them). */
function OptionText({ source, value }: { source: OptionSource; value: string }) {
  const lang = useLang();
  const { options } = useOptions(source);
  const found = options.find((o) => String(o.value) === value);
  return <>{found ? optionLabel(found, lang) : value}</>;
}

const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v.trim() : typeof v === 'number' ? String(v) : undefined);

/** A printed list's heading: the list's name, its search and filters in words, and when it was printed. */
export function ResourcePrintHeader<Row extends { id: number | string }, Detail extends Row>({ view, title }: { view: ResourceView<Row, Detail>; title: string }) {
  const { t } = useTranslation();
  const f = useFormat();
  const print = usePrintMode();
  const raw: Record<string, unknown> = useSearch({ strict: false });
  const label = (key: string, fallback: string) => t(`${view.i18n}.filters.${key}`, t(`${view.i18n}.fields.${key}`, fallback));
  const day = (d: string) => f.date(`${d}T12:00:00+07:00`);
  const facts: PrintFact[] = [];
  const search = text(raw.search);
  if (search) facts.push({ label: t('ui.print.search', 'Search'), value: search });
  for (const filter of view.filters ?? ([] as readonly FilterDef[])) {
    if (filter.kind === 'dateRange') {
      const from = text(raw[filter.from]);
      const to = text(raw[filter.to]);
      if (from || to) facts.push({ label: label(filter.from, filter.label), value: `${from ? day(from) : '…'} – ${to ? day(to) : '…'}` });
      continue;
    }
    const value = text(raw[filter.key]);
    if (!value) continue;
    if (filter.kind === 'date') facts.push({ label: label(filter.key, filter.label), value: day(value) });
    else if (filter.kind === 'select') facts.push({ label: label(filter.key, filter.label), value: <OptionText source={filter.options} value={value} /> });
    else facts.push({ label: label(filter.key, filter.label), value });
  }
  return <PrintHeader title={title} facts={facts} generatedAt={print?.generatedAt ?? new Date()} />;
}
