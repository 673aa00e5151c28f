import type { DomainModule, ModuleContext } from '../../platform/module.ts';
import { PersonalDataAccessLog } from '../../platform/personal-data.ts';
import { ConsumerLoginLogService } from './consumer-login-log.resource.ts';
import { heimdalLogExports } from './heimdal-logs.exports.ts';
import { registerHeimdalLogRoutes, type HeimdalLogServices } from './heimdal-logs.routes.ts';
import { VoucherUsedLogService } from './voucher-used-log.resource.ts';

/**
 * heimdal's logs (issue 17): the consumer login log, which the consumer API's sign-in writes, and the voucher-used log
 * over the vouchers the POS redeemed, each with its export. Read-only: nothing here writes.
 */
export function heimdalLogsModule(ctx: ModuleContext): DomainModule & { services: HeimdalLogServices } {
  const { db, clock } = ctx;
  const services: HeimdalLogServices = {
    loginLog: new ConsumerLoginLogService(db),
    voucherUsed: new VoucherUsedLogService(db),
    accessLog: new PersonalDataAccessLog(db, clock),
  };
  return {
    name: 'heimdal-logs',
    services,
    register: (app) => registerHeimdalLogRoutes(app, services),
    exports: heimdalLogExports(services.accessLog),
  };
}
