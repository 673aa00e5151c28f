import { ACTIVE_STATUS, faqCreateBody, faqListQuery, faqsApi, faqUpdateBody, type FaqRow } from '@portal/contract';
import { enumOptions } from '../../ui/options.ts';
import { defineResource } from '../../ui/resource.ts';

/** cms Consumer › FAQ: the app's frequently asked questions, in the order set by dragging. */
export const faqView = defineResource<FaqRow>({
  name: 'faq',
  i18n: 'helpdesk.faq',
  title: 'FAQ',
  entries: ['cms.faq'],
  listQuery: faqListQuery,
  api: faqsApi,
  search: 'Search question',
  filters: [{ kind: 'select', key: 'status', label: 'Status', options: enumOptions(ACTIVE_STATUS), width: 140 }],
  columns: [
    { key: 'position', label: 'Position', kind: 'number', sortable: true, width: 100 },
    { key: 'question', label: 'Question', sortable: true, link: true },
    { key: 'answer', label: 'Answer', defaultHidden: true },
    { key: 'status', label: 'Status', kind: 'status', enum: ACTIVE_STATUS, width: 110 },
    { key: 'updated_by_name', label: 'Updated By' },
    { key: 'updated_at', label: 'Updated At', kind: 'date', sortable: true },
  ],
  form: {
    create: faqCreateBody,
    update: faqUpdateBody,
    fields: [
      { name: 'question', label: 'Question', input: 'text', wide: true },
      { name: 'answer', label: 'Answer', input: 'textarea' },
      { name: 'status', label: 'Status', input: 'select', options: enumOptions(ACTIVE_STATUS) },
    ],
    fromDetail: (f) => ({ question: f.question, answer: f.answer, status: f.status }),
  },
  detail: [
    {
      key: 'general',
      title: 'FAQ',
      items: [
        { key: 'question', label: 'Question' },
        { key: 'answer', label: 'Answer' },
        { key: 'position', label: 'Position', kind: 'number' },
        { key: 'status', label: 'Status', kind: 'status', enum: ACTIVE_STATUS },
        { key: 'updated_by_name', label: 'Updated By' },
        { key: 'updated_at', label: 'Updated At', kind: 'date' },
      ],
    },
  ],
  rowTitle: (f) => f.question,
});
