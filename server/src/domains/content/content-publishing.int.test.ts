import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ContentRow } from '@portal/contract';
import { buildApp, type BuiltApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { queryRows } from '../../db/client.ts';
import { ManualClock, systemClock, type Clock } from '../../platform/clock.ts';
import { seedDemo } from '../../seed/demo.ts';
import { DEMO_PASSWORD, TEST_CONFIG } from '../../../test/harness.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-db.ts';
import { createStaff } from '../../../test/staff.ts';
import { eventually } from '../../../test/eventually.ts';
import { APPROVER_GRANTS } from '../../../test/fixtures/content.fixtures.ts';
import { CONTENT_PUBLISH_JOB } from './content-publishing.service.ts';

const MINUTE = 60_000;

/** Scheduled publishing across process restarts: each app is a process on the same database, with its own clock. */
describe('scheduled publishing survives restarts', () => {
  let testDb: TestDatabase;
  const config = loadConfig({ ...process.env, DATABASE_URL: undefined }, TEST_CONFIG);
  const t0 = new Date();

  beforeAll(async () => {
    testDb = await createTestDatabase();
    await seedDemo(testDb.database.db, { scale: 0 });
    await createStaff(testDb.database.db, 'approver.restart', APPROVER_GRANTS);
  });
  afterAll(async () => {
    await testDb?.drop();
  });

  const start = async (clock: Clock): Promise<BuiltApp> => {
    const built = await buildApp({ config, database: testDb.database, clock });
    await built.app.ready();
    return built;
  };
  const signIn = async (built: BuiltApp, username: string) => {
    const res = await built.app.inject({ method: 'POST', url: '/api/v1/auth/sign-in', payload: { username, password: DEMO_PASSWORD } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: { token: string } }>().data.token;
  };
  const post = async (built: BuiltApp, token: string, url: string, body: unknown): Promise<ContentRow> => {
    const res = await built.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}` }, payload: body as object });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: ContentRow }>().data;
  };
  /** Creates, submits (admin.cms) and approves (another person) an offer over [start, end). */
  const approvedOffer = async (built: BuiltApp, title: string, startAt: Date, endAt: Date) => {
    const admin = await signIn(built, 'admin.cms');
    const approver = await signIn(built, 'approver.restart');
    const body = { title, content_type: 0, display_location: 0, start_at: startAt.toISOString(), end_at: endAt.toISOString() };
    const { id } = await post(built, admin, '/api/v1/offers', body);
    await post(built, admin, `/api/v1/offers/${id}/submit`, { version: 1 });
    const approved = await post(built, approver, `/api/v1/offers/${id}/approve`, { version: 2 });
    expect(approved.status).toBe(2);
    return id;
  };
  const storedStatus = async (id: number) => Number((await queryRows<{ status: number }>(testDb.database.db, sql`select status from content_items where id = ${id}`))[0]?.status);
  const waitFor = (id: number, status: number) => eventually(() => storedStatus(id), (s) => s === status, `item ${id}'s status`, 15_000);

  it('publishes and expires an item that fell due while no process ran, when the next one starts', async () => {
    const first = await start(new ManualClock(t0));
    const id = await approvedOffer(first, 'Promo Saat Server Mati', new Date(t0.getTime() + 60 * MINUTE), new Date(t0.getTime() + 120 * MINUTE));
    // Approval queued the sweeps of its start and end in the database, waiting for their time.
    const schema = `${testDb.schema}_jobs`;
    const waiting = await queryRows<{ start_after: string }>(
      testDb.database.db,
      sql.raw(`select start_after from ${schema}.job where name = '${CONTENT_PUBLISH_JOB}' and state = 'created' order by start_after`),
    );
    const times = waiting.map((w) => new Date(w.start_after).getTime());
    expect(times).toContain(t0.getTime() + 60 * MINUTE);
    expect(times).toContain(t0.getTime() + 120 * MINUTE);
    await first.app.close();
    expect(await storedStatus(id)).toBe(2);

    // The process comes back 90 minutes later: its catch-up sweep makes the item live.
    const second = await start(new ManualClock(new Date(t0.getTime() + 90 * MINUTE)));
    await waitFor(id, 3);
    await second.app.close();

    // And again after its end: expired.
    const third = await start(new ManualClock(new Date(t0.getTime() + 150 * MINUTE)));
    await waitFor(id, 4);
    const log = await queryRows<{ action: string; actor_id: number | null }>(
      testDb.database.db,
      sql`select action, actor_id from audit_log where entity = 'offer' and entity_id = ${String(id)} order by id`,
    );
    expect(log.map((l) => l.action)).toEqual(['create', 'submit', 'approve', 'go-live', 'expire']);
    expect(log.slice(3).every((l) => l.actor_id === null)).toBe(true);
    await third.app.close();
  });

  it('publishes at the start time through the queued job while the process runs', async () => {
    const built = await start(systemClock);
    try {
      const now = Date.now();
      const id = await approvedOffer(built, 'Promo Mulai Sebentar Lagi', new Date(now + 2_500), new Date(now + 60 * MINUTE));
      expect(await storedStatus(id)).toBe(2);
      await waitFor(id, 3);
    } finally {
      await built.app.close();
    }
  });
});
