import type { AnyRoute } from '@tanstack/react-router';
import { resourceRoutes } from '../../ui/resource-routes.ts';

/** pandora's till reports, in a chunk of their own. */
const screens = () => import('./till-reports.screens.tsx');

/** pandora, Reports over what the stores' tills applied: ALP (a staff purchase by its type), Promo, Free Gift (a programme). */
export function tillReportRoutes(parent: AnyRoute): AnyRoute[] {
  return resourceRoutes(parent, screens, [
    { entries: ['pandora.report/alp-report'], list: 'AlpReportScreen', extra: [{ path: '$transactionType/$id/detail', screen: 'AlpTransactionScreen' }] },
    { entries: ['pandora.promo-report'], list: 'PromoReportScreen' },
    { entries: ['pandora.free-gift-report'], list: 'FreeGiftReportScreen', detail: 'FreeGiftProgrammeScreen' },
  ]);
}
