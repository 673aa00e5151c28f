import { createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { BUILT_ENTRIES, fillPath, specPathsOf } from '@portal/contract';
import { SCREENS } from '../lib/screens.ts';
import { domainRoutes } from './domains.routes.ts';

/*
 * The domain routes in node, without a browser: every spec path of every built entry reaches a screen of its own (not
 * the shell's not-found page), and the entries the web builds are the ones the contract marks built. The e2e walk
 * (e2e/specs/a11y.e2e.test.ts) opens the same paths in Chromium.
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

describe('domain routes', () => {
  it('build screens for exactly the entries the contract marks built', () => {
    expect([...SCREENS].sort()).toEqual([...BUILT_ENTRIES].sort());
  });

  it('open every spec path of every built entry', () => {
    const missing = BUILT_ENTRIES.flatMap((key) => specPathsOf(key).map((p) => fillPath(p.path, 12))).filter((path) => !landing(path));
    expect(missing).toEqual([]);
  });

  it('leave an unknown path to the not-found page', () => {
    expect(landing('/admin/aphrodite/consumer/12/nowhere')).toBeUndefined();
    expect(landing('/admin/aphrodite/consumer/12/detail')).toBe('/admin/aphrodite/consumer/$id/detail');
  });
});
