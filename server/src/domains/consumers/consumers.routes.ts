import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CONSUMER_ACTIONS, consumersApi, type AnyEndpoint, type ConsumerRow } from '@portal/contract';
import { actorOf } from '../../platform/access-guard.ts';
import { auditContext } from '../../platform/crud/index.ts';
import { serve } from '../../platform/serve.ts';
import { registerAddressAndCouponRoutes } from './consumer-sublists.routes.ts';
import { seesPersonalData } from '../../platform/personal-data.ts';
import { presentConsumer } from './consumer.resource.ts';
import type { ConsumerDeps } from './consumers.deps.ts';

/** cms Consumer: list (masked per role), detail, profile edit, the staff actions and the one-customer sub-lists (the exports are declared in consumers.module.ts). */
export function registerConsumerRoutes(app: FastifyInstance, deps: ConsumerDeps): void {
  const { consumers, history, actions, accessLog } = deps;
  const ctx = (req: FastifyRequest) => auditContext(req, deps.clock);
  /** The consumer as the caller may see it; an unmasked answer is recorded in the personal-data access log. */
  const shown = async <T extends ConsumerRow>(req: FastifyRequest, endpoint: AnyEndpoint, row: T): Promise<T> => {
    const open = seesPersonalData(actorOf(req).perms);
    await accessLog.recordIf(open, req, endpoint, [row.id]);
    return presentConsumer(row, open);
  };

  serve(app, consumersApi.list, async (req) => {
    const page = await consumers.list(req.query);
    const open = seesPersonalData(actorOf(req).perms);
    await accessLog.recordIf(open, req, consumersApi.list, page.data.map((c) => c.id));
    return { message: 'Success', data: { ...page, data: page.data.map((c) => presentConsumer(c, open)) } };
  });
  serve(app, consumersApi.tags, async () => ({ message: 'Success', data: await consumers.tagOptions() }));

  serve(app, consumersApi.get, async (req) => ({ message: 'Success', data: await shown(req, consumersApi.get, await consumers.get(req.params.id)) }));
  serve(app, consumersApi.update, async (req) => {
    const saved = await consumers.update(req.params.id, req.body, ctx(req));
    return { message: 'Edit Data Successful', data: await shown(req, consumersApi.update, await consumers.get(saved.id)) };
  });

  for (const action of CONSUMER_ACTIONS) {
    const endpoint = consumersApi.actions[action];
    serve(app, endpoint, async (req) => ({
      message: 'Success',
      data: await shown(req, endpoint, await actions.run(req.params.id, action, req.body, ctx(req))),
    }));
  }

  registerAddressAndCouponRoutes(app, { api: consumersApi, history, clock: deps.clock, accessLog, consumerOf: (id) => history.requireConsumer(id) });

  serve(app, consumersApi.stamps, async (req) => ({ message: 'Success', data: await history.stamps(req.params.id, req.query) }));
  serve(app, consumersApi.posSales, async (req) => ({ message: 'Success', data: await history.posSales(req.params.id, req.query) }));
  serve(app, consumersApi.activity, async (req) => ({ message: 'Success', data: await history.activity(req.params.id, req.query) }));
}
