import type { Action } from '@portal/contract';
import type { Db } from '../src/db/client.ts';
import { rolePermissions, roles, users } from '../src/db/schema/index.ts';
import { DEMO_PASSWORD } from '../src/seed/demo-identity.ts';
import { hashSecret } from '../src/platform/tokens.ts';

/**
 * Tests only: a staff member with a role of exactly these grants, signing in with the demo password. The demo data has
 * one CMS admin; separation of duties needs a second person to approve what that admin submits.
 */
export async function createStaff(db: Db, username: string, grants: readonly { entry: string; action: Action }[]): Promise<number> {
  const passwordHash = await hashSecret(DEMO_PASSWORD);
  const [role] = await db.insert(roles).values({ name: `Role of ${username}`, description: 'test role', isSuper: false }).returning({ id: roles.id });
  if (!role) throw new Error('role not created');
  if (grants.length) await db.insert(rolePermissions).values(grants.map((g) => ({ roleId: role.id, entry: g.entry, action: g.action })));
  const [user] = await db.insert(users).values({ username, email: `${username}@test.local`, name: username, roleId: role.id, passwordHash }).returning({ id: users.id });
  if (!user) throw new Error('user not created');
  return user.id;
}
