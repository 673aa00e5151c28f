import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CONSUMER_ACTIONS, consumersApi } from '@portal/contract';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { actorOf } from '../../platform/access-guard.ts';
import type { Clock } from '../../platform/clock.ts';
import { auditContext } from '../../platform/crud/index.ts';
import { registerExportRoute, type ExportService } from '../../platform/exports/index.ts';
import type { Mailer } from '../../platform/mail.ts';
import { serve } from '../../platform/serve.ts';
import { ConsumerActionService } from './consumer-action.service.ts';
import { ConsumerHistoryService } from './consumer-history.service.ts';
import { registerAddressAndCouponRoutes } from './consumer-sublists.routes.ts';
import { consumerExport, couponHistoryExport, stampHistoryExport } from './consumer.exports.ts';
import { ConsumerService, presentConsumer, seesPersonalData } from './consumer.resource.ts';
import { registerMemberRoutes } from './members.routes.ts';
import { registerAssociateRoutes } from './associates.routes.ts';

export interface ConsumerDeps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  config: Config;
  exports: ExportService;
}

const PATH = '/api/v1/consumers';
const TAGS = ['consumers'];

/** cms Consumer: list (masked per role), export, detail, profile edit, the staff actions and the one-customer sub-lists; Member Management and the Associate Loyalty Program. */
export function registerConsumerRoutes(app: FastifyInstance, deps: ConsumerDeps): void {
  const consumers = new ConsumerService(deps.db);
  const history = new ConsumerHistoryService(deps.db);
  const actions = new ConsumerActionService(deps.db, consumers, deps.mailer, deps.config.PUBLIC_URL ?? `http://localhost:${deps.config.PORT}`);
  const unmasked = (req: FastifyRequest) => seesPersonalData(actorOf(req).perms);
  const ctx = (req: FastifyRequest) => auditContext(req, deps.clock);

  serve(app, consumersApi.list, async (req) => {
    const page = await consumers.list(req.query);
    const open = unmasked(req);
    return { message: 'Success', data: { ...page, data: page.data.map((c) => presentConsumer(c, open)) } };
  });
  registerExportRoute(app, deps.exports, deps.clock, consumerExport, PATH, TAGS);
  registerExportRoute(app, deps.exports, deps.clock, stampHistoryExport, '/api/v1/consumer-stamps', TAGS);
  registerExportRoute(app, deps.exports, deps.clock, couponHistoryExport, '/api/v1/consumer-coupons', TAGS);
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

  registerMemberRoutes(app, deps);
  registerAssociateRoutes(app, deps);
}
