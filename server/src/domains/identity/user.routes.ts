import type { FastifyInstance } from 'fastify';
import { usersApi } from '@portal/contract';
import { actorOf } from '../../platform/access-guard.ts';
import { serve } from '../../platform/serve.ts';
import type { IdentityServices } from './identity.deps.ts';

export function registerUserRoutes(app: FastifyInstance, s: IdentityServices): void {
  serve(app, usersApi.list, async (req) => ({ message: 'Success', data: await s.users.list(req.query) }));

  serve(app, usersApi.options, async (req) => ({ message: 'Success', data: await s.users.options(req.query.search, req.query.limit) }));

  serve(app, usersApi.get, async (req) => ({ message: 'Success', data: await s.users.get(req.params.id) }));

  serve(app, usersApi.create, async (req) => ({ message: 'Success', data: await s.users.create(req.body, actorOf(req), req.ip) }));

  serve(app, usersApi.update, async (req) => {
    const { emailPending, ...row } = await s.users.update(req.params.id, req.body, actorOf(req), req.ip);
    const message = emailPending ? 'Edit Data Successful. The new e-mail address takes effect once it is confirmed from the link sent to it.' : 'Edit Data Successful';
    return { message, data: row };
  });

  serve(app, usersApi.remove, async (req) => {
    await s.users.remove(req.params.id, req.query.version, actorOf(req), req.ip);
    return { message: 'Success', data: null };
  });

  serve(app, usersApi.resetPassword, async (req) => {
    const user = await s.users.sendPasswordReset(req.params.id, actorOf(req), req.ip);
    return { message: `A password reset link has been sent to ${user.email}`, data: null };
  });

  serve(app, usersApi.usernames, async (req) => ({ message: 'Success', data: await s.users.usernames(req.body.ids) }));
}
