import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import {
  DOCUMENT_KINDS,
  appVersionsApi,
  customConsumerTagsApi,
  documentsApi,
  generalSettingApi,
  masterMappingEmailsApi,
  richTextApi,
  ticketCategoriesApi,
  type appVersionListQuery,
  type appVersionRow,
  type customConsumerTagListQuery,
  type customConsumerTagRow,
  type DocumentQuery,
  type generalSettingRow,
} from '@portal/contract';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { auditContext, registerResourceRoutes, ResourceService, type ListQueryLike } from '../../platform/crud/index.ts';
import { sanitizeRichText } from '../../platform/rich-text.ts';
import { serve } from '../../platform/serve.ts';
import type { UserService } from '../identity/user.service.ts';
import { customConsumerTagDef } from './custom-consumer-tag.resource.ts';
import { DocumentService, type DocumentKey } from './document.service.ts';
import { MasterMappingEmailService } from './master-mapping-email.resource.ts';
import { appVersionDef, GENERAL_SETTING_ID, generalSettingDef } from './setting.resource.ts';
import { TicketCategoryService } from './ticket-category.resource.ts';

export interface MasterdataServices {
  tags: ResourceService<z.infer<typeof customConsumerTagRow>, z.infer<typeof customConsumerTagListQuery>>;
  ticketCategories: TicketCategoryService;
  mappings: MasterMappingEmailService;
  generalSetting: ResourceService<z.infer<typeof generalSettingRow>, ListQueryLike>;
  appVersions: ResourceService<z.infer<typeof appVersionRow>, z.infer<typeof appVersionListQuery>>;
  documents: DocumentService;
}

export function masterdataServices(db: Db, clock: Clock): MasterdataServices {
  return {
    tags: new ResourceService(customConsumerTagDef, db),
    ticketCategories: new TicketCategoryService(db),
    mappings: new MasterMappingEmailService(db),
    generalSetting: new ResourceService(generalSettingDef, db),
    appVersions: new ResourceService(appVersionDef, db),
    documents: new DocumentService(db, clock),
  };
}

/**
 * cms Master data and settings: custom consumer tags, ticket categories, the e-mail escalation mapping, the general
 * setting, app versions, and the rich-text documents (privacy policy, terms, how-to-redeem, setting-app).
 */
export function registerMasterdataRoutes(app: FastifyInstance, s: MasterdataServices, users: UserService, clock: Clock): void {
  registerResourceRoutes(app, s.tags, clock, customConsumerTagsApi);
  registerResourceRoutes(app, s.ticketCategories, clock, ticketCategoriesApi);

  serve(app, masterMappingEmailsApi.userOptions, async (req) => {
    const found = await users.options(req.query.search, req.query.limit);
    const mapped = await s.mappings.mappedUsers(found.map((u) => u.id));
    return { message: 'Success', data: found.map((u) => ({ ...u, mapping_id: mapped.get(u.id) ?? null })) };
  });
  registerResourceRoutes(app, s.mappings, clock, masterMappingEmailsApi);

  serve(app, generalSettingApi.get, async () => ({ message: 'Success', data: await s.generalSetting.get(GENERAL_SETTING_ID) }));
  serve(app, generalSettingApi.update, async (req) => ({
    message: 'Edit Data Successful',
    data: await s.generalSetting.update(GENERAL_SETTING_ID, req.body, auditContext(req, clock)),
  }));

  registerResourceRoutes(app, s.appVersions, clock, appVersionsApi);

  for (const def of DOCUMENT_KINDS) {
    const api = documentsApi[def.kind];
    const keyOf = (q: DocumentQuery): DocumentKey => ({ kind: def.kind, variant: q.variant ?? 'consumer', language: q.language_type });
    serve(app, api.get, async (req) => ({ message: 'Success', data: await s.documents.get(keyOf(req.query as DocumentQuery)) }));
    serve(app, api.save, async (req) => ({ message: 'Edit Data Successful', data: await s.documents.save(keyOf(req.query as DocumentQuery), req.body, auditContext(req, clock)) }));
    serve(app, api.publish, async (req) => ({
      message: 'Success',
      data: await s.documents.publish(keyOf(req.query as DocumentQuery), req.body.version, auditContext(req, clock)),
    }));
    serve(app, api.versions, async (req) => {
      const q = req.query as DocumentQuery & { page: number; limit: number };
      return { message: 'Success', data: await s.documents.versions(keyOf(q), q) };
    });
    serve(app, api.version, async (req) => ({ message: 'Success', data: await s.documents.version(def.kind, req.params.id) }));
  }

  serve(app, richTextApi.preview, async (req) => ({ message: 'Success', data: { html: sanitizeRichText(req.body.html) } }));
}
