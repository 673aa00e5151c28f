import type { FastifyInstance } from 'fastify';
import {
  DOCUMENT_KINDS,
  appVersionsApi,
  customConsumerTagsApi,
  documentsApi,
  generalSettingApi,
  masterMappingEmailsApi,
  richTextApi,
  ticketCategoriesApi,
  type DocumentQuery,
} from '@portal/contract';
import type { Clock } from '../../platform/clock.ts';
import { auditContext, registerResourceRoutes } from '../../platform/crud/index.ts';
import { sanitizeRichText } from '../../platform/rich-text.ts';
import { serve } from '../../platform/serve.ts';
import type { DocumentKey } from './document.service.ts';
import type { MasterdataServices, UserDirectory } from './masterdata.deps.ts';
import { GENERAL_SETTING_ID } from './setting.resource.ts';

/**
 * cms Master data and settings: custom consumer tags, ticket categories, the e-mail escalation mapping, the general
 * setting, app versions, and the rich-text documents (privacy policy, terms, how-to-redeem, setting-app).
 */
export function registerMasterdataRoutes(app: FastifyInstance, s: MasterdataServices, users: UserDirectory, clock: Clock): void {
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
