import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEntries } from './audit-log.ts';
import { useHarness } from './harness.ts';

const EDITORS = 50;

type Record = { id: number; name: string; version: number };

/**
 * Optimistic concurrency under a real race: many people save the same version of one record at once. On PGlite the
 * writes queue on its one connection; with TEST_DATABASE_URL they run on a pool of PostgreSQL connections at once.
 */
describe('parallel edits of one record', () => {
  const h = useHarness({}, { scale: 0.05 });

  // A group store's code is fixed once created; a category's travels with every save.
  const cases = [
    { resource: 'group-stores', entity: 'group-store', create: { code: 'RACE-GS', name: 'Race' }, update: {} },
    { resource: 'parent-categories', entity: 'parent-category', create: { code: 'RACE-PC', name: 'Race' }, update: { code: 'RACE-PC' } },
  ] as const;

  for (const c of cases) {
    it(`${c.resource}: ${EDITORS} saves of one version → exactly one wins, ${EDITORS - 1} get 409, one audit entry`, async () => {
      const token = await h.tokenOf('superadmin');
      const created = await h.call('POST', `/api/v1/${c.resource}`, { token, body: c.create });
      expect(created.statusCode, created.body).toBe(200);
      const record = created.json<{ data: Record }>().data;
      const version = record.version;

      const answers = await Promise.all(
        Array.from({ length: EDITORS }, (_, i) => h.call('PUT', `/api/v1/${c.resource}/${record.id}`, { token, body: { ...c.update, name: `Editor ${i}`, version } })),
      );
      expect(answers.filter((r) => r.statusCode !== 200 && r.statusCode !== 409).map((r) => r.body)).toEqual([]);

      const won = answers.filter((r) => r.statusCode === 200);
      const refused = answers.filter((r) => r.statusCode === 409);
      expect(won.length).toBe(1);
      expect(refused.length).toBe(EDITORS - 1);
      for (const r of refused) expect(r.json<{ error: string; message: string }>().message).toMatch(/changed by .* after you opened it/);

      const winner = won[0]!.json<{ data: Record }>().data;
      expect(winner.version).toBe(version + 1);
      const now = (await h.call('GET', `/api/v1/${c.resource}/${record.id}`, { token })).json<{ data: Record }>().data;
      expect(now).toMatchObject({ name: winner.name, version: version + 1 });

      const updates = await auditEntries(h.testDb.database.db, sql`entity = ${c.entity} and entity_id = ${String(record.id)} and action = 'update'`);
      expect(updates.length).toBe(1);
      expect(updates[0]?.after).toMatchObject({ name: winner.name, version: version + 1 });
    });
  }
});
