import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  APP_VERSION_ENTRIES,
  CUSTOM_CONSUMER_TAG_ENTRIES,
  DOCUMENT_ENTRIES,
  DOCUMENT_KINDS,
  GENERAL_SETTING_ENTRIES,
  MASTER_MAPPING_EMAIL_ENTRIES,
  TICKET_CATEGORY_ENTRIES,
  appVersionListQuery,
  appVersionRow,
  appVersionUpdateBody,
  customConsumerTagCreateBody,
  customConsumerTagListQuery,
  customConsumerTagRow,
  customConsumerTagUpdateBody,
  documentPublishBody,
  documentQueryFor,
  documentRow,
  documentSegment,
  documentUpdateBody,
  documentVersionListQueryFor,
  documentVersionRow,
  envelope,
  generalSettingRow,
  generalSettingUpdateBody,
  idParam,
  listEnvelope,
  mappingUserOptionsQuery,
  masterMappingEmailCreateBody,
  masterMappingEmailListQuery,
  masterMappingEmailRow,
  masterMappingEmailUpdateBody,
  richTextPreview,
  richTextPreviewBody,
  ticketCategoryCreateBody,
  ticketCategoryListQuery,
  ticketCategoryRow,
  ticketCategoryUpdateBody,
  userOption,
  type DocumentQuery,
} from '@portal/contract';
import type { Clock } from '../../platform/clock.ts';
import { auditContext, registerResourceRoutes } from '../../platform/crud/index.ts';
import { sanitizeRichText } from '../../platform/rich-text.ts';
import type { DocumentKey } from './document.service.ts';
import type { MasterdataServices, UserDirectory } from './masterdata.deps.ts';
import { GENERAL_SETTING_ID } from './setting.resource.ts';

/**
 * cms Master data and settings: custom consumer tags, ticket categories, the e-mail escalation mapping, the general
 * setting, app versions, and the rich-text documents (privacy policy, terms, how-to-redeem, setting-app).
 */
export function registerMasterdataRoutes(app: FastifyInstance, s: MasterdataServices, users: UserDirectory, clock: Clock): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  registerResourceRoutes(app, s.tags, clock, {
    path: '/api/v1/custom-consumer-tags',
    entries: CUSTOM_CONSUMER_TAG_ENTRIES,
    tags: ['master data'],
    row: customConsumerTagRow,
    listQuery: customConsumerTagListQuery,
    create: customConsumerTagCreateBody,
    update: customConsumerTagUpdateBody,
    remove: true,
  });

  registerResourceRoutes(app, s.ticketCategories, clock, {
    path: '/api/v1/ticket-categories',
    entries: TICKET_CATEGORY_ENTRIES,
    tags: ['master data'],
    row: ticketCategoryRow,
    listQuery: ticketCategoryListQuery,
    create: ticketCategoryCreateBody,
    update: ticketCategoryUpdateBody,
    remove: true,
  });

  // Static before `/:id`: the user picker of the mapping form, under the mapping's own permission.
  r.get('/api/v1/master-mapping-emails/user-options', {
    config: { permission: { entries: MASTER_MAPPING_EMAIL_ENTRIES, action: 'view' } },
    schema: {
      tags: ['master data'],
      summary: 'Active users for the mapping’s user picker, searched on the server (up to 1000), with their mapping if any',
      querystring: mappingUserOptionsQuery,
      response: { 200: envelope(z.array(userOption.extend({ mapping_id: z.number().int().nullable() }))) },
    },
    handler: async (req) => {
      const found = await users.options(req.query.search, req.query.limit);
      const mapped = await s.mappings.mappedUsers(found.map((u) => u.id));
      return { message: 'Success', data: found.map((u) => ({ ...u, mapping_id: mapped.get(u.id) ?? null })) };
    },
  });
  registerResourceRoutes(app, s.mappings, clock, {
    path: '/api/v1/master-mapping-emails',
    entries: MASTER_MAPPING_EMAIL_ENTRIES,
    tags: ['master data'],
    row: masterMappingEmailRow,
    listQuery: masterMappingEmailListQuery,
    create: masterMappingEmailCreateBody,
    update: masterMappingEmailUpdateBody,
    remove: true,
  });

  r.get('/api/v1/general-setting', {
    config: { permission: { entries: GENERAL_SETTING_ENTRIES, action: 'view' } },
    schema: { tags: ['settings'], summary: 'The general setting', response: { 200: envelope(generalSettingRow) } },
    handler: async () => ({ message: 'Success', data: await s.generalSetting.get(GENERAL_SETTING_ID) }),
  });
  r.put('/api/v1/general-setting', {
    config: { permission: { entries: GENERAL_SETTING_ENTRIES, action: 'edit' } },
    schema: { tags: ['settings'], summary: 'Edit the general setting (409 when the version is stale)', body: generalSettingUpdateBody, response: { 200: envelope(generalSettingRow) } },
    handler: async (req) => ({ message: 'Edit Data Successful', data: await s.generalSetting.update(GENERAL_SETTING_ID, req.body, auditContext(req, clock)) }),
  });

  registerResourceRoutes(app, s.appVersions, clock, {
    path: '/api/v1/app-versions',
    entries: APP_VERSION_ENTRIES,
    tags: ['settings'],
    row: appVersionRow,
    listQuery: appVersionListQuery,
    update: appVersionUpdateBody,
  });

  for (const def of DOCUMENT_KINDS) {
    const base = `/api/v1/${documentSegment(def.kind)}`;
    const entries = [def.entry];
    const query = documentQueryFor(def.kind);
    const keyOf = (q: DocumentQuery): DocumentKey => ({ kind: def.kind, variant: q.variant ?? 'consumer', language: q.language_type });
    const tags = ['documents'];
    r.get(base, {
      config: { permission: { entries, action: 'view' } },
      schema: { tags, summary: `${def.label}: the draft and what is published`, querystring: query, response: { 200: envelope(documentRow) } },
      handler: async (req) => ({ message: 'Success', data: await s.documents.get(keyOf(req.query as DocumentQuery)) }),
    });
    r.put(base, {
      config: { permission: { entries, action: 'edit' } },
      schema: { tags, summary: `Save the ${def.label.toLowerCase()} draft (sanitised; 409 when the version is stale)`, querystring: query, body: documentUpdateBody, response: { 200: envelope(documentRow) } },
      handler: async (req) => ({ message: 'Edit Data Successful', data: await s.documents.save(keyOf(req.query as DocumentQuery), req.body, auditContext(req, clock)) }),
    });
    r.post(`${base}/publish`, {
      config: { permission: { entries, action: 'edit' } },
      schema: { tags, summary: `Publish the saved ${def.label.toLowerCase()} draft as a new version`, querystring: query, body: documentPublishBody, response: { 200: envelope(documentRow) } },
      handler: async (req) => ({ message: 'Success', data: await s.documents.publish(keyOf(req.query as DocumentQuery), req.body.version, auditContext(req, clock)) }),
    });
    r.get(`${base}/versions`, {
      config: { permission: { entries, action: 'view' } },
      schema: { tags, summary: `Published versions of the ${def.label.toLowerCase()}, newest first`, querystring: documentVersionListQueryFor(def.kind), response: { 200: listEnvelope(documentVersionRow) } },
      handler: async (req) => {
        const q = req.query as DocumentQuery & { page: number; limit: number };
        return { message: 'Success', data: await s.documents.versions(keyOf(q), q) };
      },
    });
    r.get(`${base}/versions/:id`, {
      config: { permission: { entries, action: 'view' } },
      schema: { tags, summary: `One published version of the ${def.label.toLowerCase()}`, params: idParam, response: { 200: envelope(documentVersionRow) } },
      handler: async (req) => ({ message: 'Success', data: await s.documents.version(def.kind, req.params.id) }),
    });
  }

  r.post('/api/v1/rich-text/preview', {
    config: { permission: { entries: DOCUMENT_ENTRIES, action: 'edit' } },
    schema: { tags: ['documents'], summary: 'The HTML as the server would store it (the editor’s live preview)', body: richTextPreviewBody, response: { 200: envelope(richTextPreview) } },
    handler: async (req) => ({ message: 'Success', data: { html: sanitizeRichText(req.body.html) } }),
  });
}
