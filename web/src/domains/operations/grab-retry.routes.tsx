import type { AnyRoute } from '@tanstack/react-router';
import { resourceRoutes } from '../../ui/resource-routes.ts';

const screens = () => import('./grab-retry.screens.tsx');

/** heimdal › Grab Retry, in a chunk of its own. */
export function grabRetryRoutes(parent: AnyRoute): AnyRoute[] {
  return resourceRoutes(parent, screens, [{ entries: ['heimdal.grab-retry'], list: 'GrabRetryScreen' }]);
}
