import type { z } from 'zod';
import { checkSheetName, exportFileName, MENU_BY_KEY, type ExportFormat } from '@portal/contract';
import type { Db } from '../../db/client.ts';
import type { ListQueryLike, ResourceDef } from '../crud/resource.service.ts';
import { likePattern } from '../pagination.ts';
import { neutralise, toCell, type Cell, type CellFormat } from './cells.ts';
import type { ExportSource, RawBatch } from './source.ts';

export interface ExportColumn {
  /** The column of the source row. */
  key: string;
  /** The header text. */
  label: string;
  /**
   * A named format, or a function of the value (PostgreSQL's text output: booleans `t`/`f`, json as text) that may read
   * other columns of the row through `get`; text it returns is neutralised too.
   */
  format?: CellFormat | ((value: string | null, get: (key: string) => string | null) => Cell);
}

/** Who asked for the export: sources with row-level rules (a help-desk agent's own tickets) read it. */
export interface ExportViewer {
  userId: number;
}

/** The list query of an export: a zod object (the list's own contract query). */
export type ListQuerySchema = z.ZodObject;

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
  /** Runs before the rows are read, each time the file is written: the personal-data access log records exports here. */
  beforeRead?: (db: Db, q: z.output<L>, viewer: ExportViewer) => Promise<void>;
}

/** Checks a declaration once, at start-up: the sheet name rule, at least one column, entries that offer `export`. */
export function defineExport<L extends ListQuerySchema>(def: ExportDef<L>): ExportDef<L> {
  checkSheetName(def.sheetName);
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
  const custom = plan.some((p) => typeof p.format === 'function');
  const none = () => null;
  for (const row of batch.rows) {
    const get = custom ? (key: string) => row[at.get(key) ?? -1] ?? null : none;
    for (let j = 0; j < plan.length; j++) {
      const { i, format } = plan[j]!;
      const value = row[i] ?? null;
      if (typeof format === 'function') {
        const cell = format(value, get);
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
 * the list's order (the sort column, then the id).
 */
export function resourceExport<Row, L extends ListQuerySchema>(
  resource: ResourceDef<Row, z.output<L> & ListQueryLike>,
  opts: Omit<ExportDef<L>, 'source'>,
): ExportDef<L> {
  return defineExport<L>({
    ...opts,
    source: (q) => {
      const query = q as z.output<L> & ListQueryLike;
      const sortExpr = resource.sort[query.sort_by] ?? Object.values(resource.sort)[0];
      if (!sortExpr) throw new Error(`${resource.entity}: no sort columns`);
      return {
        select: resource.select,
        from: resource.from,
        where: [
          resource.scope,
          ...(resource.where?.(query) ?? []),
          query.search && resource.search ? resource.search(likePattern(query.search), query.search) : undefined,
        ],
        keys: [sortExpr, resource.id],
        dir: query.sort_dir,
      };
    },
  });
}
