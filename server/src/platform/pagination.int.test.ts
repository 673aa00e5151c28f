import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-db.ts';
import { queryRows } from '../db/client.ts';
import { EXACT_COUNT_CAP, iso, listTotal, pagedList, settleTotal } from './pagination.ts';

describe('list totals that never scan a large list', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
    await t.database.exec(`create table probe_rows (id serial primary key, grp int not null);
      insert into probe_rows (grp) select case when g <= 50 then 1 else 2 end from generate_series(1, 30000) g;
      create index on probe_rows (grp); analyze probe_rows;`);
  });
  afterAll(() => t?.drop());

  it('takes the planner estimate for a large set and counts a small one exactly', async () => {
    const all = await listTotal(t.database.db, sql`from probe_rows`, sql``);
    expect(all.total_kind).toBe('estimate');
    expect(all.total).toBeGreaterThan(EXACT_COUNT_CAP);
    expect(await listTotal(t.database.db, sql`from probe_rows`, sql`where grp = 1`)).toEqual({ total: 50, total_kind: 'exact' });
  });

  it('plans a filter once for a few seconds: the next page and the next user of the same filter reuse the estimate', async () => {
    const statements: string[] = [];
    const db = t.database.db;
    const watched = new Proxy(db, {
      get: (target, prop, receiver) =>
        prop === 'execute'
          ? (query: Parameters<typeof db.execute>[0]) => {
              statements.push(new PgDialect().sqlToQuery(query as SQL).sql);
              return target.execute(query);
            }
          : Reflect.get(target, prop, receiver),
    });
    const planned = () => statements.filter((s) => s.startsWith('explain')).length;
    const first = await listTotal(watched, sql`from probe_rows`, sql`where grp = ${2}`);
    expect(first.total_kind).toBe('estimate');
    expect(await listTotal(watched, sql`from probe_rows`, sql`where grp = ${2}`)).toEqual(first);
    expect(planned()).toBe(1);
    // Another filter is planned for itself; a small set is still counted exactly every time.
    await listTotal(watched, sql`from probe_rows`, sql`where grp = ${1}`);
    await listTotal(watched, sql`from probe_rows`, sql`where grp = ${1}`);
    expect(planned()).toBe(2);
    expect(statements.filter((s) => s.startsWith('select count')).length).toBe(2);
  });

  it('lets a short page prove the exact total, and never shows fewer than the rows seen', () => {
    expect(settleTotal({ total: 40_000, total_kind: 'estimate' }, 20, 7, 10)).toEqual({ total: 27, total_kind: 'exact' });
    expect(settleTotal({ total: 99, total_kind: 'estimate' }, 0, 0, 10)).toEqual({ total: 0, total_kind: 'exact' });
    expect(settleTotal({ total: 5, total_kind: 'estimate' }, 20, 10, 10)).toEqual({ total: 30, total_kind: 'estimate' });
    expect(settleTotal({ total: 500, total_kind: 'exact' }, 20, 10, 10)).toEqual({ total: 500, total_kind: 'exact' });
    // An empty page past the end proves nothing about the rows before it.
    expect(settleTotal({ total: 500, total_kind: 'estimate' }, 1000, 0, 10)).toEqual({ total: 500, total_kind: 'estimate' });
  });

  it('answers a page and its total at once, the last page exact', async () => {
    const q = { select: sql`select id`, from: sql`from probe_rows`, orderBy: sql`id` };
    const first = await pagedList(t.database.db, { ...q, where: sql``, page: { page: 1, limit: 20 } });
    expect(first.data).toHaveLength(20);
    expect(first.meta.total_kind).toBe('estimate');
    const last = await pagedList(t.database.db, { ...q, where: sql`where grp = 1`, page: { page: 3, limit: 20 } });
    expect(last.data).toHaveLength(10);
    expect(last.meta).toMatchObject({ total: 50, total_kind: 'exact' });
  });

  it('answers a page asked without its total with no total, except what a short page proves', async () => {
    const q = { select: sql`select id`, from: sql`from probe_rows`, orderBy: sql`id` };
    const full = await pagedList(t.database.db, { ...q, where: sql``, page: { page: 2, limit: 20, with_total: false } });
    expect(full.data).toHaveLength(20);
    expect(full.meta).toMatchObject({ total: 40, total_kind: 'none' });
    const last = await pagedList(t.database.db, { ...q, where: sql`where grp = 1`, page: { page: 3, limit: 20, with_total: false } });
    expect(last.meta).toMatchObject({ total: 50, total_kind: 'exact' });
    expect(settleTotal({ total: 0, total_kind: 'none' }, 1000, 0, 10)).toEqual({ total: 0, total_kind: 'none' });
  });

  it('turns timestamps as the driver hands them over into the ISO instant, in UTC and in any other session time zone', async () => {
    const instants = ['2026-11-28T05:34:56.789Z', '2026-01-01T00:00:00.000Z', '2025-12-31T23:59:59.500Z', '2024-02-29T16:59:59.999Z'];
    const read = (zone: string) =>
      t.database.db.transaction(async (tx) => {
        await tx.execute(sql.raw(`set local time zone '${zone}'`));
        const rows = await queryRows<{ at: unknown; micro: unknown }>(
          tx,
          sql`select v::timestamptz as at, v::timestamptz + interval '0.000321 second' as micro from json_array_elements_text(${JSON.stringify(instants)}::json) v`,
        );
        return rows.map((r) => [iso(r.at), iso(r.micro)]);
      });
    // Microseconds are cut to milliseconds, as a Date keeps them.
    const expected = instants.map((i) => [i, i]);
    expect(await read('UTC')).toEqual(expected);
    expect(await read('Asia/Jakarta')).toEqual(expected);
    expect(await read('America/St_Johns')).toEqual(expected);
    expect(iso(new Date('2026-11-28T05:34:56.789Z'))).toBe('2026-11-28T05:34:56.789Z');
  });
});
