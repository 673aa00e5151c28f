import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { checkSheetName, exportFileName, MENU_BY_KEY, type ExportFormat } from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { listConditions, type ListQueryLike, type ResourceDef } from '../crud/resource.service.ts';
import { groupedKeys, type GroupedReport } from '../crud/grouped.ts';
import { neutralise, toCell, type Cell, type CellFormat, type ValueFormat } from './cells.ts';
import type { Actor } from '../request-context.ts';
import type { ExportSource, RawBatch } from './source.ts';

export interface ExportColumn {
  /** The column of the source row. */
  key: string;
  /** The header text. */
  label: string;
  /**
   * A named format, or a format of one value that has an SQL form as well (`enumLabel`, `yesNo`): every cell can be
   * written by the database, so CSV on PostgreSQL always goes through COPY. What depends on other columns or on the
   * viewer (masking, a status that follows the clock) is decided in the source's select.
   */
  format?: CellFormat | ValueFormat;
}

/** Who asked for the export: sources with row-level rules (a help-desk agent's own tickets) read it. */
export interface ExportViewer {
  userId: number;
  /**
   * Whether the rows show consumers' personal data unmasked: decided once per file by the export's `prepare`, when its
   * rows are read (a kept export in its job), so the file and the access log agree. Masked when not decided.
   */
  personalData?: boolean;
  /**
   * The access-log entry of an unmasked file, written beside its rows on a connection of its own; the file is handed
   * to no one until it is written (ExportService.write awaits it after the rows).
   */
  recorded?: Promise<void>;
}

/** The list query of an export: a zod object (the list's own contract query). */
export type ListQuerySchema = z.ZodObject;

/** A sheet of its own in an XLSX file, beside the export's main one (a report's summary before its detail). */
export interface ExportSheet<L extends ListQuerySchema = ListQuerySchema> {
  /** At most 31 characters. */
  sheetName: string;
  columns: readonly ExportColumn[];
  source: (q: z.output<L>, viewer: ExportViewer) => ExportSource;
}

/**
 * One export, declared once beside its list: its spec file name, the sheet name, the menu entries whose `export`
 * right it needs, the list's own query schema (so it takes exactly the list's filters), the columns, and the rows.
 */
export interface ExportDef<L extends ListQuerySchema = ListQuerySchema> {
  /** The spec's file name (`export_log`); files are `<name>_<YYYYMMDD_HHmmss>.<format>` unless `fileName` says otherwise. */
  name: string;
  /** The XLSX sheet name, at most 31 characters. */
  sheetName: string;
  /** Menu entries of the list; the `export` action on any one of them admits. */
  entries: readonly string[];
  listQuery: L;
  columns: readonly ExportColumn[];
  source: (q: z.output<L>, viewer: ExportViewer) => ExportSource;
  fileName?: (format: ExportFormat, at: Date) => string;
  /**
   * `reports`: the rows (and their count) are read from the reports database (REPORTS_DATABASE_URL, a replica that may
   * be a few seconds behind), as the report's screen reads them; `prepare`, `forQuery` and the Download List's entry stay
   * on the main database. Set by `reportExports` (platform/module.ts). The main database when unset.
   */
  database?: 'reports';
  /**
   * Runs before the rows are read, each time the file is written: answers the viewer the rows are read for (what it may
   * see, decided now) after recording what must be recorded (the personal-data access log records exports here).
   */
  prepare?: (db: Db, q: z.output<L>, viewer: ExportViewer) => Promise<ExportViewer>;
  /**
   * Columns that depend on the query (a form's report has one column per question of the chosen form): worked out each
   * time the file is written, before its rows are read; the columns and source it answers replace the declared ones.
   */
  forQuery?: (db: Db, q: z.output<L>) => Promise<Pick<ExportDef<L>, 'columns' | 'source'>>;
  /** Refuses a request before any row is read (the step-up asked of unmasked personal data); throws an AppError. */
  guard?: (actor: Actor, now: Date) => void;
  /**
   * Sheets an XLSX file holds before the main one, with the same filters (a report's summary); CSV and TXT, one table
   * each, hold the main one only. The Download List's threshold counts the main sheet's rows.
   */
  leadSheets?: readonly ExportSheet<L>[];
}

/** Checks a declaration once, at start-up: the sheet name rule, at least one column, entries that offer `export`. */
export function defineExport<L extends ListQuerySchema>(def: ExportDef<L>): ExportDef<L> {
  checkSheetName(def.sheetName);
  for (const sheet of def.leadSheets ?? []) {
    checkSheetName(sheet.sheetName);
    if (!sheet.columns.length) throw new Error(`export ${def.name}: sheet ${sheet.sheetName} has no columns`);
  }
  if (!/^[A-Za-z0-9_-]+$/.test(def.name)) throw new Error(`export ${def.name}: the name must be a plain file name`);
  if (!def.columns.length) throw new Error(`export ${def.name}: no columns`);
  const offering = def.entries.filter((e) => MENU_BY_KEY.get(e)?.actions.includes('export'));
  if (!offering.length) throw new Error(`export ${def.name}: none of ${def.entries.join(', ')} offers export`);
  return { ...def, entries: offering };
}

export const fileNameOf = (def: ExportDef, format: ExportFormat, at: Date) => def.fileName?.(format, at) ?? exportFileName(def.name, format, at);

/**
 * The cells of a batch, row by row, in one array refilled for each row: a million rows cost no million arrays. A
 * consumer must use (or copy) a row before asking for the next.
 */
export function* cellRows(def: ExportDef, batch: RawBatch): Generator<readonly Cell[]> {
  const at = new Map(batch.fields.map((f, i) => [f, i]));
  const plan = def.columns.map((c) => {
    const i = at.get(c.key);
    if (i === undefined) throw new Error(`export ${def.name}: the source has no column ${c.key}`);
    return { i, format: c.format };
  });
  const cells = Array.from<Cell>({ length: plan.length });
  for (const row of batch.rows) {
    for (let j = 0; j < plan.length; j++) {
      const { i, format } = plan[j]!;
      const value = row[i] ?? null;
      if (typeof format === 'function') {
        const cell = format(value);
        cells[j] = typeof cell === 'string' ? neutralise(cell) : cell;
      } else cells[j] = toCell(value, format);
    }
    yield cells;
  }
}

/** The cells of a batch as arrays of their own (tests, small batches). */
export const toCells = (def: ExportDef, batch: RawBatch): Cell[][] => Array.from(cellRows(def, batch), (cells) => [...cells]);

/**
 * The export of a generic resource (platform/crud): the same select, from, scope, filters and search as its list, in
 * the list's order (the sort column, then the id). `computed` adds columns worked out each time the file is written
 * (`<expression> as <name>`: a status that follows the clock).
 */
export function resourceExport<Row, L extends ListQuerySchema>(
  resource: ResourceDef<Row, z.output<L> & ListQueryLike>,
  { computed, ...opts }: Omit<ExportDef<L>, 'source'> & { computed?: (q: z.output<L>) => SQL },
): ExportDef<L> {
  return defineExport<L>({
    ...opts,
    source: (q) => {
      const query = q as z.output<L> & ListQueryLike;
      const sortExpr = resource.sort[query.sort_by] ?? Object.values(resource.sort)[0];
      if (!sortExpr) throw new Error(`${resource.entity}: no sort columns`);
      return {
        select: computed ? sql`${resource.select}, ${computed(q)}` : resource.select,
        from: resource.from,
        where: [resource.scope, ...listConditions(resource, query)],
        keys: [sortExpr, resource.id],
        dir: query.sort_dir,
      };
    },
  });
}

/**
 * The export of an aggregate report (platform/crud/grouped.ts): its rows in the list's order (the chosen sort, then
 * what makes a row unique), with the list's filters.
 */
export function groupedExport<L extends ListQuerySchema>(report: GroupedReport<z.output<L>>, opts: Omit<ExportDef<L>, 'source'>): ExportDef<L> {
  return defineExport<L>({
    ...opts,
    source: (q) => {
      const query = q as z.output<L> & Pick<ListQueryLike, 'sort_by' | 'sort_dir'>;
      return { select: report.select, from: report.from(q), where: [], keys: groupedKeys(report, query.sort_by), dir: query.sort_dir };
    },
  });
}
