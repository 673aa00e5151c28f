import type { ReactNode } from 'react';
import { Flex, Statistic, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { percentChange, type Lang } from '@portal/contract';
import { formatCompact, formatCount, formatRupiah } from '../lib/format.ts';
import { useLang } from '../lib/i18n.ts';

/** How a figure reads: Rupiah, a count, a number with one decimal, or a percentage with one decimal. */
export type FigureKind = 'rupiah' | 'count' | 'decimal' | 'percent';

/** One decimal, the decimal mark of the UI language (thousands as the portal writes them: dots). */
export function formatDecimal(value: number, lang: Lang): string {
  return new Intl.NumberFormat(lang === 'id' ? 'id-ID' : 'en-GB', { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value);
}

/** A figure in full: "Rp 1.500.000", "12.345", "2.3", "45.2%". */
export function formatFigure(value: number, kind: FigureKind, lang: Lang): string {
  if (kind === 'rupiah') return formatRupiah(value);
  if (kind === 'count') return formatCount(value);
  if (kind === 'decimal') return formatDecimal(value, lang);
  return `${formatDecimal(value, lang)}%`;
}

/** K, M, B, T with one decimal (1.2M), the decimal mark of the UI language (1,2M in Indonesian). */
export function formatCompactIn(value: number, lang: Lang): string {
  const text = formatCompact(value);
  return lang === 'id' ? text.replace('.', ',') : text;
}

/** A figure in short, as the change line quotes the period before: "Rp 1.2M", "12.3K", "2.3", "45.2%". */
export function formatFigureShort(value: number, kind: FigureKind, lang: Lang): string {
  if (kind === 'rupiah') return `Rp ${formatCompactIn(value, lang)}`;
  if (kind === 'count') return formatCompactIn(value, lang);
  return formatFigure(value, kind, lang);
}

/** The change from `previous` to `value` in percent: "+12.5%", "-3.2%", "0.0%", or "–" when there was nothing before. */
export function changePercent(value: number, previous: number, lang: Lang): string {
  const delta = percentChange(value, previous);
  if (delta === null) return '–';
  // A change that rounds to nothing reads 0.0%, whichever side of it it lies.
  return `${delta > 0 ? '+' : ''}${formatDecimal(delta === 0 ? 0 : delta, lang)}%`;
}

/** The change line: "+12.5% vs previous period (Rp 1.2M)". */
export function changeText(value: number, previous: number, kind: FigureKind, versus: string, lang: Lang): string {
  return `${changePercent(value, previous, lang)} ${versus} (${formatFigureShort(previous, kind, lang)})`;
}

/** The colour of a change: green up, red down, grey for none. */
export function changeType(value: number, previous: number): 'success' | 'danger' | 'secondary' {
  const delta = percentChange(value, previous);
  return delta === null || delta === 0 ? 'secondary' : delta > 0 ? 'success' : 'danger';
}

/**
 * A figure beside the one it is compared with: the value in full, then its change in percent (an arrow, green up,
 * red down) and the earlier value in short. `link` adds a way on (a details link) under it.
 */
export function FigureCard(props: { title: string; value: number; previous: number; kind: FigureKind; versus: string; testId?: string; link?: ReactNode }) {
  const lang = useLang();
  const shown = formatFigure(props.value, props.kind, lang);
  const type = changeType(props.value, props.previous);
  const arrow = type === 'success' ? <ArrowUpOutlined aria-hidden /> : type === 'danger' ? <ArrowDownOutlined aria-hidden /> : null;
  return (
    <Flex vertical gap={2} data-testid={props.testId}>
      {/* Shown as formatted: antd would read "1.318" (dot thousands) as a decimal number and split it. */}
      <Statistic title={props.title} value={shown} formatter={() => shown} />
      <Typography.Text type={type} data-testid="figure-change">
        {arrow} {changeText(props.value, props.previous, props.kind, props.versus, lang)}
      </Typography.Text>
      {props.link}
    </Flex>
  );
}
