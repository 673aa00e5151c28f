import { z } from 'zod';
import { formatRupiah } from '../format/format.ts';

/**
 * The Spend Band Report's basket-value bands, by their lower bounds in whole Rupiah: a band runs from its bound,
 * inclusive, to the next one, exclusive; the last has no end. Fixed, as a grocery chain reads its baskets (decision
 * "Spend bands"); the rollups are counted by the same bounds (migration 0045's `spend_band_from`).
 */
export const SPEND_BAND_FLOORS = [0, 50_000, 100_000, 200_000, 500_000, 1_000_000] as const;

export interface SpendBand {
  /** The lowest basket value of the band (inclusive). */
  from: number;
  /** The lowest basket value of the next band (exclusive), or null for the last. */
  to: number | null;
}

export const SPEND_BANDS: readonly SpendBand[] = SPEND_BAND_FLOORS.map((from, i) => ({ from, to: SPEND_BAND_FLOORS[i + 1] ?? null }));

/** The band a basket of `total` Rupiah falls in, by its lower bound. */
export function spendBandOf(total: number): number {
  let floor: number = SPEND_BAND_FLOORS[0];
  for (const f of SPEND_BAND_FLOORS) if (total >= f) floor = f;
  return floor;
}

/** A band as a person reads it, the same in English and Indonesian: "< Rp 50.000", "Rp 50.000 – Rp 99.999", "≥ Rp 1.000.000". */
export function spendBandLabel(band: SpendBand): string {
  if (band.to === null) return `≥ ${formatRupiah(band.from)}`;
  if (band.from === 0) return `< ${formatRupiah(band.to)}`;
  return `${formatRupiah(band.from)} – ${formatRupiah(band.to - 1)}`;
}

const count = z.number().int();
const rupiah = z.number().int();
/** A percentage with one decimal. */
const percent = z.number();
const period = z.object({ from: z.string(), to: z.string() });

/**
 * A band's figures (or the period's, for the total): its transactions and sales with their share of the period's, the
 * average basket, the members' part, and the period before with the change in percent (null when there was nothing
 * before). Shares, averages and changes are worked out by the server, so the screen and the export agree.
 */
export const spendBandFigures = z.object({
  transactions: count,
  transactions_share: percent,
  sales: rupiah,
  sales_share: percent,
  average_basket: rupiah,
  member_transactions: count,
  /** The members' share of the band's transactions, in percent. */
  member_share: percent,
  member_sales: rupiah,
  member_average_basket: rupiah,
  previous_transactions: count,
  previous_sales: rupiah,
  transactions_change: percent.nullable(),
  sales_change: percent.nullable(),
});
export type SpendBandFigures = z.infer<typeof spendBandFigures>;

export const spendBandRow = spendBandFigures.extend({
  band_from: rupiah,
  band_to: rupiah.nullable(),
  /** The band as `spendBandLabel` writes it. */
  band: z.string(),
});
export type SpendBandRow = z.infer<typeof spendBandRow>;

/** The report: every band in order (empty ones too), and the period's totals, for a period and the one before it. */
export const spendBandReport = z.object({ period, previous_period: period, bands: z.array(spendBandRow), total: spendBandFigures });
export type SpendBandReport = z.infer<typeof spendBandReport>;
