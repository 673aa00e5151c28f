import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Action, ImportCellError, ImportColumnInfo, ImportDefinitionInfo, ImportEndpoints } from '@portal/contract';
import { queryRows, type Db, type Tx } from '../../db/client.ts';
import type { Actor } from '../request-context.ts';

/*
 * One import definition per bulk operation: its columns (with their type, length and rules), its key, the foreign keys
 * checked by SQL in batches, and the set-based SQL that commits the valid staged rows. The pipeline (import.service.ts) does
 * the rest: template, upload checks, streaming parse, validation, preview, error file, confirm, job status.
 */

export type ImportColumnType = ImportColumnInfo['type'];
/** A cell's value after conversion: text, a number, a boolean, a date as YYYY-MM-DD, or empty. */
export type CellValue = string | number | boolean | null;

export interface ImportColumn {
  /** The staged value's name (a SQL identifier: lower case, digits, underscore). */
  key: string;
  /** The header in the template; the upload maps headers by label or key, case-insensitively. */
  label: string;
  /** Default text. */
  type?: ImportColumnType;
  required?: boolean;
  /** Most characters a text cell may hold (default 500). */
  max?: number;
  /** Further rules on the converted value (an enum, a range, a pattern); its first issue is the cell's error. */
  schema?: z.ZodType;
  /** Other headers accepted for this column. */
  aliases?: readonly string[];
  example?: string;
  help?: string;
}

export interface ImportReference {
  column: string;
  /** How the message names the missing record, e.g. 'Sub category'. Default: the column's label. */
  label?: string;
  /** The cell's error for a value not found; default `Unknown <label>: <value>`. */
  message?: (value: string) => string;
  /**
   * Either `check`: the values (as text) that exist, out of the distinct ones of a batch of rows (one query per batch);
   * or `problems`: the bad values with their messages (a code that must not exist yet, a list cell naming a missing record).
   */
  check?: (db: Db | Tx, values: readonly string[], params: ImportParams) => Promise<ReadonlySet<string>>;
  problems?: (db: Db | Tx, values: readonly string[], params: ImportParams) => Promise<ReadonlyMap<string, string>>;
}

/** An upload's parameters, as its definition's `params` schema parsed them. */
export type ImportParams = Readonly<Record<string, string | number>>;

export interface ImportCommitContext {
  batchId: number;
  params: ImportParams;
  /** Who confirmed the import. */
  actor: Pick<Actor, 'userId' | 'name'>;
  now: Date;
  /**
   * The batch's valid rows as a relation with typed columns (`row_no` plus each column's key), for
   * `insert ... select ... from ${staged} s` or `update t set ... from ${staged} s where ...`.
   */
  staged: SQL;
}

export interface ImportDefinition {
  /** The contract's endpoints of this import (its facts, template and upload), whence key, title and permission. */
  api: ImportEndpoints;
  /** URL segment and audit entity, e.g. 'product-edit'. */
  key: string;
  title: string;
  /** Menu entries whose `action` permits the import (any one suffices). */
  entries: readonly string[];
  action: Action;
  /** The worksheet an XLSX upload must have (CSV has none). */
  sheet: string;
  /** File name of the template, without extension. */
  templateName: string;
  /**
   * Query parameters of the upload besides the file, for an import into one record (the free gift whose stores are
   * uploaded): a strict object of coerced strings and numbers. Kept on the batch, given to references and commit.
   */
  params?: z.ZodType<Record<string, string | number>>;
  /** Checks the parameters against the database at upload (the record exists): throw an AppError to refuse. */
  checkParams?: (db: Db, params: ImportParams) => Promise<void>;
  columns: readonly ImportColumn[];
  /** Columns whose values must be unique within the file; also what the commit matches on. */
  keyColumns: readonly string[];
  references?: readonly ImportReference[];
  /** Rules across cells of a row, after each cell passed its own. */
  rowCheck?: (values: Readonly<Record<string, CellValue>>) => ImportCellError[];
  /**
   * Rules across cells that need the database (a correction that would take a balance below zero), over the rows of a
   * chunk that passed every cell, row and reference check: one query per chunk, answering each bad row's errors by its
   * index in `rows`.
   */
  rowsCheck?: (db: Db | Tx, rows: readonly Readonly<Record<string, CellValue>>[], params: ImportParams) => Promise<ReadonlyMap<number, ImportCellError[]>>;
  /** Writes all valid staged rows with set-based SQL inside the commit transaction; answers counts for the result. */
  commit: (tx: Tx, ctx: ImportCommitContext) => Promise<Record<string, number> | void>;
  /**
   * Set when a validated batch is applied by another write than the pipeline's confirm (a guarded tool, which asks for
   * a reason and a second factor): the confirm then answers 409 with this message.
   */
  appliedElsewhere?: string;
}

const IDENT = /^[a-z_][a-z0-9_]*$/;
const KEY = /^[a-z0-9][a-z0-9-]*$/;
const DEFAULT_MAX = 500;

/** What a domain writes of a definition; key, title, permission and parameters come from its contract endpoints. */
export type ImportSpec = Omit<ImportDefinition, 'api' | 'key' | 'title' | 'entries' | 'action' | 'params'>;

/** Checks a definition once, at start-up, so a typo fails loudly instead of on the first upload. */
export function defineImport(api: ImportEndpoints, spec: ImportSpec): ImportDefinition {
  const access = api.upload.access;
  if (typeof access !== 'object') throw new Error(`import ${api.key}: its upload needs a menu permission`);
  const def: ImportDefinition = {
    ...spec,
    api,
    key: api.key,
    title: api.title,
    entries: access.entries,
    action: access.action,
    ...(api.params ? { params: api.params as z.ZodType<Record<string, string | number>> } : {}),
  };
  if (!KEY.test(def.key) || def.key === 'batches') throw new Error(`import "${def.key}": the key must be kebab-case and not "batches"`);
  if (!def.entries.length) throw new Error(`import ${def.key}: no menu entries`);
  if (def.sheet.length > 31) throw new Error(`import ${def.key}: a sheet name has at most 31 characters`);
  const keys = new Set<string>();
  const labels = new Set<string>();
  for (const c of def.columns) {
    if (!IDENT.test(c.key) || c.key === 'row_no') throw new Error(`import ${def.key}: column key "${c.key}" must be a SQL identifier other than row_no`);
    for (const name of [c.key, c.label, ...(c.aliases ?? [])].map(headerName)) {
      if (labels.has(name) && name !== headerName(c.key)) throw new Error(`import ${def.key}: header "${name}" names two columns`);
      labels.add(name);
    }
    if (keys.has(c.key)) throw new Error(`import ${def.key}: column "${c.key}" twice`);
    keys.add(c.key);
  }
  for (const k of def.keyColumns) if (!keys.has(k)) throw new Error(`import ${def.key}: key column "${k}" is not a column`);
  for (const r of def.references ?? []) {
    if (!keys.has(r.column)) throw new Error(`import ${def.key}: reference on unknown column "${r.column}"`);
    if (!r.check === !r.problems) throw new Error(`import ${def.key}: a reference on "${r.column}" needs either check or problems`);
  }
  return def;
}

/** A header as compared: lower case, single spaces, without a trailing required mark. */
export const headerName = (text: string) => text.trim().replace(/\s*\*$/, '').replace(/\s+/g, ' ').toLowerCase();

export function definitionInfo(def: ImportDefinition, maxBytes: number): ImportDefinitionInfo {
  return {
    key: def.key,
    title: def.title,
    sheet: def.sheet,
    template_name: def.templateName,
    key_columns: [...def.keyColumns],
    params: def.params && 'shape' in def.params ? Object.keys((def.params as unknown as { shape: object }).shape) : [],
    columns: def.columns.map((c) => ({
      key: c.key,
      label: c.label,
      type: c.type ?? 'text',
      required: c.required === true,
      max_length: (c.type ?? 'text') === 'text' ? (c.max ?? DEFAULT_MAX) : null,
      example: c.example ?? null,
      help: c.help ?? null,
    })),
    max_bytes: maxBytes,
    done_message: def.api.doneMessage ?? null,
  };
}

const SQL_TYPE: Record<ImportColumnType, string> = { text: 'text', integer: 'bigint', number: 'numeric', boolean: 'boolean', date: 'date' };

/** The valid staged rows of a batch as a typed relation (see ImportCommitContext.staged). */
export function stagedRelation(def: ImportDefinition, batchId: number): SQL {
  const record = def.columns.map((c) => `"${c.key}" ${SQL_TYPE[c.type ?? 'text']}`).join(', ');
  return sql`(select r.row_no, x.* from import_rows r cross join lateral jsonb_to_record(r.data) as x(${sql.raw(record)})
    where r.batch_id = ${batchId} and r.errors is null)`;
}

/**
 * A reference check against a table: the values found in `table.column` (compared case-insensitively with `lower`,
 * which the table's unique index on lower(column) serves). One query per batch of values.
 */
export function existsIn(table: string, column: string, opts: { caseInsensitive?: boolean; where?: string } = {}): ImportReference['check'] {
  if (!/^[a-z_][a-z0-9_]*$/.test(table) || !/^[a-z_][a-z0-9_]*$/.test(column)) throw new Error('existsIn: table and column must be identifiers');
  const match = opts.caseInsensitive ? `lower(t.${column}) = lower(v.value)` : `t.${column} = v.value`;
  const extra = opts.where ? ` and (${opts.where})` : '';
  return async (db, values) => {
    if (!values.length) return new Set();
    const rows = await queryRows<{ value: string }>(
      db,
      sql`select v.value from jsonb_array_elements_text(${JSON.stringify(values)}::jsonb) as v(value)
        where exists (select 1 from ${sql.raw(table)} t where ${sql.raw(match)}${sql.raw(extra)})`,
    );
    return new Set(rows.map((r) => r.value));
  };
}

/**
 * A row rule from a contract schema (the body the seam of a domain takes): the row's values parsed as one object, each
 * issue reported on the column its path names (or on the first key column).
 */
export function rowSchemaCheck(schema: z.ZodType, keyColumn: string): NonNullable<ImportDefinition['rowCheck']> {
  return (values) => {
    const input = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== null));
    const parsed = schema.safeParse(input);
    if (parsed.success) return [];
    const seen = new Set<string>();
    return parsed.error.issues.flatMap((issue) => {
      const column = typeof issue.path[0] === 'string' && issue.path[0] in values ? issue.path[0] : keyColumn;
      if (seen.has(column)) return [];
      seen.add(column);
      return [{ column, message: issue.message }];
    });
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Cell conversion

export type CellResult = { ok: true; value: CellValue } | { ok: false; raw: CellValue; message: string };

/** Text a spreadsheet would run as a formula: `=`, `@`, or `+`/`-` followed by something that is not a number. */
const FORMULA_TEXT = /^(?:[=@]|[+-][^0-9.\s]|[+-]\s)/;
const INTEGER = /^[+-]?\d+$/;
const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
const TRUE_WORDS = new Set(['true', '1', 'yes', 'y', 'ya']);
const FALSE_WORDS = new Set(['false', '0', 'no', 'n', 'tidak']);

const pad = (n: number) => String(n).padStart(2, '0');
const isoDate = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;

function validDate(y: number, m: number, d: number): string | null {
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d && y >= 1900 && y <= 2999 ? isoDate(date) : null;
}

/** What a spreadsheet cell (exceljs value) or a CSV field says, as text, or the reason it cannot be read. */
export function cellText(raw: unknown): { text: string | null; number?: number; date?: Date; bool?: boolean } | { refused: string } {
  if (raw === null || raw === undefined) return { text: null };
  if (typeof raw === 'string') return { text: raw };
  if (typeof raw === 'number') return Number.isFinite(raw) ? { text: String(raw), number: raw } : { refused: 'The cell holds an invalid number' };
  if (typeof raw === 'boolean') return { text: raw ? 'TRUE' : 'FALSE', bool: raw };
  if (raw instanceof Date) return Number.isNaN(raw.getTime()) ? { refused: 'The cell holds an invalid date' } : { text: isoDate(raw), date: raw };
  if (typeof raw === 'object') {
    const o = raw as Record<string, unknown>;
    if ('formula' in o || 'sharedFormula' in o) return { refused: 'Formulas are not allowed: paste the value instead' };
    if ('error' in o) return { refused: `The cell holds an error (${String(o.error)})` };
    if (Array.isArray(o.richText)) return { text: (o.richText as { text?: unknown }[]).map((p) => String(p.text ?? '')).join('') };
    if ('text' in o) return cellText(o.text);
  }
  return { refused: 'The cell holds a value that cannot be read' };
}

/** Converts one cell for its column: type, required, length, formula text, then the column's own rules. */
export function convertCell(column: ImportColumn, raw: unknown): CellResult {
  const read = cellText(raw);
  if ('refused' in read) return { ok: false, raw: null, message: read.refused };
  const text = read.text === null ? null : read.text.trim();
  const type = column.type ?? 'text';
  if (text === null || text === '') {
    return column.required ? { ok: false, raw: null, message: `${column.label} is required` } : { ok: true, value: null };
  }
  const fail = (message: string): CellResult => ({ ok: false, raw: text.length > 1000 ? `${text.slice(0, 1000)}…` : text, message });
  if (read.number === undefined && read.date === undefined && read.bool === undefined && FORMULA_TEXT.test(text)) {
    return fail('Text starting with =, +, -, or @ is read as a formula and is not allowed');
  }
  let value: CellValue;
  switch (type) {
    case 'text': {
      const max = column.max ?? DEFAULT_MAX;
      if (text.length > max) return fail(`Too long: at most ${max} characters (this has ${text.length})`);
      value = text;
      break;
    }
    case 'integer': {
      const n = read.number ?? (INTEGER.test(text) ? Number(text) : Number.NaN);
      if (!Number.isInteger(n)) return fail('Must be a whole number');
      if (!Number.isSafeInteger(n)) return fail('The number is too large');
      value = n;
      break;
    }
    case 'number': {
      const n = read.number ?? (DECIMAL.test(text) ? Number(text) : Number.NaN);
      if (!Number.isFinite(n)) return fail('Must be a number');
      value = n;
      break;
    }
    case 'boolean': {
      const word = text.toLowerCase();
      if (read.bool !== undefined) value = read.bool;
      else if (TRUE_WORDS.has(word)) value = true;
      else if (FALSE_WORDS.has(word)) value = false;
      else return fail('Must be TRUE or FALSE');
      break;
    }
    case 'date': {
      let iso: string | null = null;
      if (read.date) iso = isoDate(read.date);
      else {
        const ymd = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
        const dmy = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
        if (ymd) iso = validDate(Number(ymd[1]), Number(ymd[2]), Number(ymd[3]));
        else if (dmy) iso = validDate(Number(dmy[3]), Number(dmy[2]), Number(dmy[1]));
      }
      if (!iso) return fail('Must be a date (YYYY-MM-DD or DD/MM/YYYY)');
      value = iso;
      break;
    }
  }
  if (column.schema) {
    const parsed = column.schema.safeParse(value);
    if (!parsed.success) return fail(parsed.error.issues[0]?.message ?? 'Invalid value');
    const out = parsed.data;
    value = typeof out === 'string' || typeof out === 'number' || typeof out === 'boolean' || out === null ? out : value;
  }
  return { ok: true, value };
}
