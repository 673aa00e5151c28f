import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { consumersApi, membersApi } from '@portal/contract';
import { actorOf } from '../../platform/access-guard.ts';
import type { Clock } from '../../platform/clock.ts';
import { auditContext } from '../../platform/crud/index.ts';
import { serve } from '../../platform/serve.ts';
import { presentAddress, type ConsumerHistoryService } from './consumer-history.service.ts';
import { seesPersonalData } from './consumer.resource.ts';

/** The address and coupon endpoints of a consumer's or a member's record (the contract declares both alike). */
type AddressAndCouponApi = Pick<typeof consumersApi | typeof membersApi, 'addresses' | 'address' | 'updateAddress' | 'coupons' | 'coupon'>;

/**
 * The address and coupon sub-lists of a record that stands for a consumer: the consumer itself (`/consumers/{id}`) or
 * its membership (`/members/{id}`), each under its own menu entry. `consumerOf` names the consumer (404 when the record
 * does not exist); the records are the consumer's either way.
 */
export function registerAddressAndCouponRoutes(
  app: FastifyInstance,
  opts: { api: AddressAndCouponApi; history: ConsumerHistoryService; clock: Clock; consumerOf: (id: number) => Promise<number> },
): void {
  const { api, history, consumerOf } = opts;
  const unmasked = (req: FastifyRequest) => seesPersonalData(actorOf(req).perms);

  serve(app, api.addresses, async (req) => {
    const page = await history.addresses(await consumerOf(req.params.id), req.query);
    const open = unmasked(req);
    return { message: 'Success', data: { ...page, data: page.data.map((a) => presentAddress(a, open)) } };
  });
  serve(app, api.address, async (req) => ({
    message: 'Success',
    data: presentAddress(await history.address(await consumerOf(req.params.id), req.params.addressId), unmasked(req)),
  }));
  serve(app, api.updateAddress, async (req) => ({
    message: 'Edit Data Successful',
    data: presentAddress(await history.updateAddress(await consumerOf(req.params.id), req.params.addressId, req.body, auditContext(req, opts.clock)), unmasked(req)),
  }));
  serve(app, api.coupons, async (req) => ({ message: 'Success', data: await history.coupons(await consumerOf(req.params.id), req.query) }));
  serve(app, api.coupon, async (req) => ({ message: 'Success', data: await history.coupon(await consumerOf(req.params.id), req.params.couponId) }));
}
