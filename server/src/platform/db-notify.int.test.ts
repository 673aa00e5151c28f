import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { createTestDatabase, secondConnection, type TestDatabase } from '../../test/test-db.ts';
import { openDbNotifications, type DbNotifications } from './db-notify.ts';

describe('database notifications', () => {
  let testDb: TestDatabase;
  let other: Database;
  let notifications: DbNotifications;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    other = secondConnection(testDb);
    notifications = await openDbNotifications(testDb.database);
  });

  afterAll(async () => {
    await notifications?.close();
    await other?.close();
    await testDb?.drop();
  });

  /** Sends on another connection, as another instance would; `schema` defaults to the current one. */
  const send = (topic: string, payload: string, schema?: string) =>
    other.db.execute(sql`select pg_notify(${schema ?? sql`current_schema()`} || '.' || ${topic}, ${payload})`);

  it('hands a topic of this schema what was sent to it, once committed and in order, and nothing else', async () => {
    expect(notifications.live).toBe(true);
    const got: string[] = [];
    const stop = await notifications.listen('probe', (payload) => got.push(payload));
    await other.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_notify(current_schema() || '.probe', 'one')`);
      await tx.execute(sql`select pg_notify(current_schema() || '.probe', 'two')`);
      expect(await notifications.settled()).toBe(true);
      expect(got).toEqual([]);
    });
    await send('other-topic', 'three');
    await send('probe', 'four', 'another_schema');
    expect(await notifications.settled()).toBe(true);
    expect(got).toEqual(['one', 'two']);
    await stop();
  });

  it('keeps listening for a second handler of a topic when the first stops', async () => {
    const first: string[] = [];
    const second: string[] = [];
    const stopFirst = await notifications.listen('shared', (payload) => first.push(payload));
    const stopSecond = await notifications.listen('shared', (payload) => second.push(payload));
    await send('shared', 'a');
    expect(await notifications.settled()).toBe(true);
    await stopFirst();
    await stopFirst();
    await send('shared', 'b');
    expect(await notifications.settled()).toBe(true);
    expect(first).toEqual(['a']);
    expect(second).toEqual(['a', 'b']);
    await stopSecond();
    await send('shared', 'c');
    expect(await notifications.settled()).toBe(true);
    expect(second).toEqual(['a', 'b']);
  });

  it('settles many callers at once, each after what was committed before it asked', async () => {
    const got: string[] = [];
    const stop = await notifications.listen('burst', (payload) => got.push(payload));
    const answers = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        await send('burst', String(i));
        const settled = await notifications.settled();
        return settled && got.includes(String(i));
      }),
    );
    expect(answers).toEqual(Array.from({ length: 20 }, () => true));
    await stop();
  });
});
