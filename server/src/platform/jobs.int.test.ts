import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildApp, type BuiltApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { queryRows } from '../db/client.ts';
import { TEST_CONFIG } from '../../test/harness.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-db.ts';
import { createJobQueue, defaultJobsSchema, type JobInfo } from './jobs.ts';

/** A promise with its resolve function, so a test awaits the event instead of sleeping. */
function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('job queue', () => {
  let testDb: TestDatabase;
  const apps: BuiltApp[] = [];
  const config = loadConfig({ ...process.env, DATABASE_URL: undefined }, TEST_CONFIG);

  const newApp = async (register: (built: BuiltApp) => void) => {
    const built = await buildApp({ config, database: testDb.database });
    register(built);
    await built.app.ready();
    apps.push(built);
    return built;
  };

  beforeAll(async () => {
    testDb = await createTestDatabase();
  });
  afterAll(async () => {
    for (const built of apps) await built.app.close();
    await testDb?.drop();
  });

  it('works a job that was sent, with its payload and id', async () => {
    const seen = deferred<{ payload: { n: number }; job: JobInfo }>();
    const built = await newApp((b) => b.jobs.register<{ n: number }>('test.echo', async (payload, job) => seen.resolve({ payload, job })));
    const id = await built.jobs.send('test.echo', { n: 42 });
    const { payload, job } = await seen.promise;
    expect(payload).toEqual({ n: 42 });
    expect(job.id).toBe(id);
    expect(job.retryCount).toBe(0);
    await built.app.close();
  });

  it('retries a failed job and tells the handler when the run is the last', async () => {
    const runs: JobInfo[] = [];
    const done = deferred<void>();
    const built = await newApp((b) =>
      b.jobs.register('test.flaky', async (_p, job) => {
        runs.push(job);
        if (!job.lastAttempt) throw new Error('not yet');
        done.resolve();
      }),
    );
    await built.jobs.send('test.flaky', {}, { retryLimit: 1 });
    await done.promise;
    expect(runs.map((r) => [r.retryCount, r.lastAttempt])).toEqual([
      [0, false],
      [1, true],
    ]);
    await built.app.close();
  });

  it('queues inside a transaction only when it commits', async () => {
    const seen = deferred<string>();
    const built = await newApp((b) => b.jobs.register<{ tag: string }>('test.tx', async (p) => seen.resolve(p.tag)));
    const db = testDb.database.db;
    await expect(
      db.transaction(async (tx) => {
        await built.jobs.send('test.tx', { tag: 'rolled back' }, { tx });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    await db.transaction(async (tx) => {
      await built.jobs.send('test.tx', { tag: 'committed' }, { tx });
    });
    expect(await seen.promise).toBe('committed');
    await built.app.close();
  });

  it('starts a job sent in a transaction when woken after the commit, not at the next poll', async () => {
    const schema = await defaultJobsSchema(testDb.database);
    // A poll far longer than the test may take: only the wake can start the job in time.
    const queue = createJobQueue(testDb.database, { schema, pollSeconds: 600 });
    const seen = deferred<string>();
    queue.register<{ tag: string }>('test.wake', async (p) => seen.resolve(p.tag));
    await queue.start();
    try {
      await testDb.database.db.transaction(async (tx) => {
        await queue.send('test.wake', { tag: 'woken' }, { tx });
      });
      queue.wake('test.wake');
      expect(await seen.promise).toBe('woken');
    } finally {
      await queue.stop();
    }
  }, 20_000);

  it('answers the waiting job for a second send with the same singleton key', async () => {
    const schema = await defaultJobsSchema(testDb.database);
    const queue = createJobQueue(testDb.database, { schema, pollSeconds: 0.5 });
    await queue.start();
    const a = await queue.send('test.single', { n: 1 }, { singletonKey: 'k1' });
    const b = await queue.send('test.single', { n: 2 }, { singletonKey: 'k1' });
    const c = await queue.send('test.single', { n: 3 }, { singletonKey: 'k2' });
    expect(b).toBe(a);
    expect(c).not.toBe(a);
    await queue.stop();
  });

  it('works a job queued while no worker ran, once a new app starts on the same database (restart)', async () => {
    const schema = await defaultJobsSchema(testDb.database);
    // A process that queues and goes away before any worker of that name ran.
    const before = createJobQueue(testDb.database, { schema, pollSeconds: 0.5 });
    await before.start();
    const id = await before.send('test.later', { n: 7 });
    await before.stop();
    const [row] = await queryRows<{ state: string }>(testDb.database.db, sql.raw(`select state from ${schema}.job where id = '${id}'`));
    expect(row?.state).toBe('created');

    const seen = deferred<{ n: number; id: string }>();
    await newApp((b) => b.jobs.register<{ n: number }>('test.later', async (payload, job) => seen.resolve({ ...payload, id: job.id })));
    expect(await seen.promise).toEqual({ n: 7, id });
  });

  it('refuses registering after start and sending before it', async () => {
    const schema = await defaultJobsSchema(testDb.database);
    const queue = createJobQueue(testDb.database, { schema });
    await expect(queue.send('test.none', {})).rejects.toThrow(/before start/);
    await queue.start();
    expect(() => queue.register('test.none', async () => undefined)).toThrow(/before start/);
    await queue.stop();
  });
});
