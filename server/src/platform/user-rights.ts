import { sql, type SQL } from 'drizzle-orm';
import type { Action } from '@portal/contract';

/**
 * Whether a user (an id, or a column such as `u.id`) is an active account of an active role that holds `action` on
 * `entry` (a Super Admin role holds every right), read in SQL so a list of people can be filtered by it.
 */
export const holdsRight = (user: SQL | number, entry: string, action: Action): SQL => sql`exists (select 1 from users hu join roles hr on hr.id = hu.role_id
  where hu.id = ${user} and hu.deleted_at is null and hu.status = 1 and hr.deleted_at is null and hr.status = 1
    and (hr.is_super or exists (select 1 from role_permissions hp where hp.role_id = hr.id and hp.entry = ${entry} and hp.action = ${action})))`;
