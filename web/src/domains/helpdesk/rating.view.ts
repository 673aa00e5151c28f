import { ratingListQuery, ratingsApi, type RatingRow } from '@portal/contract';
import { defineResource } from '../../ui/resource.ts';

const SCORES = { kind: 'static' as const, options: [1, 2, 3, 4, 5].map((n) => ({ value: n, label: '★'.repeat(n) })) };

/** cms Consumer › Rating: what consumers scored their solved tickets and chats (read only). */
export const ratingView = defineResource<RatingRow>({
  name: 'rating',
  i18n: 'helpdesk.rating',
  title: 'Rating',
  entries: ['cms.rating'],
  listQuery: ratingListQuery,
  api: ratingsApi,
  export: 'ratings/export',
  filters: [
    { kind: 'dateRange', from: 'created_at_from', to: 'created_at_to', label: 'Created' },
    { kind: 'select', key: 'score', label: 'Score', options: SCORES, width: 140 },
  ],
  columns: [
    { key: 'id', label: 'No.', width: 80, link: true },
    { key: 'consumer_name', label: 'Consumer' },
    { key: 'score', label: 'Score', kind: 'number', sortable: true, width: 90 },
    { key: 'comment', label: 'Comment' },
    { key: 'ticket_id', label: 'Ticket', width: 90 },
    { key: 'chat_id', label: 'Chat', width: 90 },
    { key: 'created_at', label: 'Created At', kind: 'date', sortable: true },
  ],
  detail: [
    {
      key: 'general',
      title: 'Rating',
      items: [
        { key: 'consumer_name', label: 'Consumer' },
        { key: 'score', label: 'Score', kind: 'number' },
        { key: 'comment', label: 'Comment' },
        { key: 'ticket_id', label: 'Ticket' },
        { key: 'chat_id', label: 'Chat' },
        { key: 'created_at', label: 'Created At', kind: 'date' },
      ],
    },
  ],
  rowTitle: (r) => `#${r.id}`,
});
