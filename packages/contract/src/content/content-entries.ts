/* The content kinds and their menu entries, zod-free: the route tree (loaded with sign-in) reads them. */

/**
 * The kinds of marketing content; each is a resource of its own (URL segment = permission entry word). Top-up banners
 * (`banner-digital-product`, a Top-up & Bills entry) share the banner machinery: the same lifecycle, queue and ordering.
 */
export const CONTENT_KINDS = ['offer', 'banner', 'campaign', 'push-message', 'banner-digital-product'] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];
/** The menu entry of each kind: its permissions open the kind's routes. */
export const CONTENT_ENTRY: Record<ContentKind, string> = {
  offer: 'cms.offers',
  banner: 'cms.banners',
  campaign: 'cms.campaigns',
  'push-message': 'cms.push-messages',
  'banner-digital-product': 'cms.banner-digital-product',
};
export const CONTENT_PATH: Record<ContentKind, string> = {
  offer: 'offers',
  banner: 'banners',
  campaign: 'campaigns',
  'push-message': 'push-messages',
  'banner-digital-product': 'banner-digital-products',
};
/** The kinds ordered by dragging (`position`): banners per placement page, top-up banners as one list. */
export const ORDERED_KINDS: readonly ContentKind[] = ['banner', 'banner-digital-product'];
export const APPROVAL_ENTRY = 'cms.approval-messages';
export const NOTIFICATION_OFFER_ENTRY = 'cms.notification-offer';
