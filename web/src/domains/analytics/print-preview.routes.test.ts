import { createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { previewEntries, previewPagesOf, PRINT_PREVIEW_PATHS, SHELL_SPEC_PATHS } from '@portal/contract';
import { domainRoutes } from '../domains.routes.ts';

/*
 * The print previews are shell paths of the spec (no menu entry's): each has a route of its own, and every page a
 * preview may print is a route of the app, so the preview finds the screen it draws.
 */

const root = createRootRoute();
const shell = createRoute({ getParentRoute: () => root, id: 'shell' });
const router = createRouter({ routeTree: root.addChildren([shell.addChildren(domainRoutes(shell))]), history: createMemoryHistory() });

/** The route a path lands on, or undefined when only a prefix of it matches (the not-found page). */
function landing(path: string): string | undefined {
  const [, params, found] = router.getMatchedRoutes(path);
  if (!found || '**' in params || found.id === shell.id) return undefined;
  return found.fullPath;
}

describe('print preview routes', () => {
  it('open both previews, which the spec lists among the shell’s paths', () => {
    for (const path of Object.values(PRINT_PREVIEW_PATHS)) {
      expect(SHELL_SPEC_PATHS).toContain(path);
      expect(landing(path)).toBe(path);
    }
  });

  it('find a screen for every page a preview prints', () => {
    const pages = (['dashboard', 'report'] as const).flatMap((kind) => previewEntries(kind).flatMap(previewPagesOf));
    expect(pages).toContain('/admin/pandora/customer-analytics/qpc-per-transaction');
    expect(pages.filter((p) => !landing(p))).toEqual([]);
  });
});
