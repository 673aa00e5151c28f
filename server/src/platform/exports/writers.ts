import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { checkSheetName, type ExportFormat } from '@portal/contract';
import type { Cell } from './cells.ts';

/** Writes a table batch by batch into a stream; never holds more than the batch it is given. */
export interface TableWriter {
  /** A batch of rows; each row is used before the next is read, so a source may refill one array. */
  write(rows: Iterable<readonly Cell[]>): Promise<void>;
  /** Finishes the file and ends the stream. */
  end(): Promise<void>;
  /** XLSX only: ends the current sheet and starts another, whose rows the next writes are. */
  nextSheet?(opts: TableOptions): void;
}

export interface TableOptions {
  header: readonly string[];
  /** XLSX only; at most 31 characters (spec section 5: 'Sheet name too long'). */
  sheetName: string;
  /** XLSX only: data rows a sheet holds before the rest goes on in another (default: as many as Excel opens). */
  rowsPerSheet?: number;
}

/** The rows of a worksheet Excel opens, the header included: 2^20. */
export const XLSX_MAX_ROWS = 1_048_576;

/** The name of a sheet's `n`th continuation: "All Transactions (2)", cut to fit 31 characters. */
export const continuedSheetName = (name: string, n: number): string => `${name.slice(0, 31 - ` (${n})`.length)} (${n})`;

const BOM = '\uFEFF';
const EOL = '\r\n';

/** Resolves once the stream takes more (or has gone away), removing its listeners again. */
function drained(out: Writable): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      out.off('drain', done);
      out.off('close', done);
      out.off('error', done);
      resolve();
    };
    out.on('drain', done);
    out.on('close', done);
    out.on('error', done);
  });
}

/** The reader went away (a closed download): the export stops instead of reading the rest for nobody. */
export class ExportAborted extends Error {
  constructor() {
    super('The export stream was closed before the end');
  }
}

/** Writes a chunk and, when the stream's buffer is full, waits: a slow reader never makes the writer hold rows. */
async function put(out: Writable, chunk: string): Promise<void> {
  if (out.destroyed) throw new ExportAborted();
  if (!out.write(chunk)) await drained(out);
}

const CSV_SPECIAL = /[",\r\n]/;
/** RFC 4180: a field holding a comma, a quote or a line break is quoted, its quotes doubled. */
const csvField = (c: Cell): string => (c === null ? '' : typeof c === 'number' ? String(c) : CSV_SPECIAL.test(c) ? `"${c.replaceAll('"', '""')}"` : c);

/** Tabs and line breaks inside a value would split it; TXT has no quoting, so they become spaces. */
const TSV_SPECIAL = /[\t\r\n]+/g;
const tsvField = (c: Cell): string => (c === null ? '' : typeof c === 'number' ? String(c) : c.replace(TSV_SPECIAL, ' '));

/**
 * CSV and TXT: one text chunk per batch. CSV is UTF-8 with a byte-order mark (so Excel reads the encoding),
 * comma-separated, quoted where needed; TXT is tab-separated without a byte-order mark. Both end lines with CRLF.
 */
function textWriter(out: Writable, opts: TableOptions, field: (c: Cell) => string, sep: string, prefix: string): TableWriter {
  let started = false;
  const line = (row: readonly Cell[]) => {
    let text = '';
    for (let i = 0; i < row.length; i++) text += (i ? sep : '') + field(row[i] ?? null);
    return text + EOL;
  };
  const start = async () => {
    if (started) return;
    started = true;
    await put(out, prefix + line(opts.header));
  };
  return {
    async write(rows) {
      await start();
      let text = '';
      for (const row of rows) text += line(row);
      if (text) await put(out, text);
    },
    async end() {
      await start();
      out.end();
    },
  };
}

/** A stream of the `readable-stream` package (archiver's), whose old state has no `writableNeedDrain`. */
type ZipInput = Writable & { _writableState?: { length: number; highWaterMark: number } };

/**
 * Where exceljs's streaming sheet hands its XML: the zip's input (its StreamBuf's destinations). It writes there without
 * heeding a full buffer, so a writer waits on them itself: two million rows are written at the compressor's pace
 * instead of piling up in memory (1.5 GB, where the file is 240 MB).
 */
const zipInputsOf = (sheet: ExcelJS.Worksheet): ZipInput[] => (sheet as unknown as { stream?: { pipes?: ZipInput[] } }).stream?.pipes ?? [];
const isFull = (w: ZipInput) => (w._writableState ? w._writableState.length >= w._writableState.highWaterMark : w.writableNeedDrain);

/** One style object for every data cell: exceljs caches a style by object, so it is worked out once, not per cell. */
const PLAIN_STYLE: Partial<ExcelJS.Style> = Object.freeze({});

/**
 * XLSX: exceljs's streaming writer, one sheet a table (continued in another past Excel's row limit), the header row bold;
 * each row is committed (flushed) as it is added.
 */
function xlsxWriter(out: Writable, opts: TableOptions): TableWriter {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const open = (o: TableOptions) => {
    const added = workbook.addWorksheet(checkSheetName(o.sheetName));
    added.columns = o.header.map((h) => ({ width: Math.min(50, Math.max(12, h.length + 4)) }));
    const header = added.addRow([...o.header]);
    header.font = { bold: true };
    header.commit();
    return added;
  };
  let sheet = open(opts);
  let current = opts;
  // A table longer than a sheet holds goes on in "<name> (2)", "(3)", … each with the header again.
  const perSheet = opts.rowsPerSheet ?? XLSX_MAX_ROWS - 1;
  let inSheet = 0;
  let part = 1;
  const plain = (cell: ExcelJS.Cell) => {
    cell.style = PLAIN_STYLE;
  };
  return {
    async write(rows) {
      for (const row of rows) {
        if (inSheet === perSheet) {
          sheet.commit();
          sheet = open({ ...current, sheetName: continuedSheetName(current.sheetName, ++part) });
          inSheet = 0;
        }
        inSheet++;
        const added = sheet.addRow([...row]);
        added.eachCell(plain);
        added.commit();
      }
      if (out.destroyed) throw new ExportAborted();
      for (const input of zipInputsOf(sheet)) if (isFull(input)) await drained(input);
      if (out.writableNeedDrain) await drained(out);
    },
    async end() {
      sheet.commit();
      await workbook.commit();
    },
    nextSheet(next) {
      sheet.commit();
      sheet = open(next);
      current = next;
      inSheet = 0;
      part = 1;
    },
  };
}

/** The start of a CSV file: the byte-order mark and the header line (the COPY path writes its rows after it). */
export const csvHead = (header: readonly string[]): string => BOM + header.map(csvField).join(',') + EOL;

export function openTableWriter(format: ExportFormat, out: Writable, opts: TableOptions): TableWriter {
  switch (format) {
    case 'csv':
      return textWriter(out, opts, csvField, ',', BOM);
    case 'txt':
      return textWriter(out, opts, tsvField, '\t', '');
    case 'xlsx':
      return xlsxWriter(out, opts);
  }
}
