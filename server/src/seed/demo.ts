import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client.ts';
import { seedIdentity } from './demo-identity.ts';

export async function isEmpty(db: Db): Promise<boolean> {
  const r = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from users`);
  return Number(r[0]?.n ?? 0) === 0;
}

/** Demo data for a new embedded database; each domain adds its part here. */
export async function seedDemo(db: Db): Promise<void> {
  await seedIdentity(db);
}
