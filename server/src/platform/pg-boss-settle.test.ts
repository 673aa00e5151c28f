import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { guardPgBossSettlement } from './pg-boss-settle.ts';

interface FakeManager {
  db: { executeSql: () => Promise<never> };
  emit: (event: string, arg: unknown) => boolean;
  complete: (name: string, id: string[]) => Promise<unknown>;
  fail: (name: string, id: string[], data?: unknown) => Promise<unknown>;
}

describe('pg-boss completion while the database is unreachable', () => {
  it('reports the failure on the error event instead of leaving an unhandled rejection, and still rejects for a caller that awaits', async () => {
    guardPgBossSettlement();
    guardPgBossSettlement(); // twice is once
    const Manager = createRequire(import.meta.url)('pg-boss/src/manager.js') as { prototype: object };
    const emitted: [string, unknown][] = [];
    const manager = Object.create(Manager.prototype) as FakeManager;
    manager.db = { executeSql: () => Promise.reject(new Error('connection refused')) };
    manager.emit = (event, arg) => emitted.push([event, arg]) > 0;

    // As pg-boss's worker does after a handler: neither call awaited. Vitest fails the run on an unhandled rejection.
    void manager.complete('probe', ['00000000-0000-4000-8000-000000000001']);
    void manager.fail('probe', ['00000000-0000-4000-8000-000000000002'], new Error('handler failed'));
    await new Promise((r) => setImmediate(r));
    expect(emitted.map(([event, err]) => [event, (err as Error).message])).toEqual([
      ['error', 'connection refused'],
      ['error', 'connection refused'],
    ]);

    await expect(manager.complete('probe', ['00000000-0000-4000-8000-000000000003'])).rejects.toThrow('connection refused');
  });
});
