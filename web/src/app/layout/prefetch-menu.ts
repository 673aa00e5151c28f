import { useEffect } from 'react';
import { useRouter } from '@tanstack/react-router';
import type { MenuEntry } from '@portal/contract';

/** After this long without a click, the browser is assumed idle enough to fetch code (a fallback for Safari). */
const IDLE_FALLBACK_MS = 1_500;

/**
 * Once signed in, fetches the code of every screen the menu offers while the browser is idle, one route at a time:
 * the first click on any menu entry then needs no chunk from the network. Routes of one domain share their chunk, so
 * this costs one request per domain; a failure is ignored (the click fetches it again).
 */
export function usePrefetchMenu(menu: readonly MenuEntry[] | undefined): void {
  const router = useRouter();
  useEffect(() => {
    if (!menu?.length) return;
    let cancelled = false;
    const run = async () => {
      for (const entry of menu) {
        if (cancelled) return;
        await router.preloadRoute({ to: entry.route }).catch(() => undefined);
      }
    };
    const hasIdle = 'requestIdleCallback' in window;
    const handle = hasIdle ? window.requestIdleCallback(() => void run(), { timeout: IDLE_FALLBACK_MS * 2 }) : window.setTimeout(() => void run(), IDLE_FALLBACK_MS);
    return () => {
      cancelled = true;
      if (hasIdle) window.cancelIdleCallback(handle);
      else window.clearTimeout(handle);
    };
  }, [menu, router]);
}
