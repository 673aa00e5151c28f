import { sql } from 'drizzle-orm';
import { userOption, userRow, type UserCreate, type UserListQuery, type UserRow, type UserUpdate } from '@portal/contract';
import { queryRows, type Db, type Tx } from '../../db/client.ts';
import { writeAudit, type AuditContext } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { staleVersion } from '../../platform/concurrency.ts';
import { conflict, forbidden, notFound, unprocessable, badRequest } from '../../platform/errors.ts';
import { likePattern, pagedList, whereOf } from '../../platform/pagination.ts';
import type { Actor } from '../../platform/request-context.ts';
import { rowReader } from '../../platform/sql/row-reader.ts';
import { hashSecret } from '../../platform/tokens.ts';
import type { AuthService } from './auth.service.ts';
import type { SessionService } from './session.service.ts';

const USER_SELECT = sql`select u.id, u.username, u.email, u.name, u.phone, u.role_id, r.name as role_name, u.status, u.locked_until,
  u.last_sign_in_at, u.created_at, u.updated_at, ub.name as updated_by_name, u.version`;
const USER_FROM = sql`from users u join roles r on r.id = u.role_id left join users ub on ub.id = u.updated_by`;

const SORT_COLUMNS: Record<UserListQuery['sort_by'], string> = {
  created_at: 'u.created_at',
  username: 'lower(u.username)',
  name: 'lower(u.name)',
  email: 'lower(u.email)',
  updated_at: 'u.updated_at',
};

const toRow = rowReader(userRow);
const toOption = rowReader(userOption);
const toUsername = rowReader(userOption.pick({ id: true, username: true, name: true }));

/** The fields kept in the audit log: the row without its secrets (audit redacts hashes anyway). */
const auditView = (u: UserRow) => ({ username: u.username, email: u.email, name: u.name, phone: u.phone, role_id: u.role_id, role_name: u.role_name, status: u.status });

export class UserService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly sessions: SessionService,
    private readonly auth: AuthService,
  ) {}

  private ctx(actor: Actor, ip: string | null): AuditContext {
    return { actor, ip, now: this.clock.now() };
  }

  async list(q: UserListQuery) {
    const where = whereOf([
      sql`u.deleted_at is null`,
      q.search ? sql`(u.username ilike ${likePattern(q.search)} or u.name ilike ${likePattern(q.search)} or u.email ilike ${likePattern(q.search)})` : undefined,
      q.role_id ? sql`u.role_id = ${q.role_id}` : undefined,
      q.status ? sql`u.status = ${q.status}` : undefined,
    ]);
    const dir = q.sort_dir === 'asc' ? sql`asc` : sql`desc`;
    const page = await pagedList(this.db, {
      select: USER_SELECT,
      from: USER_FROM,
      where,
      orderBy: sql`${sql.raw(SORT_COLUMNS[q.sort_by])} ${dir}, u.id ${dir}`,
      page: q.is_all ? { page: 1, limit: 1000 } : q,
    });
    return { data: page.data.map(toRow), meta: page.meta };
  }

  async get(id: number, tx: Db | Tx = this.db): Promise<UserRow> {
    const row = (await queryRows(tx, sql`${USER_SELECT} ${USER_FROM} where u.id = ${id} and u.deleted_at is null`))[0];
    if (!row) throw notFound('User');
    return toRow(row);
  }

  /** Up to `limit` (≤ 1000) users for pickers such as the assignee search. */
  async options(search: string | undefined, limit: number) {
    const rows = await queryRows(
      this.db,
      sql`select id, username, name, email from users
          where deleted_at is null and status = 1 ${search ? sql`and (username ilike ${likePattern(search)} or name ilike ${likePattern(search)} or email ilike ${likePattern(search)})` : sql``}
          order by name limit ${limit}`,
    );
    return rows.map(toOption);
  }

  async usernames(ids: number[]) {
    if (!ids.length) return [];
    const rows = await queryRows(this.db, sql`select id, username, name from users where id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`);
    return rows.map(toUsername);
  }

  private async assertRole(tx: Tx, roleId: number): Promise<void> {
    const found = await queryRows(tx, sql`select id from roles where id = ${roleId} and deleted_at is null`);
    if (!found.length) throw badRequest('The chosen role does not exist', [{ path: 'role_id', message: 'The chosen role does not exist' }]);
  }

  /** Whether each of the roles is the Super Admin role, in one read. */
  private async superRoles(tx: Db | Tx, roleIds: readonly number[]): Promise<boolean[]> {
    const rows = await queryRows<{ id: number }>(tx, sql`select id from roles where is_super and deleted_at is null and id in (${sql.join(roleIds.map((r) => sql`${r}`), sql`, `)})`);
    const supers = new Set(rows.map((r) => Number(r.id)));
    return roleIds.map((r) => supers.has(r));
  }

  /** Only a Super Admin gives the Super Admin role or edits, resets, deactivates or deletes a Super Admin account. */
  private assertMayManage(actor: Actor, touchesSuperAdmin: boolean): void {
    if (touchesSuperAdmin && !actor.perms.superAdmin) throw forbidden('Only a Super Admin can give the Super Admin role or change a Super Admin account');
  }

  /** A change that would leave no active Super Admin is refused. */
  private async assertAnotherSuperAdmin(tx: Tx, userId: number): Promise<void> {
    const others = await queryRows(
      tx,
      sql`select 1 from users u join roles r on r.id = u.role_id
          where r.is_super and r.deleted_at is null and u.status = 1 and u.deleted_at is null and u.id <> ${userId} limit 1`,
    );
    if (!others.length) throw unprocessable('The last active Super Admin cannot be removed, deactivated or given another role');
  }

  private async assertUnique(tx: Tx, body: { username: string; email: string }, exceptId?: number): Promise<void> {
    const clash = await queryRows<{ username: string; email: string }>(
      tx,
      sql`select username, email from users where deleted_at is null and (lower(username) = ${body.username.toLowerCase()} or lower(email) = ${body.email.toLowerCase()}) ${exceptId ? sql`and id <> ${exceptId}` : sql``} limit 1`,
    );
    const other = clash[0];
    if (!other) return;
    if (other.username.toLowerCase() === body.username.toLowerCase()) throw conflict(`The username ${body.username} is already taken`);
    throw conflict(`The e-mail ${body.email} is already used by another user`);
  }

  async create(body: UserCreate, actor: Actor, ip: string | null): Promise<UserRow> {
    const passwordHash = await hashSecret(body.password);
    return this.db.transaction(async (tx) => {
      await this.assertRole(tx, body.role_id);
      const [givesSuper] = await this.superRoles(tx, [body.role_id]);
      this.assertMayManage(actor, givesSuper === true);
      await this.assertUnique(tx, body);
      const now = this.clock.now();
      const [created] = await queryRows<{ id: number }>(
        tx,
        sql`insert into users (username, email, name, phone, role_id, status, password_hash, created_at, updated_at, created_by, updated_by)
            values (${body.username}, ${body.email}, ${body.name}, ${body.phone ?? null}, ${body.role_id}, ${body.status}, ${passwordHash}, ${now}, ${now}, ${actor.userId}, ${actor.userId})
            returning id`,
      );
      const row = await this.get(Number(created!.id), tx);
      await writeAudit(tx, this.ctx(actor, ip), { action: 'create', entity: 'user', entityId: row.id, after: auditView(row) });
      return row;
    });
  }

  /**
   * Saves a user. On an account with a second factor by e-mail (a Super Admin, before or after), a new e-mail address is
   * not written: it waits for confirmation from the new address (`emailPending`).
   */
  async update(id: number, body: UserUpdate, actor: Actor, ip: string | null): Promise<UserRow & { emailPending?: true }> {
    return this.db.transaction(async (tx) => {
      const before = await this.get(id, tx);
      if (before.version !== body.version) throw staleVersion('user', before.updated_by_name, before.updated_at);
      if (id === actor.userId && body.status !== 1) throw unprocessable('You cannot deactivate your own account');
      if (id === actor.userId && body.role_id !== before.role_id) throw unprocessable('You cannot change your own role');
      await this.assertRole(tx, body.role_id);
      const [wasSuper, willBeSuper] = await this.superRoles(tx, [before.role_id, body.role_id]);
      this.assertMayManage(actor, wasSuper === true || willBeSuper === true);
      if (wasSuper && (body.status !== 1 || !willBeSuper)) await this.assertAnotherSuperAdmin(tx, id);
      await this.assertUnique(tx, body, id);
      const emailPending = (wasSuper === true || willBeSuper === true) && body.email.toLowerCase() !== before.email.toLowerCase();
      const email = emailPending ? before.email : body.email;
      const updated = await queryRows(
        tx,
        sql`update users set username = ${body.username}, email = ${email}, name = ${body.name}, phone = ${body.phone ?? null}, role_id = ${body.role_id},
              status = ${body.status}, updated_at = ${this.clock.now()}, updated_by = ${actor.userId}, version = version + 1
            where id = ${id} and version = ${body.version} returning id`,
      );
      if (!updated.length) {
        const latest = await this.get(id, tx);
        throw staleVersion('user', latest.updated_by_name, latest.updated_at);
      }
      if (body.status !== 1) await this.sessions.revokeAllOf(id, tx);
      const after = await this.get(id, tx);
      await writeAudit(tx, this.ctx(actor, ip), { action: 'update', entity: 'user', entityId: id, before: auditView(before), after: { ...auditView(after), ...(emailPending ? { email_pending: body.email } : {}) } });
      if (!emailPending) return after;
      await this.auth.requestEmailChange(tx, before, body.email, actor.userId);
      return { ...after, emailPending: true as const };
    });
  }

  async remove(id: number, version: number | undefined, actor: Actor, ip: string | null): Promise<void> {
    if (id === actor.userId) throw unprocessable('You cannot delete your own account');
    await this.db.transaction(async (tx) => {
      const before = await this.get(id, tx);
      if (version !== undefined && before.version !== version) throw staleVersion('user', before.updated_by_name, before.updated_at);
      const [wasSuper] = await this.superRoles(tx, [before.role_id]);
      this.assertMayManage(actor, wasSuper === true);
      if (wasSuper) await this.assertAnotherSuperAdmin(tx, id);
      await tx.execute(sql`update users set deleted_at = ${this.clock.now()}, updated_by = ${actor.userId}, version = version + 1 where id = ${id}`);
      await this.sessions.revokeAllOf(id, tx);
      await writeAudit(tx, this.ctx(actor, ip), { action: 'delete', entity: 'user', entityId: id, before: auditView(before) });
    });
  }

  /** An administrator's reset: the user gets a one-time link by e-mail and is signed out everywhere. */
  async sendPasswordReset(id: number, actor: Actor, ip: string | null): Promise<UserRow> {
    const user = await this.get(id);
    const [isSuper] = await this.superRoles(this.db, [user.role_id]);
    this.assertMayManage(actor, isSuper === true);
    await this.auth.sendResetLink(user, `${actor.name} started a password reset for your account.`, async (tx) => {
      await tx.execute(sql`update users set failed_attempts = 0, locked_until = null where id = ${id}`);
      await this.auth.unlock(id, tx);
      await this.sessions.revokeAllOf(id, tx);
      await writeAudit(tx, this.ctx(actor, ip), { action: 'password-reset', entity: 'user', entityId: id, after: { by: actor.username } });
    });
    return user;
  }

  async profile(actor: Actor) {
    const user = await this.get(actor.userId);
    const roleRows = await queryRows<{ is_super: boolean }>(this.db, sql`select is_super from roles where id = ${user.role_id}`);
    return {
      id: user.id,
      username: user.username,
      email: user.email,
      name: user.name,
      phone: user.phone,
      role: { id: user.role_id, name: user.role_name, is_super: actor.perms.superAdmin || (roleRows[0]?.is_super ?? false) },
      permissions: [...actor.perms.grants],
      version: user.version,
    };
  }

  async updateProfile(actor: Actor, body: { name: string; phone?: string | null; version: number }, ip: string | null) {
    await this.db.transaction(async (tx) => {
      const before = await this.get(actor.userId, tx);
      if (before.version !== body.version) throw staleVersion('profile', before.updated_by_name, before.updated_at);
      await tx.execute(
        sql`update users set name = ${body.name}, phone = ${body.phone ?? null}, updated_at = ${this.clock.now()}, updated_by = ${actor.userId}, version = version + 1
            where id = ${actor.userId}`,
      );
      await writeAudit(tx, this.ctx(actor, ip), { action: 'update', entity: 'profile', entityId: actor.userId, before: { name: before.name, phone: before.phone }, after: { name: body.name, phone: body.phone ?? null } });
    });
    return this.profile({ ...actor, name: body.name });
  }
}
