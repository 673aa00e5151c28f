import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CONSUMER_ACTIONS, consumersApi } from '@portal/contract';
import { actorOf } from '../../platform/access-guard.ts';
import { auditContext } from '../../platform/crud/index.ts';
import { serve } from '../../platform/serve.ts';
import { registerAddressAndCouponRoutes } from './consumer-sublists.routes.ts';
import { presentConsumer, seesPersonalData } from './consumer.resource.ts';
import type { ConsumerDeps } from './consumers.deps.ts';

/** cms Consumer: list (masked per role), detail, profile edit, the staff actions and the one-customer sub-lists (the exports are declared in consumers.module.ts). */
export function registerConsumerRoutes(app: FastifyInstance, deps: ConsumerDeps): void {
  const { consumers, history, actions } = deps;
  const unmasked = (req: FastifyRequest) => seesPersonalData(actorOf(req).perms);
  const ctx = (req: FastifyRequest) => auditContext(req, deps.clock);

  serve(app, consumersApi.list, async (req) => {
    const page = await consumers.list(req.query);
    const open = unmasked(req);
    return { message: 'Success', data: { ...page, data: page.data.map((c) => presentConsumer(c, open)) } };
  });
  serve(app, consumersApi.tags, async () => ({ message: 'Success', data: await consumers.tagOptions() }));

  serve(app, consumersApi.get, async (req) => ({ message: 'Success', data: presentConsumer(await consumers.get(req.params.id), unmasked(req)) }));
  serve(app, consumersApi.update, async (req) => {
    const saved = await consumers.update(req.params.id, req.body, ctx(req));
    return { message: 'Edit Data Successful', data: presentConsumer(await consumers.get(saved.id), unmasked(req)) };
  });

  for (const action of CONSUMER_ACTIONS) {
    serve(app, consumersApi.actions[action], async (req) => ({
      message: 'Success',
      data: presentConsumer(await actions.run(req.params.id, action, req.body, ctx(req)), unmasked(req)),
    }));
  }

  registerAddressAndCouponRoutes(app, { api: consumersApi, history, clock: deps.clock, consumerOf: (id) => history.requireConsumer(id) });

  serve(app, consumersApi.stamps, async (req) => ({ message: 'Success', data: await history.stamps(req.params.id, req.query) }));
  serve(app, consumersApi.posSales, async (req) => ({ message: 'Success', data: await history.posSales(req.params.id, req.query) }));
  serve(app, consumersApi.activity, async (req) => ({ message: 'Success', data: await history.activity(req.params.id, req.query) }));
}
