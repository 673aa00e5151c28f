import type { AnyRoute } from '@tanstack/react-router';
import { PLANOGRAM_DETAIL_TYPES } from '@portal/contract';
import { resourceRoutes } from '../../ui/resource-routes.ts';

const screens = () => import('./analytics-more.screens.tsx');

/**
 * pandora's engagement dashboards: Planogram Analytics with its detail pages (the spec's `{typeDetail}`, one route each,
 * so an unknown one is the not-found page), and Dashboard analytics' Overview, Content (offer, banner, messages),
 * Marketing Campaign and Help, in one chunk (analytics-more.screens.tsx).
 */
export function analyticsMoreRoutes(parent: AnyRoute): AnyRoute[] {
  return resourceRoutes(parent, screens, [
    {
      entries: ['pandora.planogram-analytics'],
      list: 'PlanogramAnalyticsScreen',
      extra: PLANOGRAM_DETAIL_TYPES.map((path) => ({ path, screen: 'PlanogramDetailScreen' as const })),
    },
    {
      entries: ['pandora.dashboard-analytics/content'],
      list: 'ContentDashboardScreen',
      extra: [
        { path: 'offer', screen: 'ContentOfferScreen' },
        { path: 'banner', screen: 'ContentBannerScreen' },
        { path: 'messages', screen: 'ContentMessagesScreen' },
      ],
    },
    { entries: ['pandora.dashboard-analytics/marketing-campaign'], list: 'MarketingCampaignScreen' },
    { entries: ['pandora.dashboard-analytics/help'], list: 'HelpDashboardScreen' },
    { entries: ['pandora.dashboard-analytics/overview'], list: 'OverviewScreen' },
  ]);
}
