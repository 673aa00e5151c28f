import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  USER_ENTRIES,
  adminResetPasswordBody,
  envelope,
  idParam,
  listEnvelope,
  okEnvelope,
  userCreateBody,
  userListQuery,
  userOption,
  userOptionsQuery,
  userRow,
  userUpdateBody,
  usernamesBody,
  type Action,
} from '@portal/contract';
import { actorOf } from '../../platform/access-guard.ts';
import type { IdentityServices } from './identity.deps.ts';

const perm = (action: Action) => ({ permission: { entries: USER_ENTRIES, action } });
const tags = ['users'];

export function registerUserRoutes(app: FastifyInstance, s: IdentityServices): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/v1/user/list', {
    config: perm('view'),
    schema: { tags, summary: 'List users', querystring: userListQuery, response: { 200: listEnvelope(userRow) } },
    handler: async (req) => ({ message: 'Success', data: await s.users.list(req.query) }),
  });

  r.get('/api/v1/user/options', {
    config: perm('view'),
    schema: { tags, summary: 'Users for pickers (up to 1000)', querystring: userOptionsQuery, response: { 200: envelope(z.array(userOption)) } },
    handler: async (req) => ({ message: 'Success', data: await s.users.options(req.query.search, req.query.limit) }),
  });

  r.get('/api/v1/user/detail/:id', {
    config: perm('view'),
    schema: { tags, summary: 'One user', params: idParam, response: { 200: envelope(userRow) } },
    handler: async (req) => ({ message: 'Success', data: await s.users.get(req.params.id) }),
  });

  r.post('/api/v1/user', {
    config: perm('create'),
    schema: { tags, summary: 'Create a user', body: userCreateBody, response: { 200: envelope(userRow) } },
    handler: async (req) => ({ message: 'Success', data: await s.users.create(req.body, actorOf(req), req.ip) }),
  });

  r.put('/api/v1/user/update/:id', {
    config: perm('edit'),
    schema: { tags, summary: 'Update a user (409 when the version is stale)', params: idParam, body: userUpdateBody, response: { 200: envelope(userRow) } },
    handler: async (req) => ({ message: 'Edit Data Successful', data: await s.users.update(req.params.id, req.body, actorOf(req), req.ip) }),
  });

  r.delete('/api/v1/user/delete/:id', {
    config: perm('delete'),
    schema: { tags, summary: 'Delete a user and end their sessions', params: idParam, querystring: z.object({ version: z.coerce.number().int().min(1).optional() }).strict(), response: { 200: okEnvelope } },
    handler: async (req) => {
      await s.users.remove(req.params.id, req.query.version, actorOf(req), req.ip);
      return { message: 'Success', data: null };
    },
  });

  r.post('/api/v1/user/reset-password/:id', {
    config: perm('edit'),
    schema: { tags, summary: "E-mail the user a reset link and end the user's sessions", params: idParam, body: adminResetPasswordBody, response: { 200: okEnvelope } },
    handler: async (req) => {
      const user = await s.users.sendPasswordReset(req.params.id, actorOf(req), req.ip);
      return { message: `A password reset link has been sent to ${user.email}`, data: null };
    },
  });

  r.post('/api/v1/user/username', {
    config: { permission: 'authenticated' },
    schema: { tags, summary: 'Names of users by id (created_by/updated_by lookups)', body: usernamesBody, response: { 200: envelope(z.array(z.object({ id: z.number(), username: z.string(), name: z.string() }))) } },
    handler: async (req) => ({ message: 'Success', data: await s.users.usernames(req.body.ids) }),
  });
}
