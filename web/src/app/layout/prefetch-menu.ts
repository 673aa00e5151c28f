import { useEffect } from 'react';
import { useRouter } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { MenuEntry } from '@portal/contract';

/** After this long without a click, the browser is assumed idle enough to fetch code (a fallback for Safari). */
const IDLE_FALLBACK_MS = 1_500;
/** The open screen counts as shown once nothing has loaded for this long. */
const QUIET_MS = 500;

const whenIdle = (run: () => void): (() => void) => {
  const w: Window = window;
  if ('requestIdleCallback' in window) {
    const handle = window.requestIdleCallback(run, { timeout: IDLE_FALLBACK_MS * 2 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = w.setTimeout(run, IDLE_FALLBACK_MS);
  return () => w.clearTimeout(handle);
};

/**
 * Once signed in and once the open screen has shown (no route or query loading for QUIET_MS), fetches the code of
 * every screen the menu offers while the browser is idle, one route at a time: the first click on any menu entry then
 * needs no chunk from the network. Only code: the screens' data is fetched when they open. Routes of one domain share
 * their chunk, so this costs one request per domain; a failure is ignored (the click fetches it again).
 */
export function usePrefetchMenu(menu: readonly MenuEntry[] | undefined): void {
  const router = useRouter();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!menu?.length) return;
    let cancelled = false;
    let cancelWait = () => {};
    const preloadCode = async () => {
      for (const entry of menu) {
        if (cancelled) return;
        const [routes] = router.getMatchedRoutes(entry.route);
        for (const route of routes) await router.loadRouteChunk(route)?.catch(() => undefined);
        await new Promise<void>((resolve) => (cancelWait = whenIdle(resolve)));
      }
    };
    let quiet: number | undefined;
    const busy = () => router.state.status === 'pending' || queryClient.isFetching() > 0;
    const check = () => {
      window.clearTimeout(quiet);
      if (cancelled || busy()) return;
      quiet = window.setTimeout(() => {
        if (busy()) return;
        stop();
        cancelWait = whenIdle(() => void preloadCode());
      }, QUIET_MS);
    };
    const unsubscribeQueries = queryClient.getQueryCache().subscribe(check);
    const unsubscribeRouter = router.subscribe('onResolved', check);
    const stop = () => {
      unsubscribeQueries();
      unsubscribeRouter();
    };
    check();
    return () => {
      cancelled = true;
      window.clearTimeout(quiet);
      stop();
      cancelWait();
    };
  }, [menu, router, queryClient]);
}
