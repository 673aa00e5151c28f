import type { FastifyInstance, FastifyRequest } from 'fastify';
import { membersApi } from '@portal/contract';
import { actorOf } from '../../platform/access-guard.ts';
import { auditContext } from '../../platform/crud/index.ts';
import { serve } from '../../platform/serve.ts';
import { registerAddressAndCouponRoutes } from './consumer-sublists.routes.ts';
import { presentConsumer, seesPersonalData } from './consumer.resource.ts';
import type { ConsumerDeps } from './consumers.deps.ts';

/**
 * cms Member Management: the membership list (masked like consumers), export_member, detail, edit, and the member's
 * address info and coupon history, which are its consumer's (the same records the Consumer screens show).
 */
export function registerMemberRoutes(app: FastifyInstance, deps: ConsumerDeps): void {
  const { members, history } = deps;
  const unmasked = (req: FastifyRequest) => seesPersonalData(actorOf(req).perms);

  serve(app, membersApi.list, async (req) => {
    const page = await members.list(req.query);
    const open = unmasked(req);
    return { message: 'Success', data: { ...page, data: page.data.map((m) => presentConsumer(m, open)) } };
  });
  serve(app, membersApi.stores, async (req) => ({ message: 'Success', data: await members.storeOptions(req.query.search) }));
  serve(app, membersApi.get, async (req) => ({ message: 'Success', data: presentConsumer(await members.get(req.params.id), unmasked(req)) }));
  serve(app, membersApi.update, async (req) => ({
    message: 'Edit Data Successful',
    data: presentConsumer(await members.update(req.params.id, req.body, auditContext(req, deps.clock)), unmasked(req)),
  }));

  registerAddressAndCouponRoutes(app, { api: membersApi, history, clock: deps.clock, consumerOf: (id) => members.consumerOf(id) });
}
