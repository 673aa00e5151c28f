import { ResourceService } from '../../platform/crud/index.ts';
import type { DomainModule, ModuleContext } from '../../platform/module.ts';
import { customConsumerTagDef } from './custom-consumer-tag.resource.ts';
import { DocumentService } from './document.service.ts';
import { MasterMappingEmailService } from './master-mapping-email.resource.ts';
import type { MasterdataDeps, MasterdataServices } from './masterdata.deps.ts';
import { registerMasterdataRoutes } from './masterdata.routes.ts';
import { appVersionDef, documentIssuerReader, generalSettingDef } from './setting.resource.ts';
import { TicketCategoryService } from './ticket-category.resource.ts';

/** cms Master data and settings, and the rich-text documents. */
export function masterdataModule(ctx: ModuleContext, deps: MasterdataDeps): DomainModule & { services: { documentIssuer: ReturnType<typeof documentIssuerReader> } } {
  const { db, clock } = ctx;
  const services: MasterdataServices = {
    tags: new ResourceService(customConsumerTagDef, db),
    ticketCategories: new TicketCategoryService(db),
    mappings: new MasterMappingEmailService(db),
    generalSetting: new ResourceService(generalSettingDef, db),
    appVersions: new ResourceService(appVersionDef, db),
    documents: new DocumentService(db, clock),
  };
  return {
    name: 'masterdata',
    // The chain's details for documents, which the vouchers domain's quotations and receipts print.
    services: { documentIssuer: documentIssuerReader(services.generalSetting) },
    register: (app) => registerMasterdataRoutes(app, services, deps.users, clock),
  };
}
