import type { AnyRoute } from '@tanstack/react-router';
import { resourceRoutes } from '../../ui/resource-routes.ts';

const screens = () => import('./spend-band.screens.tsx');

/** pandora › Spend Band Report, in a chunk of its own. */
export function spendBandRoutes(parent: AnyRoute): AnyRoute[] {
  return resourceRoutes(parent, screens, [{ entries: ['pandora.spend-band-report'], list: 'SpendBandReportScreen' }]);
}
