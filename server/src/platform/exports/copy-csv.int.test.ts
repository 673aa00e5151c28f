import { PassThrough } from 'node:stream';
import { text } from 'node:stream/consumers';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ACTIVE_STATUS, listQuery } from '@portal/contract';
import { exportRecordQueries } from '../../../test/export-records.ts';
import { useHarness } from '../../../test/harness.ts';
import { queryRows } from '../../db/client.ts';
import { copyCsv } from './copy-csv.ts';
import { defineExport, enumLabel, yesNo, type ExportDef, type ExportViewer } from './index.ts';
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
    { key: 'name', label: 'Name as a status', format: enumLabel(ACTIVE_STATUS) },
    { key: 'name', label: 'Name as yes/no', format: yesNo },
    { key: 'flag', label: 'Flag as text' },
    { key: 'ip', label: 'Address' },
    { key: 'code', label: 'Padded code' },
    { key: 'flag_text', label: 'Flag text as yes/no', format: yesNo },
  ],
  source: () => ({ select: sql`select p.id, p.name, p.amount, p.delta, p.at, p.day, p.status, p.flag, p.at_text, p.ratio, p.ip, p.code, p.flag_text`, from: sql`from copy_probe p`, where: [], keys: ['p.id'], dir: 'asc' }),
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

  async function both(def: ExportDef, q: Record<string, unknown>, viewer: ExportViewer = { userId: 1 }): Promise<{ copied: string | null; batched: string; rows: number | null }> {
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
    await h.testDb.database.exec(`create table copy_probe (id int primary key, name text, amount numeric, delta numeric, at timestamptz, day date, status int, flag boolean, at_text text, ratio float8, ip inet, code char(6), flag_text text)`);
    let id = 0;
    for (const name of NAMES) {
      id++;
      await queryRows(
        h.testDb.database.db,
        sql`insert into copy_probe values (${id}, ${name}, ${(id % 2 ? -1 : 1) * id * 1234.5}, ${id % 2 ? -id / 4 : id * 10}, ${new Date(Date.UTC(2026, 0, id, 16 + (id % 3), 59, 59, 999))}, ${`2026-12-${String(id).padStart(2, '0')}`}, ${id % 3}, ${id % 2 === 0}, ${id % 4 ? `2026-03-${String(id).padStart(2, '0')} 0${id % 10}:30:00.5+07` : 'not a time'}, ${id / 8},
          ${`10.0.${id}.1`}, ${`c${id}`}, ${['t', 'true', 'f', 'yes'][id % 4]})`,
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

  it.skipIf(!onPostgres)('writes every registered export over the demo data through COPY, as the batched writer does, masked and unmasked', async () => {
    const defs = h.exports.definitions();
    expect(defs.length).toBeGreaterThan(15);
    // Exports of one record's rows take that record: the seeded survey's answers, the first coupon's codes, the drawn raffle's entries.
    const db = h.testDb.database.db;
    const recordOf = await exportRecordQueries(db);
    for (const declared of defs) {
      const q = declared.listQuery.parse(recordOf[declared.name] ?? {}) as Record<string, unknown>;
      const def = declared.forQuery ? { ...declared, ...(await declared.forQuery(db, q)) } : declared;
      for (const personalData of [false, true]) {
        const { copied, batched, rows } = await both(def, q, { userId: 1, personalData });
        expect(rows, def.name).not.toBeNull();
        expect(copied, `${def.name}, personal data ${personalData ? 'shown' : 'masked'}`).toBe(batched);
      }
    }
  });

  it('leaves PGlite to the batched writer', async () => {
    const def = h.exports.definitions().find((d) => d.name === 'export_log')!;
    const out = new PassThrough();
    const copied = await copyCsv(h.testDb.database, def, def.source(def.listQuery.parse({}), { userId: 1 }), '', out);
    if (onPostgres) expect(copied).not.toBeNull();
    else expect(copied).toBeNull();
  });
});
