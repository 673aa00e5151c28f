import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from './client.ts';
import { SERVER_ROOT } from '../platform/server-root.ts';

/** Read at run time, from the source tree and from the production build alike (platform/server-root.ts). */
const MIGRATIONS_DIR = path.join(SERVER_ROOT, 'src/db/migrations');

interface Journal {
  entries: { idx: number; tag: string }[];
}

/** The tags of every migration this build knows, in journal order (readiness compares them with the applied ones). */
export function journalTags(): string[] {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as Journal;
  return [...journal.entries].sort((a, b) => a.idx - b.idx).map((e) => e.tag);
}

/**
 * Applies the hand-written SQL migrations (the one description of the tables) in journal order, each in its own
 * transaction, recorded in `schema_migrations` of the current schema. Schema qualifiers are dropped so a test can
 * migrate into its own schema through search_path. `until`: stop after that migration (a restore builds the schema a
 * backup was made at, loads it, then applies the rest).
 */
export async function migrate(database: Database, opts: { until?: string } = {}): Promise<string[]> {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as Journal;
  await database.exec('create table if not exists schema_migrations (tag text primary key, applied_at timestamptz not null default now())');
  const done = await queryRows<{ tag: string }>(database.db, sql`select tag from schema_migrations`);
  const applied = new Set(done.map((r) => r.tag));
  const ran: string[] = [];
  for (const entry of [...journal.entries].sort((a, b) => a.idx - b.idx)) {
    if (applied.has(entry.tag)) {
      if (entry.tag === opts.until) break;
      continue;
    }
    const text = fs.readFileSync(path.join(MIGRATIONS_DIR, `${entry.tag}.sql`), 'utf8').replaceAll('"public".', '');
    const statements = text.split('--> statement-breakpoint').map((s) => s.trim()).filter(Boolean);
    await database.db.transaction(async (tx) => {
      // A migration may build an index over millions of rows: the request pool's statement limit is not for it.
      await tx.execute(sql`set local statement_timeout = 0`);
      for (const statement of statements) await tx.execute(sql.raw(statement));
      await tx.execute(sql`insert into schema_migrations (tag) values (${entry.tag})`);
    });
    ran.push(entry.tag);
    if (entry.tag === opts.until) break;
  }
  return ran;
}
