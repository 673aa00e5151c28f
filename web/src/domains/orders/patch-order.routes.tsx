import type { AnyRoute } from '@tanstack/react-router';
import { resourceRoutes } from '../../ui/resource-routes.ts';

const screens = () => import('./patch-order.screens.tsx');

/** heimdal › Patch Order, in a chunk of its own. */
export function patchOrderRoutes(parent: AnyRoute): AnyRoute[] {
  return resourceRoutes(parent, screens, [{ entries: ['heimdal.patch-order'], list: 'PatchOrderScreen' }]);
}
