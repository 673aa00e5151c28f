import { sql, type SQL } from 'drizzle-orm';

/** What a written cell holds: text, a number, or nothing. */
export type Cell = string | number | null;

/** How a source value (PostgreSQL's text output) becomes a cell. */
export type CellFormat = 'text' | 'number' | 'money' | 'datetime' | 'date';

/**
 * A format of one value written twice: in JavaScript for the batched writer (XLSX, TXT, PGlite), over the value's text,
 * and in SQL for CSV through COPY (`sqlCell`, over the column and its PostgreSQL type id when known), which neutralises
 * any text it does not know to be safe; a test holds the two to the same bytes. Text the JavaScript gives is neutralised.
 */
export type ValueFormat = ((value: string | null) => Cell) & { sqlCell: (column: SQL, type: number | undefined) => SQL };

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

const BOOLEAN = 16;
/**
 * Types whose cast to text is not their output: a boolean casts to `true`, an address keeps its mask, a char(n) loses
 * its padding. Their text is asked of `format`, which prints a value by its output.
 */
const CAST_DIFFERS = new Set([BOOLEAN, 650, 869, 1042]);

/** A column as the text the batched writer reads: PostgreSQL's output of its type. */
export const textOf = (column: SQL, type: number | undefined): SQL =>
  type !== undefined && CAST_DIFFERS.has(type) ? sql`format('%s', ${column})` : sql`${column}::text`;

/** A column format that prints an enumeration's label for its stored value (PostgreSQL text of an integer or a text). */
export function enumLabel(table: { options: readonly { value: string | number; label: string }[] }): ValueFormat {
  const format = (value: string | null): Cell => (value === null ? null : (table.options.find((o) => String(o.value) === value)?.label ?? value));
  /*
   * The same in SQL, compared with the column itself (the untyped values take its type: no text per row), the labels
   * neutralised once here; a value outside the table is its neutralised text.
   */
  const sqlCell = (column: SQL, type: number | undefined): SQL => sql`(case ${column} ${sql.join(
    table.options.map((o) => sql`when ${String(o.value)} then ${neutralise(o.label)}`),
    sql` `,
  )} else ${neutraliseSql(textOf(column, type))} end)`;
  return Object.assign(format, { sqlCell });
}

/** A column format for a PostgreSQL boolean (`t` / `f`). */
export const yesNo: ValueFormat = Object.assign((value: string | null): Cell => (value === null ? null : value === 't' ? 'Yes' : 'No'), {
  sqlCell: (column: SQL, type: number | undefined): SQL =>
    type === BOOLEAN
      ? sql`(case when ${column} then 'Yes' when not ${column} then 'No' end)`
      : // Not a boolean column: its text, as the batched writer reads it.
        sql`(case when ${column} is null then null when ${textOf(column, type)} = 't' then 'Yes' else 'No' end)`,
});

/**
 * OWASP CSV injection in SQL: the same first characters as `neutralise` (`=`, `+`, `-`, `@`, tab, carriage return, by
 * their code: `ascii` allocates nothing); an empty text is written like a missing value, as the batched writer does
 * (COPY would quote it).
 */
export const neutraliseSql = (text: SQL): SQL => sql`(case when ascii(${text}) in (61, 43, 45, 64, 9, 13) then '''' || ${text} else nullif(${text}, '') end)`;
