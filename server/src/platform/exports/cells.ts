import { sql, type SQL } from 'drizzle-orm';

/** What a written cell holds: text, a number, or nothing. */
export type Cell = string | number | null;

/** How a source value (PostgreSQL's text output) becomes a cell. */
export type CellFormat = 'text' | 'number' | 'money' | 'datetime' | 'date';

const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * OWASP CSV injection: text beginning with `=`, `+`, `-`, `@`, a tab or a carriage return gets a leading `'`, so a
 * spreadsheet shows it as text instead of running it. Numbers are never touched (-5 stays the number -5).
 */
export function neutralise(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** The month abbreviations of the contract's formatDateTime in English (`22/Nov/2026 09:56:05`). */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const ISO_TEXT = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}:\d{2}:\d{2}))?/;

/**
 * `2026-01-02 10:04:05.123+07` (a timestamptz as PostgreSQL prints it in the export's Asia/Jakarta session) →
 * `02/Jan/2026 10:04:05`, the contract's DD/MMM/YYYY HH:mm:ss. The database has already moved the instant to Jakarta
 * time, so this only rearranges text: formatting a million dates with Intl would cost seconds. A test checks it
 * against the contract's formatDateTime.
 */
export function jakartaText(value: string, withTime = true): string {
  const m = ISO_TEXT.exec(value);
  if (!m) return neutralise(value);
  const day = `${m[3]}/${MONTHS[Number(m[2]) - 1] ?? m[2]}/${m[1]}`;
  return withTime && m[4] ? `${day} ${m[4]}` : day;
}

/** A source value as a cell of the given format; text is neutralised, dates are DD/MMM/YYYY HH:mm:ss in Asia/Jakarta. */
export function toCell(value: string | null, format: CellFormat = 'text'): Cell {
  if (value === null) return null;
  switch (format) {
    case 'number': {
      const n = Number(value);
      return value !== '' && Number.isFinite(n) ? n : neutralise(value);
    }
    case 'money': {
      // Money is an integer number of Rupiah.
      const n = Number(value);
      return value !== '' && Number.isFinite(n) ? Math.round(n) : neutralise(value);
    }
    case 'datetime':
      return jakartaText(value);
    case 'date':
      return jakartaText(value, false);
    default:
      return neutralise(value);
  }
}

/** A column format that prints an enumeration's label for its stored number (PostgreSQL text of an integer). */
export function enumLabel(table: { options: readonly { value: string | number; label: string }[] }) {
  const format = (value: string | null): Cell => (value === null ? null : (table.options.find((o) => String(o.value) === value)?.label ?? value));
  /** The same in SQL, for exports written by COPY. */
  const sqlCell = (text: SQL): SQL => sql`(case ${text} ${sql.join(
    table.options.map((o) => sql`when ${String(o.value)} then ${o.label}`),
    sql` `,
  )} else ${text} end)`;
  return Object.assign(format, { sqlCell });
}

/** A column format for a PostgreSQL boolean (`t` / `f`). */
export const yesNo = Object.assign((value: string | null): Cell => (value === null ? null : value === 't' ? 'Yes' : 'No'), {
  // A boolean cast to text reads `true` (its output form, which the batched writer gets, is `t`).
  sqlCell: (text: SQL): SQL => sql`(case when ${text} is null then null when ${text} in ('t', 'true') then 'Yes' else 'No' end)`,
});
