import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelope,
  idParam,
  listEnvelope,
  MEMBER_ENTRIES,
  memberListQuery,
  memberRow,
  memberStoreOption,
  memberStoreQuery,
  memberUpdateBody,
  type Action,
} from '@portal/contract';
import { actorOf } from '../../platform/access-guard.ts';
import { auditContext } from '../../platform/crud/index.ts';
import { registerAddressAndCouponRoutes } from './consumer-sublists.routes.ts';
import { presentConsumer, seesPersonalData } from './consumer.resource.ts';
import type { ConsumerDeps } from './consumers.deps.ts';

const PATH = '/api/v1/members';
const TAGS = ['members'];
const perm = (action: Action) => ({ permission: { entries: MEMBER_ENTRIES, action } });

/**
 * cms Member Management: the membership list (masked like consumers), export_member, detail, edit, and the member's
 * address info and coupon history, which are its consumer's (the same records the Consumer screens show).
 */
export function registerMemberRoutes(app: FastifyInstance, deps: ConsumerDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { members, history } = deps;
  const unmasked = (req: FastifyRequest) => seesPersonalData(actorOf(req).perms);

  r.get(PATH, {
    config: perm('view'),
    schema: { tags: TAGS, summary: 'List members (tier, checked, home store; phone and e-mail masked without the personal-data right)', querystring: memberListQuery, response: { 200: listEnvelope(memberRow) } },
    handler: async (req) => {
      const page = await members.list(req.query);
      const open = unmasked(req);
      return { message: 'Success', data: { ...page, data: page.data.map((m) => presentConsumer(m, open)) } };
    },
  });
  // Home stores for the member form, under the member entry's own right (a member editor need not hold the store entries).
  r.get('/api/v1/member-stores', {
    config: perm('view'),
    schema: {
      tags: TAGS,
      summary: 'Active stores to choose a home store from (search by code or name, 50 at most)',
      querystring: memberStoreQuery,
      response: { 200: envelope(z.array(memberStoreOption)) },
    },
    handler: async (req) => ({ message: 'Success', data: await members.storeOptions(req.query.search) }),
  });
  r.get(`${PATH}/:id`, {
    config: perm('view'),
    schema: { tags: TAGS, summary: 'One member with is_check and employeeNo', params: idParam, response: { 200: envelope(memberRow) } },
    handler: async (req) => ({ message: 'Success', data: presentConsumer(await members.get(req.params.id), unmasked(req)) }),
  });
  r.put(`${PATH}/:id`, {
    config: perm('edit'),
    schema: { tags: TAGS, summary: 'Edit a membership: tier, checked, employee number, home store (409 when stale)', params: idParam, body: memberUpdateBody, response: { 200: envelope(memberRow) } },
    handler: async (req) => ({ message: 'Edit Data Successful', data: presentConsumer(await members.update(req.params.id, req.body, auditContext(req, deps.clock)), unmasked(req)) }),
  });

  registerAddressAndCouponRoutes(app, { path: PATH, tags: TAGS, entries: MEMBER_ENTRIES, history, clock: deps.clock, consumerOf: (id) => members.consumerOf(id), whose: 'member' });
}
