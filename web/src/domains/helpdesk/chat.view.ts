import { CHAT_STATUS, chatListQuery, chatsApi, type ChatRow } from '@portal/contract';
import { enumOptions } from '../../ui/options.ts';
import { defineResource } from '../../ui/resource.ts';

/** cms Consumer › Chat Live: one conversation per consumer; Unread ones wait for an agent. */
export const chatView = defineResource<ChatRow>({
  name: 'chat',
  i18n: 'helpdesk.chat',
  title: 'Chat Live',
  entries: ['cms.chatlive'],
  listQuery: chatListQuery,
  api: chatsApi,
  filters: [{ kind: 'select', key: 'status', label: 'Status', options: enumOptions(CHAT_STATUS), width: 140 }],
  columns: [
    { key: 'consumer_name', label: 'Consumer', link: true },
    { key: 'last_message', label: 'Last Message' },
    { key: 'status', label: 'Status', kind: 'status', enum: CHAT_STATUS, width: 110 },
    { key: 'last_message_at', label: 'Last Message At', kind: 'date', sortable: true, width: 190 },
  ],
  detail: [],
  rowTitle: (c) => c.consumer_name ?? `#${c.id}`,
});
