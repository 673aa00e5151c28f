import type { AnyRoute } from '@tanstack/react-router';
import { resourceRoutes } from '../../ui/resource-routes.ts';

const screens = () => import('./operations.screens.tsx');

/** The Download List under `parent` (the admin shell), at its cms menu location. */
export function operationsRoutes(parent: AnyRoute): AnyRoute[] {
  return resourceRoutes(parent, screens, [{ entries: ['cms.download-list'], list: 'DownloadListScreen' }]);
}
