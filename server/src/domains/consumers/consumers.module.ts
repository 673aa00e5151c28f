import { consumerExportsApi, personalDataAccessApi } from '@portal/contract';
import type { DomainModule, ModuleContext } from '../../platform/module.ts';
import { PersonalDataAccessLog } from '../../platform/personal-data.ts';
import { CONSUMER_IMPORTS } from './associate.imports.ts';
import { AssociateService } from './associate.resource.ts';
import { registerAssociateRoutes } from './associates.routes.ts';
import { ConsumerActionService } from './consumer-action.service.ts';
import { ConsumerHistoryService } from './consumer-history.service.ts';
import { consumerExport, couponHistoryExport, memberExport, stampHistoryExport } from './consumer.exports.ts';
import { ConsumerService } from './consumer.resource.ts';
import type { ConsumerDeps } from './consumers.deps.ts';
import { registerConsumerRoutes } from './consumers.routes.ts';
import { MemberService } from './member.resource.ts';
import { registerMemberRoutes } from './members.routes.ts';
import { registerPersonalDataAccessRoutes } from './personal-data-access.routes.ts';
import { personalDataAccessExport, PersonalDataAccessService } from './personal-data-access.service.ts';
import { StaffPurchaseService } from './staff-purchase.service.ts';

/** cms Consumer, Member Management and the Associate Loyalty Program. */
export function consumersModule(ctx: ModuleContext): DomainModule & { services: { staffPurchases: StaffPurchaseService } } {
  const { db, clock, mailer, config } = ctx;
  const consumers = new ConsumerService(db);
  const deps: ConsumerDeps = {
    clock,
    consumers,
    history: new ConsumerHistoryService(db),
    actions: new ConsumerActionService(db, consumers, mailer, config.PUBLIC_URL ?? `http://localhost:${config.PORT}`),
    members: new MemberService(db),
    associates: new AssociateService(db),
    accessLog: new PersonalDataAccessLog(db, clock),
  };
  return {
    name: 'consumers',
    // The associates' staff purchases the tills send, recorded with the receipt by the analytics domain.
    services: { staffPurchases: new StaffPurchaseService() },
    register(app) {
      registerConsumerRoutes(app, deps);
      registerMemberRoutes(app, deps);
      registerAssociateRoutes(app, deps);
      registerPersonalDataAccessRoutes(app, new PersonalDataAccessService(db));
    },
    exports: [
      { def: consumerExport(deps.accessLog), endpoint: consumerExportsApi.consumers },
      { def: stampHistoryExport, endpoint: consumerExportsApi.stamps },
      { def: couponHistoryExport, endpoint: consumerExportsApi.coupons },
      { def: memberExport(deps.accessLog), endpoint: consumerExportsApi.members },
      { def: personalDataAccessExport, endpoint: personalDataAccessApi.export },
    ],
    imports: CONSUMER_IMPORTS,
  };
}
