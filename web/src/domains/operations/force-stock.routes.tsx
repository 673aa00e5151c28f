import type { AnyRoute } from '@tanstack/react-router';
import { resourceRoutes } from '../../ui/resource-routes.ts';

const screens = () => import('./force-stock.screens.tsx');

/** heimdal › Update Force Stock (its Stock shadow tab at `stock-shadow`, its file at `import`), in a chunk of its own. */
export function forceStockRoutes(parent: AnyRoute): AnyRoute[] {
  return resourceRoutes(parent, screens, [
    {
      entries: ['heimdal.update-force-stock'],
      list: 'UpdateForceStockScreen',
      extra: [
        { path: 'stock-shadow', screen: 'StockShadowScreen' },
        { path: 'import', screen: 'ForceStockImportScreen' },
      ],
    },
  ]);
}
