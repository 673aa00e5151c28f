import { ACTIVE_STATUS, messageTemplateListQuery, messageTemplatesApi, messageTemplateUpdateBody, type MessageTemplateRow } from '@portal/contract';
import { enumOptions } from '../../ui/options.ts';
import { defineResource } from '../../ui/resource.ts';

/** cms Consumer › Message Template (the spec's chatbot entry): reusable replies agents insert into chats. */
export const messageTemplateView = defineResource<MessageTemplateRow>({
  name: 'message-template',
  i18n: 'helpdesk.template',
  title: 'Message Template',
  entries: ['cms.chatbot'],
  listQuery: messageTemplateListQuery,
  api: messageTemplatesApi,
  search: 'Search title or text',
  filters: [{ kind: 'select', key: 'status', label: 'Status', options: enumOptions(ACTIVE_STATUS), width: 140 }],
  columns: [
    { key: 'title', label: 'Title', sortable: true, link: true },
    { key: 'body', label: 'Text' },
    { key: 'status', label: 'Status', kind: 'status', enum: ACTIVE_STATUS, width: 110 },
    { key: 'updated_at', label: 'Updated At', kind: 'date', sortable: true },
  ],
  form: {
    update: messageTemplateUpdateBody,
    fields: [
      { name: 'title', label: 'Title', input: 'text' },
      { name: 'status', label: 'Status', input: 'select', options: enumOptions(ACTIVE_STATUS) },
      { name: 'body', label: 'Text', input: 'textarea' },
    ],
    fromDetail: (m) => ({ title: m.title, body: m.body, status: m.status }),
  },
  detail: [
    {
      key: 'general',
      title: 'Message Template',
      items: [
        { key: 'title', label: 'Title' },
        { key: 'body', label: 'Text' },
        { key: 'status', label: 'Status', kind: 'status', enum: ACTIVE_STATUS },
        { key: 'updated_by_name', label: 'Updated By' },
        { key: 'updated_at', label: 'Updated At', kind: 'date' },
      ],
    },
  ],
  rowTitle: (m) => m.title,
});
