import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CONSUMER_ACTIONS,
  CONSUMER_ENTRIES,
  consumerActionBody,
  consumerActivityRow,
  consumerDetail,
  consumerHistoryQuery,
  consumerLinkCardBody,
  consumerListQuery,
  consumerRow,
  consumerTagRef,
  consumerUpdateBody,
  envelope,
  idParam,
  listEnvelope,
  posSaleRow,
  stampHistoryQuery,
  stampLedgerRow,
  type Action,
} from '@portal/contract';
import { actorOf } from '../../platform/access-guard.ts';
import { auditContext } from '../../platform/crud/index.ts';
import { registerAddressAndCouponRoutes } from './consumer-sublists.routes.ts';
import { presentConsumer, seesPersonalData } from './consumer.resource.ts';
import type { ConsumerDeps } from './consumers.deps.ts';

const PATH = '/api/v1/consumers';
const TAGS = ['consumers'];
const perm = (action: Action) => ({ permission: { entries: CONSUMER_ENTRIES, action } });

/** cms Consumer: list (masked per role), detail, profile edit, the staff actions and the one-customer sub-lists (the exports are declared in consumers.module.ts). */
export function registerConsumerRoutes(app: FastifyInstance, deps: ConsumerDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { consumers, history, actions } = deps;
  const unmasked = (req: FastifyRequest) => seesPersonalData(actorOf(req).perms);
  const ctx = (req: FastifyRequest) => auditContext(req, deps.clock);

  r.get(PATH, {
    config: perm('view'),
    schema: { tags: TAGS, summary: 'List consumers (filters of section 3; phone and e-mail masked without the personal-data right)', querystring: consumerListQuery, response: { 200: listEnvelope(consumerRow) } },
    handler: async (req) => {
      const page = await consumers.list(req.query);
      const open = unmasked(req);
      return { message: 'Success', data: { ...page, data: page.data.map((c) => presentConsumer(c, open)) } };
    },
  });
  // The tags a consumer may carry, for the profile form: a consumer editor need not hold Custom Consumer Tag.
  r.get('/api/v1/consumer-tags', {
    config: perm('view'),
    schema: { tags: TAGS, summary: 'Active custom consumer tags, by name', response: { 200: envelope(z.array(consumerTagRef)) } },
    handler: async () => ({ message: 'Success', data: await consumers.tagOptions() }),
  });

  r.get(`${PATH}/:id`, {
    config: perm('view'),
    schema: { tags: TAGS, summary: 'One consumer with tags', params: idParam, response: { 200: envelope(consumerDetail) } },
    handler: async (req) => ({ message: 'Success', data: presentConsumer(await consumers.get(req.params.id), unmasked(req)) }),
  });

  r.put(`${PATH}/:id`, {
    config: perm('edit'),
    schema: { tags: TAGS, summary: 'Edit a consumer’s profile and tags (409 when the version is stale)', params: idParam, body: consumerUpdateBody, response: { 200: envelope(consumerDetail) } },
    handler: async (req) => {
      const saved = await consumers.update(req.params.id, req.body, ctx(req));
      return { message: 'Edit Data Successful', data: presentConsumer(await consumers.get(saved.id), unmasked(req)) };
    },
  });

  for (const action of CONSUMER_ACTIONS) {
    r.post(`${PATH}/:id/${action}`, {
      config: perm('edit'),
      schema: {
        tags: TAGS,
        summary: `${action} (with a reason; 409 when the consumer's state forbids it or the version is stale)`,
        params: idParam,
        body: action === 'link-card' ? consumerLinkCardBody : consumerActionBody,
        response: { 200: envelope(consumerDetail) },
      },
      handler: async (req) => ({ message: 'Success', data: presentConsumer(await actions.run(req.params.id, action, req.body, ctx(req)), unmasked(req)) }),
    });
  }

  registerAddressAndCouponRoutes(app, { path: PATH, tags: TAGS, entries: CONSUMER_ENTRIES, history, clock: deps.clock, consumerOf: (id) => history.requireConsumer(id), whose: 'consumer' });

  r.get(`${PATH}/:id/stamps`, {
    config: perm('view'),
    schema: { tags: TAGS, summary: 'Stamp history, newest first; direction=in (codes 10, 30) or out (20, 21, 31)', params: idParam, querystring: stampHistoryQuery, response: { 200: listEnvelope(stampLedgerRow) } },
    handler: async (req) => ({ message: 'Success', data: await history.stamps(req.params.id, req.query) }),
  });
  r.get(`${PATH}/:id/pos-sales`, {
    config: perm('view'),
    schema: { tags: TAGS, summary: 'Point-of-sale sales history, newest first', params: idParam, querystring: consumerHistoryQuery, response: { 200: listEnvelope(posSaleRow) } },
    handler: async (req) => ({ message: 'Success', data: await history.posSales(req.params.id, req.query) }),
  });
  r.get(`${PATH}/:id/activity`, {
    config: perm('view'),
    schema: { tags: TAGS, summary: 'The consumer’s activity log, newest first (staff actions included)', params: idParam, querystring: consumerHistoryQuery, response: { 200: listEnvelope(consumerActivityRow) } },
    handler: async (req) => ({ message: 'Success', data: await history.activity(req.params.id, req.query) }),
  });
}
