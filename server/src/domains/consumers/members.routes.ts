import type { FastifyInstance, FastifyRequest } from 'fastify';
import { membersApi, type AnyEndpoint, type MemberRow } from '@portal/contract';
import { actorOf } from '../../platform/access-guard.ts';
import { auditContext } from '../../platform/crud/index.ts';
import { serve } from '../../platform/serve.ts';
import { registerAddressAndCouponRoutes } from './consumer-sublists.routes.ts';
import { seesPersonalData } from '../../platform/personal-data.ts';
import { presentConsumer } from './consumer.resource.ts';
import type { ConsumerDeps } from './consumers.deps.ts';

/**
 * cms Member Management: the membership list (masked like consumers), export_member, detail, edit, and the member's
 * address info and coupon history, which are its consumer's (the same records the Consumer screens show).
 */
export function registerMemberRoutes(app: FastifyInstance, deps: ConsumerDeps): void {
  const { members, history, accessLog } = deps;
  /** The member as the caller may see it; an unmasked answer is recorded against its consumer. */
  const shown = async <T extends MemberRow>(req: FastifyRequest, endpoint: AnyEndpoint, row: T): Promise<T> => {
    const open = seesPersonalData(actorOf(req).perms);
    await accessLog.recordIf(open, req, endpoint, [row.consumer_id]);
    return presentConsumer(row, open);
  };

  serve(app, membersApi.list, async (req) => {
    const page = await members.list(req.query);
    const open = seesPersonalData(actorOf(req).perms);
    await accessLog.recordIf(open, req, membersApi.list, page.data.map((m) => m.consumer_id));
    return { message: 'Success', data: { ...page, data: page.data.map((m) => presentConsumer(m, open)) } };
  });
  serve(app, membersApi.stores, async (req) => ({ message: 'Success', data: await members.storeOptions(req.query.search) }));
  serve(app, membersApi.get, async (req) => ({ message: 'Success', data: await shown(req, membersApi.get, await members.get(req.params.id)) }));
  serve(app, membersApi.update, async (req) => ({
    message: 'Edit Data Successful',
    data: await shown(req, membersApi.update, await members.update(req.params.id, req.body, auditContext(req, deps.clock))),
  }));

  registerAddressAndCouponRoutes(app, { api: membersApi, history, clock: deps.clock, accessLog, consumerOf: (id) => members.consumerOf(id) });
}
