import type { FastifyInstance } from 'fastify';
import { MENU, permissionsApi, rolePermissionsApi, rolesApi, type RoleDetail } from '@portal/contract';
import { actorOf } from '../../platform/access-guard.ts';
import { serve } from '../../platform/serve.ts';
import type { IdentityServices } from './identity.deps.ts';

const asRolePermissions = (r: RoleDetail) => ({ role_id: r.id, version: r.version, is_super: r.is_super, permissions: r.permissions });

export function registerRoleRoutes(app: FastifyInstance, s: IdentityServices): void {
  serve(app, rolesApi.list, async (req) => ({ message: 'Success', data: await s.roles.list(req.query) }));

  serve(app, rolesApi.get, async (req) => ({ message: 'Success', data: await s.roles.get(req.params.id) }));

  serve(app, rolesApi.create, async (req) => ({ message: 'Success', data: await s.roles.create(req.body, actorOf(req), req.ip) }));

  serve(app, rolesApi.update, async (req) => ({ message: 'Edit Data Successful', data: await s.roles.update(req.params.id, req.body, actorOf(req), req.ip) }));

  serve(app, rolesApi.remove, async (req) => {
    await s.roles.remove(req.params.id, actorOf(req), req.ip);
    return { message: 'Success', data: null };
  });

  serve(app, permissionsApi.list, async () => ({
    message: 'Success',
    data: MENU.filter((e) => !e.superOnly).map((e) => ({ entry: e.key, area: e.area, group: e.group, label: e.label, route: e.route, actions: [...e.actions] })),
  }));

  serve(app, rolePermissionsApi.get, async (req) => ({ message: 'Success', data: asRolePermissions(await s.roles.get(req.query.role_id)) }));

  serve(app, rolePermissionsApi.update, async (req) => ({
    message: 'Edit Data Successful',
    data: asRolePermissions(await s.roles.updatePermissions(req.body.role_id, req.body.permissions, req.body.version, actorOf(req), req.ip)),
  }));
}
