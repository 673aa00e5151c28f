import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  consumerAddressParams,
  consumerAddressRow,
  consumerAddressUpdateBody,
  consumerCouponDetail,
  consumerCouponParams,
  consumerCouponRow,
  consumerHistoryQuery,
  envelope,
  idParam,
  listEnvelope,
  type Action,
} from '@portal/contract';
import { actorOf } from '../../platform/access-guard.ts';
import type { Clock } from '../../platform/clock.ts';
import { auditContext } from '../../platform/crud/index.ts';
import { presentAddress, type ConsumerHistoryService } from './consumer-history.service.ts';
import { seesPersonalData } from './consumer.resource.ts';

/**
 * The address and coupon sub-lists of a record that stands for a consumer: the consumer itself (`/consumers/{id}`) or
 * its membership (`/members/{id}`), each under its own menu entry. `consumerOf` names the consumer (404 when the record
 * does not exist); the records are the consumer's either way.
 */
export function registerAddressAndCouponRoutes(
  app: FastifyInstance,
  opts: { path: string; tags: string[]; entries: readonly string[]; history: ConsumerHistoryService; clock: Clock; consumerOf: (id: number) => Promise<number>; whose: string },
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { path, tags, history, consumerOf, whose } = opts;
  const perm = (action: Action) => ({ permission: { entries: opts.entries, action } });
  const unmasked = (req: FastifyRequest) => seesPersonalData(actorOf(req).perms);

  r.get(`${path}/:id/addresses`, {
    config: perm('view'),
    schema: { tags, summary: `The ${whose}’s addresses, primary first`, params: idParam, querystring: consumerHistoryQuery, response: { 200: listEnvelope(consumerAddressRow) } },
    handler: async (req) => {
      const page = await history.addresses(await consumerOf(req.params.id), req.query);
      const open = unmasked(req);
      return { message: 'Success', data: { ...page, data: page.data.map((a) => presentAddress(a, open)) } };
    },
  });
  r.get(`${path}/:id/addresses/:addressId`, {
    config: perm('view'),
    schema: { tags, summary: `One address of the ${whose}`, params: consumerAddressParams, response: { 200: envelope(consumerAddressRow) } },
    handler: async (req) => ({ message: 'Success', data: presentAddress(await history.address(await consumerOf(req.params.id), req.params.addressId), unmasked(req)) }),
  });
  r.put(`${path}/:id/addresses/:addressId`, {
    config: perm('edit'),
    schema: {
      tags,
      summary: `Edit an address of the ${whose} with its province, regency, district and village (409 when the version is stale)`,
      params: consumerAddressParams,
      body: consumerAddressUpdateBody,
      response: { 200: envelope(consumerAddressRow) },
    },
    handler: async (req) => ({
      message: 'Edit Data Successful',
      data: presentAddress(await history.updateAddress(await consumerOf(req.params.id), req.params.addressId, req.body, auditContext(req, opts.clock)), unmasked(req)),
    }),
  });
  r.get(`${path}/:id/coupons`, {
    config: perm('view'),
    schema: { tags, summary: `The ${whose}’s coupon history, newest claim first`, params: idParam, querystring: consumerHistoryQuery, response: { 200: listEnvelope(consumerCouponRow) } },
    handler: async (req) => ({ message: 'Success', data: await history.coupons(await consumerOf(req.params.id), req.query) }),
  });
  r.get(`${path}/:id/coupons/:couponId`, {
    config: perm('view'),
    schema: { tags, summary: `One claimed coupon of the ${whose}`, params: consumerCouponParams, response: { 200: envelope(consumerCouponDetail) } },
    handler: async (req) => ({ message: 'Success', data: await history.coupon(await consumerOf(req.params.id), req.params.couponId) }),
  });
}
