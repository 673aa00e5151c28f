import { sql } from 'drizzle-orm';
import { grantSchema, roleRow, type Grant, type RoleCreate, type RoleDetail, type RoleUpdate } from '@portal/contract';
import type { z } from 'zod';
import type { roleListQuery } from '@portal/contract';
import { queryRows, type Db, type Tx } from '../../db/client.ts';
import { writeAudit } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { staleVersion } from '../../platform/concurrency.ts';
import { can } from '@portal/contract';
import { conflict, forbidden, notFound, unprocessable } from '../../platform/errors.ts';
import { likePattern, pagedList, whereOf } from '../../platform/pagination.ts';
import type { Actor } from '../../platform/request-context.ts';
import { requireRecentSecondFactor } from '../../platform/step-up.ts';
import { rowReader } from '../../platform/sql/row-reader.ts';

type RoleListQuery = z.infer<typeof roleListQuery>;

const ROLE_SELECT = sql`select r.id, r.name, r.description, r.is_super, (r.is_super or r.require_second_factor) as require_second_factor, r.status, r.created_at, r.updated_at, r.version,
  ub.name as updated_by_name,
  (select count(*)::int from users u where u.role_id = r.id and u.deleted_at is null) as user_count,
  (select count(*)::int from role_permissions p where p.role_id = r.id) as permission_count`;
const ROLE_FROM = sql`from roles r left join users ub on ub.id = r.updated_by`;
const SORT: Record<RoleListQuery['sort_by'], string> = { created_at: 'r.created_at', name: 'lower(r.name)', updated_at: 'r.updated_at' };

const toRow = rowReader(roleRow);
const toGrant = rowReader(grantSchema);

/** Grants sorted and de-duplicated, so audit before/after compare cleanly. */
const normalise = (grants: Grant[]): Grant[] =>
  [...new Map(grants.map((g) => [`${g.entry}:${g.action}`, g])).values()].sort((a, b) => `${a.entry}:${a.action}`.localeCompare(`${b.entry}:${b.action}`));

/** Giving any action on an entry gives its view too: an edit right on a screen one cannot open is meaningless. */
const withView = (grants: Grant[]): Grant[] => normalise([...grants, ...grants.map((g) => ({ entry: g.entry, action: 'view' as const }))]);

/** Whether a write leaves a role's rights as they were (the step-up is asked only for a real change). */
const sameGrants = (before: readonly { entry: string; action: string }[], after: Grant[]): boolean => {
  const key = (gs: readonly { entry: string; action: string }[]) => gs.map((g) => `${g.entry}:${g.action}`).sort().join('|');
  return key(before) === key(withView(after));
};

export class RoleService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async list(q: RoleListQuery) {
    const where = whereOf([
      sql`r.deleted_at is null`,
      q.search ? sql`(r.name ilike ${likePattern(q.search)} or r.description ilike ${likePattern(q.search)})` : undefined,
      q.status ? sql`r.status = ${q.status}` : undefined,
    ]);
    const dir = q.sort_dir === 'asc' ? sql`asc` : sql`desc`;
    const page = await pagedList(this.db, {
      select: ROLE_SELECT,
      from: ROLE_FROM,
      where,
      orderBy: sql`${sql.raw(SORT[q.sort_by])} ${dir}, r.id ${dir}`,
      page: q.is_all ? { page: 1, limit: 1000 } : q,
    });
    return { data: page.data.map(toRow), meta: page.meta };
  }

  async get(id: number, tx: Db | Tx = this.db): Promise<RoleDetail> {
    const row = (await queryRows(tx, sql`${ROLE_SELECT} ${ROLE_FROM} where r.id = ${id} and r.deleted_at is null`))[0];
    if (!row) throw notFound('Role');
    const grants = await queryRows(tx, sql`select entry, action from role_permissions where role_id = ${id}`);
    return { ...toRow(row), permissions: normalise(grants.map(toGrant)) };
  }

  private async assertNameFree(tx: Tx, name: string, exceptId?: number): Promise<void> {
    const clash = await queryRows(tx, sql`select id from roles where deleted_at is null and lower(name) = ${name.toLowerCase()} ${exceptId ? sql`and id <> ${exceptId}` : sql``}`);
    if (clash.length) throw conflict(`A role named ${name} already exists`);
  }

  private async replaceGrants(tx: Tx, roleId: number, grants: Grant[]): Promise<void> {
    await tx.execute(sql`delete from role_permissions where role_id = ${roleId}`);
    const all = withView(grants);
    if (all.length) {
      await tx.execute(sql`insert into role_permissions (role_id, entry, action) values ${sql.join(all.map((g) => sql`(${roleId}, ${g.entry}, ${g.action})`), sql`, `)}`);
    }
  }

  /** An actor grants only rights it holds itself: every right a write adds (with its implied view) must be the actor's. */
  private assertGrantable(actor: Actor, grants: Grant[], before: readonly { entry: string; action: string }[] = []): void {
    if (actor.perms.superAdmin) return;
    const had = new Set(before.map((g) => `${g.entry}:${g.action}`));
    const foreign = withView(grants).filter((g) => !had.has(`${g.entry}:${g.action}`) && !can(actor.perms, g.entry, g.action));
    if (foreign.length) throw forbidden(`You can grant only rights you hold yourself (${foreign.map((g) => `${g.entry} ${g.action}`).join(', ')})`);
  }

  /** Nobody changes the role they hold: raising one's own rights would need no one else. */
  private assertNotOwn(actor: Actor, id: number): void {
    if (id === actor.roleId) throw unprocessable('You cannot change the role you hold yourself; ask another administrator');
  }

  async create(body: RoleCreate, actor: Actor, ip: string | null): Promise<RoleDetail> {
    this.assertGrantable(actor, body.permissions);
    if (body.permissions.length || body.require_second_factor) requireRecentSecondFactor(actor, this.clock.now());
    return this.db.transaction(async (tx) => {
      await this.assertNameFree(tx, body.name);
      const now = this.clock.now();
      const [created] = await queryRows<{ id: number }>(
        tx,
        sql`insert into roles (name, description, status, require_second_factor, created_at, updated_at, created_by, updated_by)
            values (${body.name}, ${body.description ?? null}, ${body.status}, ${body.require_second_factor}, ${now}, ${now}, ${actor.userId}, ${actor.userId}) returning id`,
      );
      const id = Number(created!.id);
      await this.replaceGrants(tx, id, body.permissions);
      const after = await this.get(id, tx);
      await writeAudit(tx, { actor, ip, now }, { action: 'create', entity: 'role', entityId: after.id, after: auditView(after) });
      return after;
    });
  }

  /** Locks the row at the expected version, or explains why it cannot be changed. */
  private async lockForChange(tx: Tx, id: number, version: number): Promise<RoleDetail> {
    const before = await this.get(id, tx);
    if (before.is_super) throw unprocessable('The Super Admin role holds every permission and cannot be changed');
    if (before.version !== version) throw staleVersion('role', before.updated_by_name, before.updated_at);
    const bumped = await queryRows(
      tx,
      sql`update roles set version = version + 1, updated_at = ${this.clock.now()}, updated_by = null where id = ${id} and version = ${version} returning id`,
    );
    if (!bumped.length) {
      const latest = await this.get(id, tx);
      throw staleVersion('role', latest.updated_by_name, latest.updated_at);
    }
    return before;
  }

  async update(id: number, body: RoleUpdate, actor: Actor, ip: string | null): Promise<RoleDetail> {
    this.assertNotOwn(actor, id);
    return this.db.transaction(async (tx) => {
      const before = await this.lockForChange(tx, id, body.version);
      this.assertGrantable(actor, body.permissions, before.permissions);
      if (!sameGrants(before.permissions, body.permissions) || before.require_second_factor !== body.require_second_factor) requireRecentSecondFactor(actor, this.clock.now());
      await this.assertNameFree(tx, body.name, id);
      await tx.execute(
        sql`update roles set name = ${body.name}, description = ${body.description ?? null}, status = ${body.status}, require_second_factor = ${body.require_second_factor},
              updated_by = ${actor.userId} where id = ${id}`,
      );
      await this.replaceGrants(tx, id, body.permissions);
      const after = await this.get(id, tx);
      await writeAudit(tx, { actor, ip, now: this.clock.now() }, { action: 'update', entity: 'role', entityId: id, before: auditView(before), after: auditView(after) });
      return after;
    });
  }

  async updatePermissions(id: number, grants: Grant[], version: number, actor: Actor, ip: string | null): Promise<RoleDetail> {
    this.assertNotOwn(actor, id);
    return this.db.transaction(async (tx) => {
      const before = await this.lockForChange(tx, id, version);
      this.assertGrantable(actor, grants, before.permissions);
      if (!sameGrants(before.permissions, grants)) requireRecentSecondFactor(actor, this.clock.now());
      await tx.execute(sql`update roles set updated_by = ${actor.userId} where id = ${id}`);
      await this.replaceGrants(tx, id, grants);
      const after = await this.get(id, tx);
      await writeAudit(tx, { actor, ip, now: this.clock.now() }, { action: 'permission-update', entity: 'role', entityId: id, before: { permissions: before.permissions }, after: { permissions: after.permissions } });
      return after;
    });
  }

  async remove(id: number, actor: Actor, ip: string | null): Promise<void> {
    this.assertNotOwn(actor, id);
    await this.db.transaction(async (tx) => {
      const before = await this.get(id, tx);
      if (before.is_super) throw unprocessable('The Super Admin role cannot be deleted');
      if (before.user_count > 0) throw conflict(`The role ${before.name} is still assigned to ${before.user_count} user${before.user_count === 1 ? '' : 's'}; move them to another role first`);
      await tx.execute(sql`update roles set deleted_at = ${this.clock.now()}, updated_by = ${actor.userId}, version = version + 1 where id = ${id}`);
      await tx.execute(sql`delete from role_permissions where role_id = ${id}`);
      await writeAudit(tx, { actor, ip, now: this.clock.now() }, { action: 'delete', entity: 'role', entityId: id, before: auditView(before) });
    });
  }
}

const auditView = (r: RoleDetail) => ({ name: r.name, description: r.description, status: r.status, require_second_factor: r.require_second_factor, permissions: r.permissions.map((g) => `${g.entry}:${g.action}`) });
