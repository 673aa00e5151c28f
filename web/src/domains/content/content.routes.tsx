import type { AnyRoute } from '@tanstack/react-router';
import { APPROVAL_ENTRY, CONTENT_ENTRY, NOTIFICATION_OFFER_ENTRY, contentListQuery, notificationOfferListQuery } from '@portal/contract';
import { resourceRoutes } from '../../ui/resource-routes.ts';

const screens = () => import('./content.screens.tsx');

/** cms Campaign: offers, banners, campaigns, push messages, the approval queue and notification offers; Top-up & Bills: top-up banners. */
export function contentRoutes(parent: AnyRoute): AnyRoute[] {
  const crud = (entry: string, name: 'Offer' | 'Banner' | 'Campaign' | 'PushMessage' | 'DigitalBanner') =>
    ({
      entries: [entry],
      listQuery: contentListQuery,
      list: `${name}ListScreen`,
      create: `${name}CreateScreen`,
      detail: `${name}DetailScreen`,
      edit: `${name}EditScreen`,
      extra: [{ path: '$id/duplicate', screen: `${name}DuplicateScreen` }],
    }) as const;
  return resourceRoutes(parent, screens, [
    crud(CONTENT_ENTRY.offer, 'Offer'),
    crud(CONTENT_ENTRY.banner, 'Banner'),
    { ...crud(CONTENT_ENTRY.campaign, 'Campaign'), extra: [...crud(CONTENT_ENTRY.campaign, 'Campaign').extra, { path: 'calendar', screen: 'ContentCalendarScreen' }] },
    crud(CONTENT_ENTRY['push-message'], 'PushMessage'),
    crud(CONTENT_ENTRY['banner-digital-product'], 'DigitalBanner'),
    { entries: [APPROVAL_ENTRY], list: 'ApprovalListScreen', detail: 'ApprovalReviewScreen', extra: [{ path: 'edit', screen: 'ApprovalEditScreen' }] },
    {
      entries: [NOTIFICATION_OFFER_ENTRY],
      listQuery: notificationOfferListQuery,
      list: 'NotificationOfferListScreen',
      detail: 'NotificationOfferDetailScreen',
      edit: 'NotificationOfferEditScreen',
      extra: [{ path: 'edit', screen: 'NotificationOfferPickEditScreen' }],
    },
  ]);
}
