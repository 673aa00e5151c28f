import { z } from 'zod';
import { endpoint, page, resourceApi } from '../common/endpoint.ts';
import { CUSTOM_CONSUMER_TAG_ENTRIES, customConsumerTagCreateBody, customConsumerTagListQuery, customConsumerTagRow, customConsumerTagUpdateBody } from './custom-consumer-tag.schema.ts';
import {
  DOCUMENT_ENTRIES,
  documentKindOf,
  documentPublishBody,
  documentQueryFor,
  documentRow,
  documentSegment,
  documentUpdateBody,
  documentVersionListQueryFor,
  documentVersionRow,
  richTextPreview,
  richTextPreviewBody,
  type DocumentKind,
} from './document.schema.ts';
import {
  MASTER_MAPPING_EMAIL_ENTRIES,
  mappingUserOption,
  mappingUserOptionsQuery,
  masterMappingEmailCreateBody,
  masterMappingEmailListQuery,
  masterMappingEmailRow,
  masterMappingEmailUpdateBody,
} from './master-mapping-email.schema.ts';
import { APP_VERSION_ENTRIES, GENERAL_SETTING_ENTRIES, appVersionListQuery, appVersionRow, appVersionUpdateBody, generalSettingRow, generalSettingUpdateBody } from './setting.schema.ts';
import { TICKET_CATEGORY_ENTRIES, ticketCategoryCreateBody, ticketCategoryListQuery, ticketCategoryRow, ticketCategoryUpdateBody } from './ticket-category.schema.ts';

export const customConsumerTagsApi = resourceApi({
  name: 'custom-consumer-tags',
  path: 'custom-consumer-tags',
  tag: 'master data',
  label: 'custom consumer tag',
  entries: CUSTOM_CONSUMER_TAG_ENTRIES,
  row: customConsumerTagRow,
  listQuery: customConsumerTagListQuery,
  create: customConsumerTagCreateBody,
  update: customConsumerTagUpdateBody,
  remove: true,
});

export const ticketCategoriesApi = resourceApi({
  name: 'ticket-categories',
  path: 'ticket-categories',
  tag: 'master data',
  label: 'ticket category',
  entries: TICKET_CATEGORY_ENTRIES,
  row: ticketCategoryRow,
  listQuery: ticketCategoryListQuery,
  create: ticketCategoryCreateBody,
  update: ticketCategoryUpdateBody,
  remove: true,
});

export const masterMappingEmailsApi = {
  ...resourceApi({
    name: 'master-mapping-emails',
    path: 'master-mapping-emails',
    tag: 'master data',
    label: 'mapping',
    entries: MASTER_MAPPING_EMAIL_ENTRIES,
    row: masterMappingEmailRow,
    listQuery: masterMappingEmailListQuery,
    create: masterMappingEmailCreateBody,
    update: masterMappingEmailUpdateBody,
    remove: true,
  }),
  /** The user picker of the mapping form, under the mapping's own permission. */
  userOptions: endpoint({
    id: 'master-mapping-emails.user-options',
    method: 'GET',
    path: 'master-mapping-emails/user-options',
    tag: 'master data',
    summary: 'Active users for the mapping’s user picker, searched on the server (up to 1000), with their mapping if any',
    access: { entries: MASTER_MAPPING_EMAIL_ENTRIES, action: 'view' },
    query: mappingUserOptionsQuery,
    data: z.array(mappingUserOption),
  }),
};

/** The general setting is one record, read and edited at one path. */
export const generalSettingApi = {
  get: endpoint({
    id: 'general-setting.get',
    method: 'GET',
    path: 'general-setting',
    tag: 'settings',
    summary: 'The general setting',
    access: { entries: GENERAL_SETTING_ENTRIES, action: 'view' },
    data: generalSettingRow,
  }),
  update: endpoint({
    id: 'general-setting.update',
    method: 'PUT',
    path: 'general-setting',
    tag: 'settings',
    summary: 'Edit the general setting (409 when the version is stale)',
    access: { entries: GENERAL_SETTING_ENTRIES, action: 'edit' },
    body: generalSettingUpdateBody,
    data: generalSettingRow,
    errors: [409],
  }),
};

export const appVersionsApi = resourceApi({
  name: 'app-versions',
  path: 'app-versions',
  tag: 'settings',
  label: 'app version',
  entries: APP_VERSION_ENTRIES,
  row: appVersionRow,
  listQuery: appVersionListQuery,
  update: appVersionUpdateBody,
});

/**
 * The endpoints of one kind of rich-text document at its segment (the word of its menu entry): the draft and what is
 * published, save, publish, and the published versions. The text is named in the query (`variant`, `language_type`).
 */
function documentApi<const S extends string>(kind: DocumentKind, segment: S) {
  if (documentSegment(kind) !== segment) throw new Error(`${kind}: its segment is ${documentSegment(kind)}, not ${segment}`);
  const def = documentKindOf(kind);
  const label = def.label.toLowerCase();
  const view = { entries: [def.entry], action: 'view' } as const;
  const edit = { entries: [def.entry], action: 'edit' } as const;
  const query = documentQueryFor(kind);
  const tag = 'documents';
  return {
    get: endpoint({ id: `${segment}.get`, method: 'GET', path: segment, tag, summary: `${def.label}: the draft and what is published`, access: view, query, data: documentRow }),
    save: endpoint({
      id: `${segment}.save`,
      method: 'PUT',
      path: segment,
      tag,
      summary: `Save the ${label} draft (sanitised; 409 when the version is stale)`,
      access: edit,
      query,
      body: documentUpdateBody,
      data: documentRow,
    }),
    publish: endpoint({
      id: `${segment}.publish`,
      method: 'POST',
      path: `${segment}/publish`,
      tag,
      summary: `Publish the saved ${label} draft as a new version`,
      access: edit,
      query,
      body: documentPublishBody,
      data: documentRow,
    }),
    versions: endpoint({
      id: `${segment}.versions`,
      method: 'GET',
      path: `${segment}/versions`,
      tag,
      summary: `Published versions of the ${label}, newest first`,
      access: view,
      query: documentVersionListQueryFor(kind),
      data: page(documentVersionRow),
    }),
    version: endpoint({
      id: `${segment}.version`,
      method: 'GET',
      path: `${segment}/versions/:id`,
      tag,
      summary: `One published version of the ${label}`,
      access: view,
      data: documentVersionRow,
    }),
  };
}

/** Each kind's document endpoints, picked by kind. */
export const documentsApi = {
  privacy: documentApi('privacy', 'privacy-policy'),
  terms: documentApi('terms', 'term-condition'),
  'how-to-redeem': documentApi('how-to-redeem', 'how-to-redeem'),
  'setting-app': documentApi('setting-app', 'setting-app'),
} as const satisfies Record<DocumentKind, unknown>;

export const richTextApi = {
  preview: endpoint({
    id: 'rich-text.preview',
    method: 'POST',
    path: 'rich-text/preview',
    tag: 'documents',
    summary: 'The HTML as the server would store it (the editor’s live preview)',
    access: { entries: DOCUMENT_ENTRIES, action: 'edit' },
    body: richTextPreviewBody,
    data: richTextPreview,
  }),
};

export const masterdataApi = {
  customConsumerTagsApi,
  ticketCategoriesApi,
  masterMappingEmailsApi,
  generalSettingApi,
  appVersionsApi,
  documentsApi,
  richTextApi,
};
