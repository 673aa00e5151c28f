import type { AnyRoute } from '@tanstack/react-router';
import { resourceRoutes } from '../../ui/resource-routes.ts';

/** Pre-orders, in a chunk of their own. */
const screens = () => import('./pre-orders.screens.tsx');

/** cms Pre-order Events; pandora's Pre-order Sticker (with its A4 print view) and Event Report & Summary. */
export function preOrderRoutes(parent: AnyRoute): AnyRoute[] {
  return resourceRoutes(parent, screens, [
    {
      entries: ['cms.pre-order-events'],
      list: 'PreOrderEventListScreen',
      create: 'PreOrderEventCreateScreen',
      detail: 'PreOrderEventDetailScreen',
      edit: 'PreOrderEventEditScreen',
    },
    { entries: ['pandora.report/pre-order-sticker'], list: 'StickerScreen', extra: [{ path: 'print', screen: 'StickerPrintScreen' }] },
    { entries: ['pandora.report/event-report-summary'], list: 'EventReportScreen' },
  ]);
}
