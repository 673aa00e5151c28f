import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { stampProgrammeCreateBody, type ImportBatch, type ImportRow, type StampInjectionLine, type StampInjectionRow } from '@portal/contract';
import { queryRows } from '../../db/client.ts';
import { useHarness } from '../../../test/harness.ts';
import { csv, multipart } from '../../../test/import-files.ts';
import { createStaff } from '../../../test/staff.ts';
import { StampProgrammeService } from './stamp-programme.resource.ts';

const HEADER = ['App Card ID', 'Programme', 'Stamps'];

/** Digital stamp inject: a file of corrections through the import pipeline into the stamp ledger, and its reversal. */
describe('digital stamp inject', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-stamp-inject-'));
  const h = useHarness({ DATA_DIR: dataDir });
  let root: string;
  let viewer: string;
  let outsider: string;
  let programmeId: number;
  let programmeName: string;
  let cards: { id: number; card: string }[];
  const db = () => h.testDb.database.db;

  beforeAll(async () => {
    root = await h.tokenOf('superadmin');
    await createStaff(db(), 'inject.viewer', [{ entry: 'heimdal.digital-stamp-inject', action: 'view' }]);
    await createStaff(db(), 'inject.outsider', [{ entry: 'cms.stamp', action: 'view' }]);
    viewer = await h.tokenOf('inject.viewer');
    outsider = await h.tokenOf('inject.outsider');
    programmeName = `Inject test ${Date.now()}`;
    const body = { name: programmeName, start_date: '2026-01-01', end_date: '2026-12-31', seasonality: 'regular', reward_type: 1, min_transaction: 50_000, stamps_per_multiple: 1 };
    programmeId = (await new StampProgrammeService(db()).create(stampProgrammeCreateBody.parse(body), { actor: null, ip: null, now: new Date() })).id;
    cards = (await queryRows<{ id: number; card: string }>(db(), sql`select id, app_card_id as card from consumers order by id limit 3`)).map((c) => ({ id: Number(c.id), card: c.card }));
  });

  const balance = async (consumerId: number) =>
    Number((await queryRows<{ b: number }>(db(), sql`select coalesce((select balance from stamp_balances where consumer_id = ${consumerId} and programme_id = ${programmeId}), 0) as b`))[0]!.b);
  const upload = (content: string, token = root, reason = 'Koreksi stempel Januari') => {
    const body = multipart('inject.csv', content);
    return h.call('POST', `/api/v1/imports/digital-stamp-inject?reason=${encodeURIComponent(reason)}`, { token, body: body.payload, headers: body.headers });
  };
  const validate = async (content: string) => {
    const res = await upload(content);
    expect(res.statusCode, res.body).toBe(200);
    const batch = await h.imports.waitFor(res.json<{ data: ImportBatch }>().data.id, ['VALIDATED', 'FAILED']);
    const rows = (await h.call('GET', `/api/v1/imports/batches/${batch.id}/rows?limit=100`, { token: root })).json<{ data: { data: ImportRow[] } }>().data.data;
    return { batch, rows };
  };
  const confirm = (batch: ImportBatch) => h.call('POST', `/api/v1/imports/batches/${batch.id}/confirm`, { token: root, body: { version: batch.version } });
  const injection = async (importBatchId: number) =>
    (await h.call('GET', `/api/v1/stamp-injections?limit=100&sort_by=created_at&sort_dir=desc`, { token: viewer })).json<{ data: { data: StampInjectionRow[] } }>().data.data.find((r) => r.import_batch_id === importBatchId);

  it('validates by cell: unknown card and programme, zero, a pair twice, and a correction out the balance cannot cover', async () => {
    const [a, b] = [cards[0]!, cards[1]!];
    const { batch, rows } = await validate(
      csv([
        HEADER,
        [a.card, programmeId, 5],
        ['NO-SUCH-CARD', programmeId, 1],
        [b.card, 'No such programme', 1],
        [b.card, programmeId, 0],
        [a.card, programmeName.toUpperCase(), 2],
        [b.card, programmeName, -3],
      ]),
    );
    expect(batch).toMatchObject({ status: 'VALIDATED', total_rows: 6, valid_rows: 1, invalid_rows: 5 });
    expect(rows[1]!.errors).toEqual([{ column: 'app_card_id', message: 'No consumer has the app card id NO-SUCH-CARD' }]);
    expect(rows[2]!.errors).toEqual([{ column: 'programme', message: 'No stamp programme has the id or name No such programme' }]);
    expect(rows[3]!.errors[0]).toMatchObject({ column: 'stamps', message: expect.stringContaining('cannot be 0') });
    expect(rows[4]!.errors[0]).toMatchObject({ column: 'programme', message: expect.stringContaining('The same consumer and programme as another row') });
    expect(rows[5]!.errors).toEqual([{ column: 'stamps', message: 'Cannot take 3 stamps: the consumer has 0 in this programme, and a balance cannot go below zero' }]);
  });

  it('fails a file without the template’s headers, and refuses an upload without a reason', async () => {
    const { batch } = await validate(csv([['Card', 'Stamps'], ['x', 1]]));
    expect(batch.status).toBe('FAILED');
    expect(batch.error).toContain('Missing columns: App Card ID, Programme');
    const noReason = await upload(csv([HEADER, ['x', 1, 1]]), root, '');
    expect(noReason.statusCode).toBe(400);
    expect(noReason.body).toContain('reason');
  });

  it('confirms once into the ledger (codes 30 and 31, source injection), then reverses the batch as a whole', async () => {
    const [a, b] = [cards[0]!, cards[1]!];
    // b first earns 4 stamps in the programme, so that a correction of -2 is allowed.
    const first = await validate(csv([HEADER, [b.card, programmeId, 4]]));
    expect((await confirm(first.batch)).statusCode).toBe(200);
    await h.imports.waitFor(first.batch.id, ['COMPLETED', 'FAILED']);
    const [aBefore, bBefore] = [await balance(a.id), await balance(b.id)];

    const { batch } = await validate(csv([HEADER, [a.card, programmeId, 7], [b.card, programmeName, -2]]));
    expect(batch.valid_rows).toBe(2);
    expect((await confirm(batch)).statusCode).toBe(200);
    // A second confirm does not import twice.
    const again = await confirm(batch);
    expect(again.statusCode).toBe(409);
    const done = await h.imports.waitFor(batch.id, ['COMPLETED', 'FAILED']);
    expect(done.status, done.error ?? '').toBe('COMPLETED');
    expect(await balance(a.id)).toBe(aBefore + 7);
    expect(await balance(b.id)).toBe(bBefore - 2);

    const found = await injection(batch.id);
    expect(found).toMatchObject({ reason: 'Koreksi stempel Januari', file_name: 'inject.csv', row_count: 2, stamps_in: 7, stamps_out: 2, net_stamps: 5, status: 'confirmed', created_by_name: expect.any(String) });
    const id = found!.id;
    const ledger = await queryRows<{ consumer_id: number; code: number; quantity: number; actor_kind: string }>(
      db(),
      sql`select consumer_id, code, quantity, actor_kind from stamp_ledger where source_kind = 'injection' and source_ref = ${String(id)} order by code`,
    );
    expect(ledger.map((l) => [Number(l.consumer_id), Number(l.code), Number(l.quantity), l.actor_kind])).toEqual([
      [a.id, 30, 7, 'staff'],
      [b.id, 31, 2, 'staff'],
    ]);
    const lines = (await h.call('GET', `/api/v1/stamp-injections/${id}/rows?limit=10`, { token: viewer })).json<{ data: { data: StampInjectionLine[]; meta: { total: number } } }>().data;
    expect(lines.meta.total).toBe(2);
    expect(lines.data.map((l) => [l.app_card_id, l.programme_name, l.stamps, l.ledger_id !== null])).toEqual([
      [a.card, programmeName, 7, true],
      [b.card, programmeName, -2, true],
    ]);
    const audit = await queryRows(db(), sql`select 1 from audit_log where entity = 'stamp-injection' and entity_id = ${String(id)} and action = 'create'`);
    expect(audit).toHaveLength(1);

    // Reversal: only with create, with the current version; compensating rows; twice is a conflict.
    expect((await h.call('POST', `/api/v1/stamp-injections/${id}/reverse`, { token: viewer, body: { version: found!.version } })).statusCode).toBe(403);
    const stale = await h.call('POST', `/api/v1/stamp-injections/${id}/reverse`, { token: root, body: { version: found!.version + 5 } });
    expect(stale.statusCode).toBe(409);
    const reversed = await h.call('POST', `/api/v1/stamp-injections/${id}/reverse`, { token: root, body: { version: found!.version } });
    expect(reversed.statusCode, reversed.body).toBe(200);
    expect(reversed.json<{ data: StampInjectionRow }>().data).toMatchObject({ status: 'reversed', reversed_by_name: expect.any(String), reversed_at: expect.any(String) });
    expect(await balance(a.id)).toBe(aBefore);
    expect(await balance(b.id)).toBe(bBefore);
    const compensations = await queryRows<{ code: number; quantity: number }>(db(), sql`select code, quantity from stamp_ledger where source_kind = 'reversal' and source_ref = ${`injection:${id}`} order by code`);
    expect(compensations.map((c) => [Number(c.code), Number(c.quantity)])).toEqual([
      [30, 2],
      [31, 7],
    ]);
    const twice = await h.call('POST', `/api/v1/stamp-injections/${id}/reverse`, { token: root, body: { version: found!.version + 1 } });
    expect(twice.statusCode).toBe(409);
    expect(twice.json<{ message: string }>().message).toContain('already reversed');
    const rowsAfter = (await h.call('GET', `/api/v1/stamp-injections/${id}/rows`, { token: viewer })).json<{ data: { data: StampInjectionLine[] } }>().data.data;
    expect(rowsAfter.every((l) => l.reversal_ledger_id !== null)).toBe(true);
  });

  it('refuses a reversal that would take a balance below zero, and writes nothing', async () => {
    const c = cards[2]!;
    const { batch } = await validate(csv([HEADER, [c.card, programmeId, 3]]));
    await confirm(batch);
    await h.imports.waitFor(batch.id, ['COMPLETED', 'FAILED']);
    const found = (await injection(batch.id))!;
    // The consumer spends the injected stamps (a correction out of 2 by another file).
    const spend = await validate(csv([HEADER, [c.card, programmeId, -2]]));
    await confirm(spend.batch);
    expect((await h.imports.waitFor(spend.batch.id, ['COMPLETED', 'FAILED'])).status).toBe('COMPLETED');
    const before = await balance(c.id);
    const refused = await h.call('POST', `/api/v1/stamp-injections/${found.id}/reverse`, { token: root, body: { version: found.version } });
    expect(refused.statusCode).toBe(422);
    expect(refused.json<{ message: string }>().message).toContain(`${c.card} (has 1, needs 3)`);
    expect(await balance(c.id)).toBe(before);
    expect((await h.call('GET', `/api/v1/stamp-injections/${found.id}`, { token: viewer })).json<{ data: StampInjectionRow }>().data.status).toBe('confirmed');
  });

  it('lists with filters, sort and page; guards every route; answers 400 to bad input and 404 to a missing batch', async () => {
    const list = await h.call('GET', '/api/v1/stamp-injections?status=reversed&limit=5&sort_by=row_count&sort_dir=asc', { token: viewer });
    expect(list.statusCode).toBe(200);
    expect(list.json<{ data: { data: StampInjectionRow[] } }>().data.data.every((r) => r.status === 'reversed')).toBe(true);
    const searched = await h.call('GET', '/api/v1/stamp-injections?search=inject.csv&created_from=2020-01-01', { token: viewer });
    expect(searched.json<{ data: { meta: { total: number } } }>().data.meta.total).toBeGreaterThan(0);
    expect((await h.call('GET', '/api/v1/stamp-injections', { token: outsider })).statusCode).toBe(403);
    expect((await h.call('GET', '/api/v1/stamp-injections')).statusCode).toBe(401);
    expect((await upload(csv([HEADER, ['x', 1, 1]]), viewer)).statusCode).toBe(403);
    expect((await h.call('GET', '/api/v1/stamp-injections?status=nope', { token: viewer })).statusCode).toBe(400);
    expect((await h.call('GET', '/api/v1/stamp-injections?sort_by=reason', { token: viewer })).statusCode).toBe(400);
    expect((await h.call('POST', '/api/v1/stamp-injections/abc/reverse', { token: root, body: { version: 1 } })).statusCode).toBe(400);
    expect((await h.call('POST', '/api/v1/stamp-injections/1/reverse', { token: root, body: {} })).statusCode).toBe(400);
    expect((await h.call('GET', '/api/v1/stamp-injections/999999', { token: viewer })).statusCode).toBe(404);
    expect((await h.call('POST', '/api/v1/stamp-injections/999999/reverse', { token: root, body: { version: 1 } })).statusCode).toBe(404);
    const template = await h.call('GET', '/api/v1/imports/digital-stamp-inject/template?format=csv', { token: root });
    expect(template.statusCode).toBe(200);
    expect(template.body).toContain('App Card ID');
  });
});
