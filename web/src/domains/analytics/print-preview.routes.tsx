import { createRoute, type AnyRoute } from '@tanstack/react-router';
import { PRINT_PREVIEW_PATHS } from '@portal/contract';
import { lazyScreen } from '../../lib/lazy.ts';
import { pathUnder } from '../../ui/resource-routes.ts';

const screens = () => import('./print-preview.screens.tsx');

/**
 * pandora's print previews (spec section 2, `pandora/analytic/preview` and `pandora/preview`): pages of the shell that
 * belong to no menu entry; each shows the page its `path` names, if the user may open that page.
 */
export function printPreviewRoutes(parent: AnyRoute): AnyRoute[] {
  return [
    createRoute({ getParentRoute: () => parent, path: pathUnder(parent, PRINT_PREVIEW_PATHS.dashboard), component: lazyScreen(screens, 'AnalyticPreviewScreen') }),
    createRoute({ getParentRoute: () => parent, path: pathUnder(parent, PRINT_PREVIEW_PATHS.report), component: lazyScreen(screens, 'ReportPreviewScreen') }),
  ];
}
