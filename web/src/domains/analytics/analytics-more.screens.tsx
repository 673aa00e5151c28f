/*
 * The engagement dashboards' screens in one chunk: one lazy import in the router (whose every import adds to what
 * sign-in loads) rather than one a dashboard; they share most of their widgets anyway.
 */
export { PlanogramAnalyticsScreen, PlanogramDetailScreen } from './planogram.screens.tsx';
export { ContentBannerScreen, ContentDashboardScreen, ContentMessagesScreen, ContentOfferScreen, MarketingCampaignScreen } from './content.screens.tsx';
export { HelpDashboardScreen } from './help.screens.tsx';
export { OverviewScreen } from './overview.screens.tsx';
