import type { AnyRoute } from '@tanstack/react-router';
import { resourceRoutes } from '../../ui/resource-routes.ts';

const screens = () => import('./raffles.screens.tsx');

/** cms Raffle: list, create and detail (with the draw). */
export function raffleRoutes(parent: AnyRoute): AnyRoute[] {
  return resourceRoutes(parent, screens, [{ entries: ['cms.raffle'], list: 'RaffleListScreen', create: 'RaffleCreateScreen', detail: 'RaffleDetailScreen' }]);
}
