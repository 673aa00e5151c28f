import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MENU,
  ROLE_ENTRIES,
  envelope,
  idParam,
  listEnvelope,
  okEnvelope,
  permissionItem,
  roleCreateBody,
  roleDetail,
  roleListQuery,
  rolePermissionQuery,
  rolePermissionUpdateBody,
  roleRow,
  roleUpdateBody,
  type Action,
  type RoleDetail,
} from '@portal/contract';
import { actorOf } from '../../platform/access-guard.ts';
import type { IdentityServices } from './identity.deps.ts';

const perm = (action: Action) => ({ permission: { entries: ROLE_ENTRIES, action } });
const tags = ['roles'];
const rolePermissions = z.object({ role_id: z.number().int(), version: z.number().int(), is_super: z.boolean(), permissions: z.array(z.object({ entry: z.string(), action: z.string() })) });
const asRolePermissions = (r: RoleDetail) => ({ role_id: r.id, version: r.version, is_super: r.is_super, permissions: r.permissions });

export function registerRoleRoutes(app: FastifyInstance, s: IdentityServices): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/v1/role/list', {
    config: perm('view'),
    schema: { tags, summary: 'List roles (is_all=true for dropdowns)', querystring: roleListQuery, response: { 200: listEnvelope(roleRow) } },
    handler: async (req) => ({ message: 'Success', data: await s.roles.list(req.query) }),
  });

  r.get('/api/v1/role/detail/:id', {
    config: perm('view'),
    schema: { tags, summary: 'One role with its permissions', params: idParam, response: { 200: envelope(roleDetail) } },
    handler: async (req) => ({ message: 'Success', data: await s.roles.get(req.params.id) }),
  });

  r.post('/api/v1/role/add', {
    config: perm('create'),
    schema: { tags, summary: 'Create a role with its permissions', body: roleCreateBody, response: { 200: envelope(roleDetail) } },
    handler: async (req) => ({ message: 'Success', data: await s.roles.create(req.body, actorOf(req), req.ip) }),
  });

  r.put('/api/v1/role/update/:id', {
    config: perm('edit'),
    schema: { tags, summary: 'Update a role (409 when the version is stale)', params: idParam, body: roleUpdateBody, response: { 200: envelope(roleDetail) } },
    handler: async (req) => ({ message: 'Edit Data Successful', data: await s.roles.update(req.params.id, req.body, actorOf(req), req.ip) }),
  });

  r.delete('/api/v1/role/delete/:id', {
    config: perm('delete'),
    schema: { tags, summary: 'Delete a role no user holds', params: idParam, response: { 200: okEnvelope } },
    handler: async (req) => {
      await s.roles.remove(req.params.id, actorOf(req), req.ip);
      return { message: 'Success', data: null };
    },
  });

  r.get('/api/v1/permission/list', {
    config: perm('view'),
    schema: { tags, summary: 'Every menu entry with the actions it offers', response: { 200: envelope(z.array(permissionItem)) } },
    handler: async () => ({
      message: 'Success',
      data: MENU.map((e) => ({ entry: e.key, area: e.area, group: e.group, label: e.label, route: e.route, actions: [...e.actions] })),
    }),
  });

  r.get('/api/v1/role-permission', {
    config: perm('view'),
    schema: { tags, summary: "A role's permissions", querystring: rolePermissionQuery, response: { 200: envelope(rolePermissions) } },
    handler: async (req) => ({ message: 'Success', data: asRolePermissions(await s.roles.get(req.query.role_id)) }),
  });

  r.put('/api/v1/role-permission/update', {
    config: perm('edit'),
    schema: { tags, summary: "Replace a role's permissions", body: rolePermissionUpdateBody, response: { 200: envelope(rolePermissions) } },
    handler: async (req) => ({
      message: 'Edit Data Successful',
      data: asRolePermissions(await s.roles.updatePermissions(req.body.role_id, req.body.permissions, req.body.version, actorOf(req), req.ip)),
    }),
  });
}
