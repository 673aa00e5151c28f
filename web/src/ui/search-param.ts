import { useLocation, useRouter, useSearch } from '@tanstack/react-router';

/**
 * One search parameter of the open URL as text, and a setter that keeps the rest of the search: what a dialog or a
 * chosen record hangs on, so the URL can be shared and opens the same screen (`?coupon=12`, `?id=3`).
 */
export function useSearchParam(name: string): [string | undefined, (value: string | undefined, opts?: { replace?: boolean }) => void] {
  const raw = useSearch({ strict: false }) as Record<string, unknown>;
  const patch = useSearchPatch();
  const current = raw[name];
  const value = typeof current === 'string' && current ? current : typeof current === 'number' ? String(current) : undefined;
  return [value, (next, opts) => patch({ [name]: next }, opts)];
}

/**
 * Sets several search parameters of the open URL at once (a period's two ends), keeping the rest; `undefined` removes
 * one. A whole number goes in as a number, so the URL reads `?id=3` (the router quotes text that looks like one).
 */
export function useSearchPatch(): (patch: Record<string, string | undefined>, opts?: { replace?: boolean }) => void {
  const router = useRouter();
  const pathname = useLocation({ select: (l) => l.pathname });
  const raw = useSearch({ strict: false }) as Record<string, unknown>;
  return (patch, opts = {}) => {
    const search: Record<string, unknown> = { ...raw };
    for (const [name, next] of Object.entries(patch)) {
      if (next === undefined) delete search[name];
      else search[name] = /^[1-9]\d{0,14}$/.test(next) ? Number(next) : next;
    }
    void router.navigate({ href: `${pathname}${router.options.stringifySearch(search)}`, replace: opts.replace ?? false });
  };
}
