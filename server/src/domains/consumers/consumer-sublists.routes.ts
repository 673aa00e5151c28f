import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AnyEndpoint, consumersApi, membersApi } from '@portal/contract';
import { actorOf } from '../../platform/access-guard.ts';
import type { Clock } from '../../platform/clock.ts';
import { auditContext } from '../../platform/crud/index.ts';
import { serve } from '../../platform/serve.ts';
import { presentAddress, type ConsumerHistoryService } from './consumer-history.service.ts';
import { seesPersonalData, type PersonalDataAccessLog } from '../../platform/personal-data.ts';

/** The address and coupon endpoints of a consumer's or a member's record (the contract declares both alike). */
type AddressAndCouponApi = Pick<typeof consumersApi | typeof membersApi, 'addresses' | 'address' | 'updateAddress' | 'coupons' | 'coupon'>;

/**
 * The address and coupon sub-lists of a record that stands for a consumer: the consumer itself (`/consumers/{id}`) or
 * its membership (`/members/{id}`), each under its own menu entry. `consumerOf` names the consumer (404 when the record
 * does not exist); the records are the consumer's either way.
 */
export function registerAddressAndCouponRoutes(
  app: FastifyInstance,
  opts: { api: AddressAndCouponApi; history: ConsumerHistoryService; clock: Clock; accessLog: PersonalDataAccessLog; consumerOf: (id: number) => Promise<number> },
): void {
  const { api, history, consumerOf, accessLog } = opts;
  /** Whether the caller sees the addresses unmasked; such a read is recorded in the personal-data access log. */
  const opened = async (req: FastifyRequest, endpoint: AnyEndpoint, consumerId: number, shown: number): Promise<boolean> => {
    const open = seesPersonalData(actorOf(req).perms);
    await accessLog.recordIf(open && shown > 0, req, endpoint, [consumerId]);
    return open;
  };

  serve(app, api.addresses, async (req) => {
    const consumerId = await consumerOf(req.params.id);
    const page = await history.addresses(consumerId, req.query);
    const open = await opened(req, api.addresses, consumerId, page.data.length);
    return { message: 'Success', data: { ...page, data: page.data.map((a) => presentAddress(a, open)) } };
  });
  serve(app, api.address, async (req) => {
    const consumerId = await consumerOf(req.params.id);
    const address = await history.address(consumerId, req.params.addressId);
    return { message: 'Success', data: presentAddress(address, await opened(req, api.address, consumerId, 1)) };
  });
  serve(app, api.updateAddress, async (req) => {
    const consumerId = await consumerOf(req.params.id);
    const saved = await history.updateAddress(consumerId, req.params.addressId, req.body, auditContext(req, opts.clock));
    return { message: 'Edit Data Successful', data: presentAddress(saved, await opened(req, api.updateAddress, consumerId, 1)) };
  });
  serve(app, api.coupons, async (req) => ({ message: 'Success', data: await history.coupons(await consumerOf(req.params.id), req.query) }));
  serve(app, api.coupon, async (req) => ({ message: 'Success', data: await history.coupon(await consumerOf(req.params.id), req.params.couponId) }));
}
