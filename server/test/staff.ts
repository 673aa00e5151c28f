import type { Action } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../src/db/client.ts';
import { DEMO_PASSWORD } from '../src/seed/demo-identity.ts';
import { hashSecret } from '../src/platform/tokens.ts';

/**
 * Tests only: a staff member with a role of exactly these grants, signing in with the demo password. The demo data has
 * one CMS admin; separation of duties needs a second person to approve what that admin submits.
 */
export async function createStaff(db: Db, username: string, grants: readonly { entry: string; action: Action }[]): Promise<number> {
  const passwordHash = await hashSecret(DEMO_PASSWORD);
  const [role] = await queryRows<{ id: number }>(db, sql`insert into roles (name, description, is_super) values (${`Role of ${username}`}, 'test role', false) returning id`);
  if (!role) throw new Error('role not created');
  if (grants.length) {
    await db.execute(sql`insert into role_permissions (role_id, entry, action) values ${sql.join(grants.map((g) => sql`(${role.id}, ${g.entry}, ${g.action})`), sql`, `)}`);
  }
  const [user] = await queryRows<{ id: number }>(
    db,
    sql`insert into users (username, email, name, role_id, password_hash) values (${username}, ${`${username}@test.local`}, ${username}, ${role.id}, ${passwordHash}) returning id`,
  );
  if (!user) throw new Error('user not created');
  return Number(user.id);
}
