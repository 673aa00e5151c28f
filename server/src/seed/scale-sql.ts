import { sql } from 'drizzle-orm';

/** Pieces of SQL the scale generators (orders, top-ups) write into their set-based statements. */

/** A text literal for SQL built from a generator's own constants. */
export const lit = (v: string | null) => (v === null ? 'null' : `'${v.replaceAll("'", "''")}'`);
export const arr = (vs: readonly string[]) => `array[${vs.map(lit).join(', ')}]`;

/** A deterministic number in 0 … 1,000,002 from an integer expression: a multiplicative hash modulo a prime, one multiplier per salt. */
const MULTIPLIERS = [7919, 104_729, 1_299_709, 15_485_863, 179_424_673, 32_452_843, 49_979_687, 86_028_121, 15_485_867, 122_949_823];
export const mix = (expr: string, salt: number) => `(((${expr}) * ${MULTIPLIERS[salt % MULTIPLIERS.length]} + ${salt * 40_503 + 17}) % 1000003)`;

/** A number written into the statement (a parameter would be typed text where a case or an array meets it). */
export const num = (v: number | string) => sql.raw(String(Number(v)));

/** Rows an insert wrote, as either driver reports it. */
export const affected = (result: unknown): number => {
  const r = result as { rowCount?: number | null; affectedRows?: number };
  return Number(r.rowCount ?? r.affectedRows ?? 0);
};
