import type { FastifyInstance } from 'fastify';
import { associatesApi } from '@portal/contract';
import { auditContext } from '../../platform/crud/index.ts';
import { serve } from '../../platform/serve.ts';
import type { ConsumerDeps } from './consumers.deps.ts';

/** cms Associate Loyalty Program: list, create, detail and edit by employee number, history by associateId (bulk upload: the import `associate`). */
export function registerAssociateRoutes(app: FastifyInstance, deps: ConsumerDeps): void {
  const { associates } = deps;

  serve(app, associatesApi.list, async (req) => ({ message: 'Success', data: await associates.list(req.query) }));
  serve(app, associatesApi.create, async (req) => ({ message: 'Success', data: await associates.create(req.body, auditContext(req, deps.clock)) }));
  serve(app, associatesApi.history, async (req) => ({ message: 'Success', data: await associates.history(req.query) }));
  serve(app, associatesApi.get, async (req) => ({ message: 'Success', data: await associates.get(await associates.idOf(req.params.employeeNo)) }));
  serve(app, associatesApi.update, async (req) => ({
    message: 'Edit Data Successful',
    data: await associates.update(await associates.idOf(req.params.employeeNo), req.body, auditContext(req, deps.clock)),
  }));
}
