import type { Action } from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { rolePermissions, roles, users } from '../../db/schema/index.ts';
import { DEMO_PASSWORD } from '../../seed/demo-identity.ts';
import { hashSecret } from '../../platform/tokens.ts';

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

/** The grants of a content approver: view the Campaign entries, approve from the queue and on offers. */
export const APPROVER_GRANTS: { entry: string; action: Action }[] = [
  ...['cms.offers', 'cms.banners', 'cms.campaigns', 'cms.push-messages', 'cms.approval-messages'].map((entry) => ({ entry, action: 'view' as const })),
  { entry: 'cms.approval-messages', action: 'approve' },
  { entry: 'cms.offers', action: 'approve' },
];
