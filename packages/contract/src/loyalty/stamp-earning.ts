import {
  EXTRA_BANK_PROMOTION,
  EXTRA_REGULAR_PROMOTION,
  MULTIPLIER_MULTIPLIED,
  MULTIPLIER_UNIT,
  REWARD_COMBINATION,
  REWARD_MIN_TOTAL,
  REWARD_SPONSOR_PRODUCT,
} from './stamp-enums.ts';

/** What of a stamp programme the earning rule reads. */
export interface StampRule {
  status: number;
  start_date: string;
  end_date: string;
  reward_type: number;
  /** Rupiah per earning multiple (reward types 1 and 3). */
  min_transaction: number | null;
  /** Stamps per multiple of min_transaction. */
  stamps_per_multiple: number | null;
  /** Sponsor products (reward types 2 and 3). */
  sponsor_plus: readonly string[];
  /** Stamps per unit of a sponsor product bought. */
  stamps_per_unit: number | null;
  extra_stamp: number;
  extra_stamp_amount: number;
  multiplier: number;
  multiplier_value: number;
  /** Empty: every store. */
  store_ids: readonly number[];
  member_scope: number;
}

/** A POS or online transaction as the earning rule reads it. */
export interface StampTransaction {
  /** ISO instant. */
  at: string;
  store_id: number | null;
  total: number;
  items: readonly { plu: string; quantity: number; price: number }[];
  bank_promotion: boolean;
  /** The consumer holds an app card (member scope 1, App Member). */
  app_member: boolean;
}

const JAKARTA_OFFSET_MS = 7 * 60 * 60 * 1000;

/** The Asia/Jakarta calendar day (UTC+7 all year, no daylight saving) of an instant, as YYYY-MM-DD. */
export const stampDayOf = (at: string | Date): string => new Date(new Date(at).getTime() + JAKARTA_OFFSET_MS).toISOString().slice(0, 10);

/** Whether the programme admits the transaction at all: active, its Jakarta day inside the period, the store and the member in scope. */
export function programmeAdmits(rule: StampRule, tx: StampTransaction): boolean {
  if (rule.status !== 1) return false;
  const day = stampDayOf(tx.at);
  if (day < rule.start_date || day > rule.end_date) return false;
  if (rule.store_ids.length && (tx.store_id === null || !rule.store_ids.includes(tx.store_id))) return false;
  return rule.member_scope !== 1 || tx.app_member;
}

/**
 * The stamps one transaction earns in one programme (0 when the programme does not admit it).
 * Base: reward type 1, stamps_per_multiple for each whole multiple of min_transaction in the total; type 2,
 * stamps_per_unit for each unit of a sponsor PLU; type 3, both added. The units of the unit multiplier are those
 * multiples and sponsor units. Multiplier 1 multiplies the base by multiplier_value; 2 adds multiplier_value per unit.
 * Extra stamps are a flat bonus, never multiplied, and only on a transaction that earned something: bank promotion
 * when the transaction carries the bank-promotion flag, regular promotion on every earning transaction.
 */
export function stampsEarned(rule: StampRule, tx: StampTransaction): number {
  if (!programmeAdmits(rule, tx)) return 0;
  const byTotal = rule.reward_type === REWARD_MIN_TOTAL || rule.reward_type === REWARD_COMBINATION;
  const byProduct = rule.reward_type === REWARD_SPONSOR_PRODUCT || rule.reward_type === REWARD_COMBINATION;
  const multiples = byTotal && rule.min_transaction && rule.min_transaction > 0 ? Math.floor(Math.max(0, tx.total) / rule.min_transaction) : 0;
  const sponsor = new Set(rule.sponsor_plus);
  const sponsorUnits = byProduct ? tx.items.reduce((n, i) => (sponsor.has(i.plu) ? n + Math.max(0, Math.floor(i.quantity)) : n), 0) : 0;
  let earned = multiples * (rule.stamps_per_multiple ?? 0) + sponsorUnits * (rule.stamps_per_unit ?? 0);
  if (earned <= 0) return 0;
  if (rule.multiplier === MULTIPLIER_MULTIPLIED) earned *= Math.max(1, rule.multiplier_value);
  else if (rule.multiplier === MULTIPLIER_UNIT) earned += Math.max(0, rule.multiplier_value) * (multiples + sponsorUnits);
  const extra =
    rule.extra_stamp === EXTRA_REGULAR_PROMOTION || (rule.extra_stamp === EXTRA_BANK_PROMOTION && tx.bank_promotion) ? Math.max(0, rule.extra_stamp_amount) : 0;
  return earned + extra;
}
