import { once } from 'node:events';
import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { ImportCellError, ImportFormat } from '@portal/contract';
import { neutralise, type Cell } from '../exports/cells.ts';
import { openTableWriter } from '../exports/writers.ts';
import type { CellValue, ImportDefinition } from './definition.ts';

/*
 * The files a user downloads around an import: the template (XLSX or CSV) and the error file (the bad rows with their
 * values and an Errors column). The error file keeps the template's sheet and headers, so it can be corrected and
 * uploaded again: the Row and Errors columns are ignored on upload.
 */

const TYPE_TEXT = { text: 'Text', integer: 'Whole number', number: 'Number', boolean: 'TRUE or FALSE', date: 'Date (YYYY-MM-DD)' } as const;

function columnNote(c: ImportDefinition['columns'][number]): string {
  const type = c.type ?? 'text';
  const parts = [c.required ? 'Required.' : 'Optional.', `${TYPE_TEXT[type]}${type === 'text' ? `, at most ${c.max ?? 500} characters` : ''}.`];
  if (c.help) parts.push(c.help);
  if (c.example) parts.push(`Example: ${c.example}`);
  return parts.join(' ');
}

export const ROW_HEADER = 'Row';
export const ERRORS_HEADER = 'Errors';

/** The template: the data sheet with the headers (text columns formatted as text, so codes keep leading zeros) and a Guide sheet. */
export async function templateFile(def: ImportDefinition, format: ImportFormat): Promise<Buffer> {
  const labels = def.columns.map((c) => c.label);
  if (format === 'csv') {
    const line = labels.map((l) => (/[",;\r\n]/.test(l) ? `"${l.replaceAll('"', '""')}"` : l)).join(',');
    return Buffer.from(`\uFEFF${line}\r\n`, 'utf8');
  }
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Loyalty Portal';
  const sheet = wb.addWorksheet(def.sheet, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = def.columns.map((c) => ({
    header: c.label,
    key: c.key,
    width: Math.min(40, Math.max(14, c.label.length + 4)),
    ...((c.type ?? 'text') === 'text' ? { style: { numFmt: '@' } } : {}),
  }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  def.columns.forEach((c, i) => {
    const cell = header.getCell(i + 1);
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: c.required ? 'FFFFE699' : 'FFDDEBF7' } };
    cell.note = columnNote(c);
  });
  const guide = wb.addWorksheet('Guide');
  guide.columns = [
    { header: 'Column', width: 24 },
    { header: 'Required', width: 10 },
    { header: 'Type', width: 20 },
    { header: 'Max length', width: 12 },
    { header: 'Example', width: 20 },
    { header: 'Notes', width: 60 },
  ];
  guide.getRow(1).font = { bold: true };
  for (const c of def.columns) {
    const type = c.type ?? 'text';
    guide.addRow([c.label, c.required ? 'Yes' : 'No', TYPE_TEXT[type], type === 'text' ? (c.max ?? 500) : '', c.example ?? '', c.help ?? '']);
  }
  guide.addRow([]);
  guide.addRow([`Fill in the "${def.sheet}" sheet from row 2. Rows with errors are listed in the preview and in the error file; only valid rows are imported.`]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export interface BadRow {
  row_no: number;
  data: Record<string, CellValue>;
  errors: ImportCellError[];
}

export interface ErrorFileWriter {
  write(rows: readonly BadRow[]): Promise<void>;
  end(): Promise<void>;
}

const errorsText = (def: ImportDefinition, errors: readonly ImportCellError[]) =>
  errors.map((e) => `${def.columns.find((c) => c.key === e.column)?.label ?? e.column}: ${e.message}`).join('; ');

/** The error file, written batch by batch into `out`. XLSX marks each bad cell red with its message as a note. */
export function openErrorFile(def: ImportDefinition, format: ImportFormat, out: Writable): ErrorFileWriter {
  const header = [ROW_HEADER, ...def.columns.map((c) => c.label), ERRORS_HEADER];
  if (format === 'csv') {
    const table = openTableWriter('csv', out, { header, sheetName: def.sheet });
    return {
      write: (rows) =>
        table.write(
          rows.map((r): Cell[] => [r.row_no, ...def.columns.map((c) => csvCell(r.data[c.key])), neutralise(errorsText(def, r.errors))]),
        ),
      end: () => table.end(),
    };
  }
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = wb.addWorksheet(def.sheet, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = header.map((h, i) => ({
    width: i === header.length - 1 ? 60 : Math.min(40, Math.max(10, h.length + 4)),
  }));
  const head = sheet.addRow(header);
  head.font = { bold: true };
  head.commit();
  return {
    async write(rows) {
      for (const r of rows) {
        const row = sheet.addRow([r.row_no, ...def.columns.map((c) => r.data[c.key] ?? null), errorsText(def, r.errors)]);
        def.columns.forEach((c, i) => {
          const messages = r.errors.filter((e) => e.column === c.key).map((e) => e.message);
          if (!messages.length) return;
          const cell = row.getCell(i + 2);
          cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFC7CE' } };
          cell.font = { color: { argb: 'FF9C0006' } };
          cell.note = messages.join('\n');
        });
        row.commit();
      }
      if (out.writableNeedDrain) await Promise.race([once(out, 'drain'), once(out, 'close')]);
    },
    async end() {
      sheet.commit();
      await wb.commit();
    },
  };
}

const csvCell = (v: CellValue | undefined): Cell => (v === null || v === undefined ? null : typeof v === 'number' ? v : neutralise(String(v)));
