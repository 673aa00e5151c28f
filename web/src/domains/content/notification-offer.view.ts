import { createElement } from 'react';
import {
  CONTENT_STATUS,
  NOTIFICATION_MESSAGE_MAX,
  NOTIFICATION_OFFER_ENTRY,
  NOTIFICATION_SEND_MODE,
  NOTIFICATION_STATE,
  NOTIFICATION_TITLE_MAX,
  SEND_AT_GO_LIVE,
  canEditNotification,
  notificationOfferListQuery,
  notificationOfferUpdateBody,
  notificationOffersApi,
  type NotificationOfferRow,
} from '@portal/contract';
import { enumOptions } from '../../ui/options.ts';
import { defineResource, type ColumnDef, type FieldDef } from '../../ui/resource.ts';
import { JakartaDateTimeInput } from '../../ui/JakartaDateTimeInput.tsx';
import { JakartaTime } from './content.inputs.tsx';

type TimeKey = 'send_moment' | 'offer_start_at' | 'offer_end_at' | 'updated_at';
function time(key: TimeKey, label: string, extra: { sortable?: boolean; defaultHidden?: boolean } = {}): ColumnDef<NotificationOfferRow> {
  function Time({ row }: { row: NotificationOfferRow }) {
    return createElement(JakartaTime, { value: row[key] });
  }
  return { key, label, kind: 'custom', component: Time, ...extra };
}

const FIELDS: FieldDef[] = [
  { name: 'enabled', label: 'Enabled', input: 'boolean', wide: true, help: 'Sent only while its offer is published' },
  { name: 'title', label: 'Notification Title', input: 'text', wide: true, help: `At most ${NOTIFICATION_TITLE_MAX} characters` },
  { name: 'message', label: 'Notification Message', input: 'textarea', help: `At most ${NOTIFICATION_MESSAGE_MAX} characters` },
  { name: 'send_mode', label: 'Send Moment', input: 'select', options: enumOptions(NOTIFICATION_SEND_MODE) },
  { name: 'send_at', label: 'Send Time', input: 'custom', component: JakartaDateTimeInput, wide: false, help: 'A chosen time only: within the offer period (WIB)' },
];

/** Notification Offer: each offer's announcing notification (list, edit; the detail shows it beside its offer). */
export const notificationOfferView = defineResource<NotificationOfferRow>({
  name: 'notification-offer',
  i18n: 'content.notification',
  title: 'Notification Offer',
  entries: [NOTIFICATION_OFFER_ENTRY],
  listQuery: notificationOfferListQuery,
  api: notificationOffersApi,
  search: 'Search offer or notification title',
  filters: [
    { kind: 'select', key: 'state', label: 'State', options: enumOptions(NOTIFICATION_STATE), width: 170 },
    { kind: 'select', key: 'offer_status', label: 'Offer Status', options: enumOptions(CONTENT_STATUS), width: 200 },
  ],
  columns: [
    { key: 'offer_title', label: 'Offer', sortable: true, link: true },
    { key: 'state', label: 'State', kind: 'status', enum: NOTIFICATION_STATE, width: 150 },
    { key: 'title', label: 'Notification Title' },
    { key: 'send_mode', label: 'Send Moment', kind: 'tag', enum: NOTIFICATION_SEND_MODE, width: 160 },
    time('send_moment', 'Sends At', { sortable: true }),
    { key: 'offer_status', label: 'Offer Status', kind: 'status', enum: CONTENT_STATUS, width: 190 },
    time('offer_start_at', 'Offer Start', { sortable: true, defaultHidden: true }),
    time('offer_end_at', 'Offer End', { defaultHidden: true }),
    { key: 'updated_by_name', label: 'Updated By', defaultHidden: true },
    time('updated_at', 'Updated At', { sortable: true }),
  ],
  form: {
    update: notificationOfferUpdateBody,
    fields: FIELDS,
    fromDetail: (row) => ({ enabled: row.enabled, send_mode: row.send_mode, send_at: row.send_at ?? undefined, title: row.title ?? '', message: row.message ?? '' }),
    toBody: (v) => ({ ...v, send_at: v.send_mode === SEND_AT_GO_LIVE ? null : (v.send_at ?? null), enabled: v.enabled === true }),
  },
  detail: [
    {
      key: 'notification',
      title: 'Notification',
      items: [
        { key: 'state', label: 'State', kind: 'status', enum: NOTIFICATION_STATE },
        { key: 'enabled', label: 'Enabled', kind: 'boolean' },
        { key: 'title', label: 'Notification Title' },
        { key: 'message', label: 'Notification Message' },
        { key: 'send_mode', label: 'Send Moment', kind: 'tag', enum: NOTIFICATION_SEND_MODE },
        time('send_moment', 'Sends At'),
        { key: 'updated_by_name', label: 'Updated By' },
        time('updated_at', 'Updated At'),
      ],
    },
    {
      key: 'offer',
      title: 'Offer',
      items: [
        { key: 'offer_title', label: 'Offer' },
        { key: 'offer_status', label: 'Offer Status', kind: 'status', enum: CONTENT_STATUS },
        time('offer_start_at', 'Offer Start'),
        time('offer_end_at', 'Offer End'),
        { key: 'campaign_title', label: 'Campaign' },
      ],
    },
  ],
  rowTitle: (row) => row.offer_title,
  // Once due it has been handed to the app: nothing to edit any more.
  locked: (row) => !canEditNotification(row.state),
});
