import type { AnyRoute } from '@tanstack/react-router';
import { APPROVAL_ENTRY, CONTENT_ENTRY, NOTIFICATION_OFFER_ENTRY } from '@portal/contract';
import { resourceRoutes } from '../../ui/resource-routes.ts';

const screens = () => import('./content.screens.tsx');
/** The campaign calendar in a chunk of its own: it needs none of the content lists and forms. */
const calendarScreens = () => import('./calendar.screens.tsx');

/** cms Campaign: offers, banners, campaigns, push messages, the approval queue and notification offers; Top-up & Bills: top-up banners. */
export function contentRoutes(parent: AnyRoute): AnyRoute[] {
  const crud = (entry: string, name: 'Offer' | 'Banner' | 'Campaign' | 'PushMessage' | 'DigitalBanner') =>
    ({
      entries: [entry],
      list: `${name}ListScreen`,
      create: `${name}CreateScreen`,
      detail: `${name}DetailScreen`,
      edit: `${name}EditScreen`,
      extra: [{ path: '$id/duplicate', screen: `${name}DuplicateScreen` }],
    }) as const;
  return [
    ...resourceRoutes(parent, screens, [
      crud(CONTENT_ENTRY.offer, 'Offer'),
      crud(CONTENT_ENTRY.banner, 'Banner'),
      crud(CONTENT_ENTRY.campaign, 'Campaign'),
      crud(CONTENT_ENTRY['push-message'], 'PushMessage'),
      crud(CONTENT_ENTRY['banner-digital-product'], 'DigitalBanner'),
      { entries: [APPROVAL_ENTRY], list: 'ApprovalListScreen', detail: 'ApprovalReviewScreen', extra: [{ path: 'edit', screen: 'ApprovalEditScreen' }] },
      {
        entries: [NOTIFICATION_OFFER_ENTRY],
        list: 'NotificationOfferListScreen',
        detail: 'NotificationOfferDetailScreen',
        edit: 'NotificationOfferEditScreen',
        extra: [{ path: 'edit', screen: 'NotificationOfferPickEditScreen' }],
      },
    ]),
    ...resourceRoutes(parent, calendarScreens, [{ entries: [CONTENT_ENTRY.campaign], extra: [{ path: 'calendar', screen: 'ContentCalendarScreen' }] }]),
  ];
}
