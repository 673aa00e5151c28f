import type { FastifyInstance } from 'fastify';
import { consumerLoginLogsApi, voucherUsedLogsApi } from '@portal/contract';
import { actorOf } from '../../platform/access-guard.ts';
import { seesPersonalData, type PersonalDataAccessLog } from '../../platform/personal-data.ts';
import { serve } from '../../platform/serve.ts';
import { presentLoginAttempt, type ConsumerLoginLogService } from './consumer-login-log.resource.ts';
import { presentRedemption, type VoucherUsedLogService } from './voucher-used-log.resource.ts';

export interface HeimdalLogServices {
  loginLog: ConsumerLoginLogService;
  voucherUsed: VoucherUsedLogService;
  accessLog: PersonalDataAccessLog;
}

/** The consumers a page names (none for an attempt with a phone no consumer has). */
const consumersOf = (rows: readonly { consumer_id: number | null }[]) => rows.flatMap((r) => (r.consumer_id === null ? [] : [r.consumer_id]));

/**
 * heimdal's two logs, read-only under their entries' `view` right (the exports are declared in the module). Phones are
 * masked without the personal-data right; an unmasked page or record is recorded in the personal-data access log.
 */
export function registerHeimdalLogRoutes(app: FastifyInstance, s: HeimdalLogServices): void {
  const login = consumerLoginLogsApi;
  serve(app, login.list, async (req) => {
    const page = await s.loginLog.list(req.query);
    const open = seesPersonalData(actorOf(req).perms);
    await s.accessLog.recordIf(open, req, login.list, consumersOf(page.data));
    return { message: 'Success', data: { ...page, data: page.data.map((r) => presentLoginAttempt(r, open)) } };
  });
  serve(app, login.appVersions, async (req) => ({ message: 'Success', data: await s.loginLog.appVersions(req.query.search, req.query.limit) }));
  serve(app, login.get, async (req) => {
    const row = await s.loginLog.get(req.params.id);
    const open = seesPersonalData(actorOf(req).perms);
    await s.accessLog.recordIf(open, req, login.get, consumersOf([row]));
    return { message: 'Success', data: presentLoginAttempt(row, open) };
  });

  const used = voucherUsedLogsApi;
  serve(app, used.list, async (req) => {
    const page = await s.voucherUsed.list(req.query);
    const open = seesPersonalData(actorOf(req).perms);
    await s.accessLog.recordIf(open, req, used.list, consumersOf(page.data));
    return { message: 'Success', data: { ...page, data: page.data.map((r) => presentRedemption(r, open)) } };
  });
  serve(app, used.stores, async (req) => ({ message: 'Success', data: await s.voucherUsed.stores(req.query.search, req.query.limit) }));
  serve(app, used.partners, async (req) => ({ message: 'Success', data: await s.voucherUsed.partners(req.query.search, req.query.limit) }));
  serve(app, used.get, async (req) => {
    const row = await s.voucherUsed.detail(req.params.id);
    const open = seesPersonalData(actorOf(req).perms);
    await s.accessLog.recordIf(open, req, used.get, consumersOf([row]));
    return { message: 'Success', data: presentRedemption(row, open) };
  });
}
