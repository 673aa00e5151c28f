import { PassThrough } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { continuedSheetName, openTableWriter, XLSX_MAX_ROWS } from './writers.ts';

describe('XLSX sheets past Excel’s row limit', () => {
  it('goes on in "<name> (2)", "(3)", … each with the header again, no row lost or repeated', async () => {
    const out = new PassThrough();
    const file = buffer(out);
    const writer = openTableWriter('xlsx', out, { header: ['N', 'Label'], sheetName: 'All Transactions', rowsPerSheet: 5 });
    const rows = Array.from({ length: 12 }, (_, i) => [i + 1, `row ${i + 1}`]);
    await writer.write(rows.slice(0, 7));
    await writer.write(rows.slice(7));
    await writer.end();
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await file) as unknown as ArrayBuffer);
    expect(book.worksheets.map((s) => s.name)).toEqual(['All Transactions', 'All Transactions (2)', 'All Transactions (3)']);
    const values = book.worksheets.map((s) => s.getSheetValues().slice(1).map((r) => (r as unknown[]).slice(1)));
    expect(values.map((v) => v[0])).toEqual([['N', 'Label'], ['N', 'Label'], ['N', 'Label']]);
    expect(values.flatMap((v) => v.slice(1))).toEqual(rows);
    expect(values.map((v) => v.length - 1)).toEqual([5, 5, 2]);
  });

  it('holds as many rows a sheet as Excel opens, and keeps a long name within 31 characters', () => {
    expect(XLSX_MAX_ROWS).toBe(2 ** 20);
    expect(continuedSheetName('All Transactions', 2)).toBe('All Transactions (2)');
    expect(continuedSheetName('A sheet name of thirty-one char', 12)).toBe('A sheet name of thirty-one (12)');
    expect(continuedSheetName('A sheet name of thirty-one char', 12)).toHaveLength(31);
  });
});
