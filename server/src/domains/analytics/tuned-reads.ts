import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/**
 * The dashboards' reads, each in its own short transaction with settings made for them: memory enough for a ranking's
 * tens of thousands of groups to hash in memory (with the default 4 MB work_mem, ranking a month of PLUs sorted 19 MB
 * on disk), and no JIT compilation, which costs a large rollup query more than it saves. `set local` keeps both to
 * the one statement's transaction, so the pooled connection goes back as it was.
 */
export function tunedReads(db: Db): Db {
  const execute: Db['execute'] = (query) =>
    db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('work_mem', '64MB', true), set_config('jit', 'off', true)`);
      return tx.execute(query);
    }) as ReturnType<Db['execute']>;
  return new Proxy(db, { get: (target, key, receiver) => (key === 'execute' ? execute : Reflect.get(target, key, receiver)) });
}
