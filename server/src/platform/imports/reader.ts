import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { parse } from 'csv-parse';
import ExcelJS from 'exceljs';
import type { ImportFormat } from '@portal/contract';

/*
 * Streaming readers: rows come one at a time from the file, never the whole sheet in memory. XLSX through exceljs's
 * streaming WorkbookReader (the `xlsx` package is not used), CSV through csv-parse.
 */

export interface SheetRow {
  /** The row's number as the user sees it in a spreadsheet (the header is usually 1). */
  rowNo: number;
  /** Cell values, first column at index 0 (exceljs values or CSV text). */
  cells: unknown[];
}

/** A problem of the whole file (wrong sheet, unreadable content): the batch fails with this message. */
export class FileProblem extends Error {}

export interface RowSource {
  rows: AsyncIterable<SheetRow>;
  /** 0..1 of the file read so far. */
  progress(): number;
}

const MAX_CSV_RECORD = 1024 * 1024;

/** The delimiter of a CSV from its first line: comma, semicolon (Excel in Indonesian locale) or tab. */
async function sniffDelimiter(filePath: string): Promise<string> {
  const handle = await fsp.open(filePath, 'r');
  try {
    const buf = Buffer.alloc(64 * 1024);
    const { bytesRead } = await handle.read(buf, 0, buf.length, 0);
    const text = buf.subarray(0, bytesRead).toString('utf8');
    let inQuotes = false;
    const counts: Record<string, number> = { ',': 0, ';': 0, '\t': 0 };
    for (const ch of text) {
      if (ch === '"') inQuotes = !inQuotes;
      else if (!inQuotes && (ch === '\n' || ch === '\r')) break;
      else if (!inQuotes && ch in counts) counts[ch] = (counts[ch] ?? 0) + 1;
    }
    const best = Object.entries(counts).sort((a, b) => b[1] - a[1])[0];
    return best && best[1] > 0 ? best[0] : ',';
  } finally {
    await handle.close();
  }
}

async function* csvRows(stream: fs.ReadStream, delimiter: string): AsyncGenerator<SheetRow> {
  const parser = stream.pipe(
    parse({ bom: true, delimiter, relax_column_count: true, skip_empty_lines: false, max_record_size: MAX_CSV_RECORD }),
  );
  let rowNo = 0;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      rowNo++;
      yield { rowNo, cells: record };
    }
  } catch (err) {
    throw new FileProblem(`The CSV file cannot be read after row ${rowNo}: ${(err as Error).message}`);
  } finally {
    stream.destroy();
  }
}

async function* xlsxRows(stream: fs.ReadStream, sheet: string): AsyncGenerator<SheetRow> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(stream, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    // Styles tell a date cell from a number; hyperlinks are read as their text.
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  const wanted = sheet.trim().toLowerCase();
  const seen: string[] = [];
  let found = false;
  try {
    for await (const worksheet of reader) {
      const name = String((worksheet as unknown as { name?: string }).name ?? '');
      seen.push(name);
      if (found || name.trim().toLowerCase() !== wanted) continue;
      found = true;
      for await (const row of worksheet) {
        const values = row.values as unknown[];
        yield { rowNo: row.number, cells: Array.isArray(values) ? values.slice(1) : [] };
      }
    }
  } catch (err) {
    if (err instanceof FileProblem) throw err;
    throw new FileProblem(`The workbook cannot be read: ${(err as Error).message}`);
  } finally {
    stream.destroy();
  }
  if (!found) {
    const names = seen.filter(Boolean);
    throw new FileProblem(`The workbook has no sheet named "${sheet}"${names.length ? ` (it has: ${names.join(', ')})` : ''}. Use the template.`);
  }
}

export async function openRows(filePath: string, format: ImportFormat, sheet: string): Promise<RowSource> {
  const size = Math.max(1, (await fsp.stat(filePath)).size);
  const delimiter = format === 'csv' ? await sniffDelimiter(filePath) : ',';
  const stream = fs.createReadStream(filePath, { highWaterMark: 256 * 1024 });
  return {
    rows: format === 'csv' ? csvRows(stream, delimiter) : xlsxRows(stream, sheet),
    progress: () => Math.min(1, stream.bytesRead / size),
  };
}
