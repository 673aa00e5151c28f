import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ASSOCIATE_ENTRIES,
  associateCreateBody,
  associateHistoryQuery,
  associateHistoryRow,
  associateListQuery,
  associateRow,
  associateUpdateBody,
  employeeNoParam,
  envelope,
  listEnvelope,
  type Action,
} from '@portal/contract';
import { auditContext } from '../../platform/crud/index.ts';
import type { ConsumerDeps } from './consumers.deps.ts';

const PATH = '/api/v1/associates';
const TAGS = ['associates'];
const perm = (action: Action) => ({ permission: { entries: ASSOCIATE_ENTRIES, action } });

/** cms Associate Loyalty Program: list, create, detail and edit by employee number, history by associateId (bulk upload: the import `associate`). */
export function registerAssociateRoutes(app: FastifyInstance, deps: ConsumerDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { associates } = deps;

  r.get(PATH, {
    config: perm('view'),
    schema: { tags: TAGS, summary: 'List associates (status, store; search an employee number or a name)', querystring: associateListQuery, response: { 200: listEnvelope(associateRow) } },
    handler: async (req) => ({ message: 'Success', data: await associates.list(req.query) }),
  });
  r.post(PATH, {
    config: perm('create'),
    schema: { tags: TAGS, summary: 'Add an associate (409 when the employee number is taken)', body: associateCreateBody, response: { 200: envelope(associateRow) } },
    handler: async (req) => ({ message: 'Success', data: await associates.create(req.body, auditContext(req, deps.clock)) }),
  });
  r.get(`${PATH}/history`, {
    config: perm('view'),
    schema: { tags: TAGS, summary: 'Staff-benefit history, newest first, of one associate (associateId) or of all', querystring: associateHistoryQuery, response: { 200: listEnvelope(associateHistoryRow) } },
    handler: async (req) => ({ message: 'Success', data: await associates.history(req.query) }),
  });
  r.get(`${PATH}/:employeeNo`, {
    config: perm('view'),
    schema: { tags: TAGS, summary: 'One associate by employee number', params: employeeNoParam, response: { 200: envelope(associateRow) } },
    handler: async (req) => ({ message: 'Success', data: await associates.get(await associates.idOf(req.params.employeeNo)) }),
  });
  r.put(`${PATH}/:employeeNo`, {
    config: perm('edit'),
    schema: { tags: TAGS, summary: 'Edit an associate by employee number (409 when the version is stale)', params: employeeNoParam, body: associateUpdateBody, response: { 200: envelope(associateRow) } },
    handler: async (req) => ({ message: 'Edit Data Successful', data: await associates.update(await associates.idOf(req.params.employeeNo), req.body, auditContext(req, deps.clock)) }),
  });
}
