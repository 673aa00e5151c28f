import type { FastifyInstance } from 'fastify';
import { creditLimitsApi, partnersApi } from '@portal/contract';
import type { Clock } from '../../platform/clock.ts';
import { auditContext, registerResourceRoutes } from '../../platform/crud/index.ts';
import { serve } from '../../platform/serve.ts';
import type { Db } from '../../db/client.ts';
import { CreditLimitService } from './credit-limit.resource.ts';
import { PartnerPeriodService } from './partner-period.service.ts';
import { PartnerService } from './partner.resource.ts';
import type { PicDirectory } from './vouchers.deps.ts';

export interface PartnerServices {
  partners: PartnerService;
  periods: PartnerPeriodService;
  creditLimits: CreditLimitService;
}

/** The partners' services, built once by the module. */
export function partnerServices(db: Db): PartnerServices {
  const partners = new PartnerService(db);
  return { partners, periods: new PartnerPeriodService(db, partners), creditLimits: new CreditLimitService(db) };
}

/** cms Voucher digital, Partner Management (with its periods and PIC picker) and cms Method of Payment, Credit Limit. */
export function registerPartnerRoutes(app: FastifyInstance, s: PartnerServices, users: PicDirectory, clock: Clock): void {
  serve(app, partnersApi.picOptions, async (req) => ({
    message: 'Success',
    data: (await users.options(req.query.search, req.query.limit)).map(({ id, username, name }) => ({ id, username, name })),
  }));
  registerResourceRoutes(app, s.partners, clock, partnersApi);
  serve(app, partnersApi.addPeriod, async (req) => ({ message: 'Add Period successful', data: await s.periods.add(req.params.id, req.body, auditContext(req, clock)) }));
  registerResourceRoutes(app, s.creditLimits, clock, creditLimitsApi);
}
