import { PassThrough } from 'node:stream';
import { text } from 'node:stream/consumers';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ACTIVE_STATUS, listQuery } from '@portal/contract';
import { useHarness } from '../../../test/harness.ts';
import { queryRows } from '../../db/client.ts';
import { copyCsv } from './copy-csv.ts';
import { defineExport, enumLabel, yesNo, type ExportDef } from './index.ts';
import { csvHead } from './writers.ts';

/*
 * CSV through COPY must be the same file, byte for byte, as the batched writer makes: for a probe table of awkward
 * values, and for every export the app registers, over the demo data. (On PGlite both are the batched writer.)
 */
const onPostgres = !!process.env.TEST_DATABASE_URL;

const probeExport = defineExport({
  name: 'export_copy_probe',
  sheetName: 'Copy Probe',
  entries: ['cms.log-history'],
  listQuery: listQuery(['id'] as const, {}),
  columns: [
    { key: 'id', label: 'ID', format: 'number' },
    { key: 'name', label: 'Name, "quoted"' },
    { key: 'amount', label: 'Amount', format: 'money' },
    { key: 'delta', label: 'Delta', format: 'number' },
    { key: 'at', label: 'At', format: 'datetime' },
    { key: 'day', label: 'Day', format: 'date' },
    { key: 'at', label: 'At as date', format: 'date' },
    { key: 'status', label: 'Status', format: enumLabel(ACTIVE_STATUS) },
    { key: 'flag', label: 'Flag', format: yesNo },
    { key: 'name', label: 'Name as number', format: 'number' },
    { key: 'at_text', label: 'Time kept as text', format: 'datetime' },
    { key: 'ratio', label: 'Ratio', format: 'number' },
    { key: 'ratio', label: 'Ratio as money', format: 'money' },
  ],
  source: () => ({ select: sql`select p.id, p.name, p.amount, p.delta, p.at, p.day, p.status, p.flag, p.at_text, p.ratio`, from: sql`from copy_probe p`, where: [], keys: ['p.id'], dir: 'asc' }),
});

const NAMES = [
  '=HYPERLINK("http://evil.example","x")',
  '+1+2',
  '-2+3',
  '@SUM(A1)',
  '\tTabbed',
  '\rReturn',
  'plain, with "quotes"',
  'two\nlines',
  'crlf\r\ninside',
  '',
  null,
  '12.50',
  'Ünïcödé ✓',
  '\\. alone',
];

describe('CSV through COPY', () => {
  const h = useHarness();

  async function both(def: ExportDef, q: Record<string, unknown>): Promise<{ copied: string | null; batched: string; rows: number | null }> {
    const viewer = { userId: 1 };
    const a = new PassThrough();
    const copiedText = text(a);
    const rows = await copyCsv(h.testDb.database, def, def.source(q, viewer), csvHead(def.columns.map((c) => c.label)), a);
    if (rows === null) a.end();
    const b = new PassThrough();
    const batchedText = text(b);
    await h.exports.writeBatched(def, q, viewer, 'csv', b);
    return { copied: rows === null ? null : await copiedText, batched: await batchedText, rows };
  }

  it.skipIf(!onPostgres)('writes awkward values exactly as the batched writer does', async () => {
    await h.testDb.database.exec(`create table copy_probe (id int primary key, name text, amount numeric, delta numeric, at timestamptz, day date, status int, flag boolean, at_text text, ratio float8)`);
    let id = 0;
    for (const name of NAMES) {
      id++;
      await queryRows(
        h.testDb.database.db,
        sql`insert into copy_probe values (${id}, ${name}, ${(id % 2 ? -1 : 1) * id * 1234.5}, ${id % 2 ? -id / 4 : id * 10}, ${new Date(Date.UTC(2026, 0, id, 16 + (id % 3), 59, 59, 999))}, ${`2026-12-${String(id).padStart(2, '0')}`}, ${id % 3}, ${id % 2 === 0}, ${id % 4 ? `2026-03-${String(id).padStart(2, '0')} 0${id % 10}:30:00.5+07` : 'not a time'}, ${id / 8})`,
      );
    }
    await h.testDb.database.exec(`insert into copy_probe (id) values (100)`);
    const { copied, batched, rows } = await both(probeExport, {});
    expect(rows).toBe(NAMES.length + 1);
    expect(copied).toBe(batched);
    expect(batched).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(batched).toContain('"two\nlines"');
    expect(batched.split('\r\n')[1]).toContain('02/Jan/2026 00:59:59');
  });

  it.skipIf(!onPostgres)('writes every registered export over the demo data as the batched writer does', async () => {
    const defs = h.exports.definitions();
    expect(defs.length).toBeGreaterThan(15);
    const viaCopy: string[] = [];
    for (const def of defs) {
      const q = def.listQuery.parse({}) as Record<string, unknown>;
      const { copied, batched } = await both(def, q);
      if (copied === null) continue;
      viaCopy.push(def.name);
      expect(copied, def.name).toBe(batched);
    }
    // The lists a spreadsheet user exports most are among those written by COPY.
    expect(viaCopy).toEqual(expect.arrayContaining(['export_log', 'export_product', 'export_store']));
  });

  it('leaves PGlite, and exports with a column formatted only in JavaScript, to the batched writer', async () => {
    const custom = defineExport({ ...probeExport, name: 'export_copy_custom', columns: [{ key: 'id', label: 'ID', format: (v) => `#${v}` }] });
    const out = new PassThrough();
    expect(await copyCsv(h.testDb.database, custom, custom.source({} as never, { userId: 1 }), '', out)).toBeNull();
    if (!onPostgres) expect(await copyCsv(h.testDb.database, probeExport, probeExport.source({} as never, { userId: 1 }), '', out)).toBeNull();
  });
});
