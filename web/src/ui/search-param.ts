import { useLocation, useRouter, useSearch } from '@tanstack/react-router';

/**
 * One search parameter of the open URL as text, and a setter that keeps the rest of the search: what a dialog or a
 * chosen record hangs on, so the URL can be shared and opens the same screen (`?coupon=12`, `?id=3`).
 */
export function useSearchParam(name: string): [string | undefined, (value: string | undefined, opts?: { replace?: boolean }) => void] {
  const router = useRouter();
  const pathname = useLocation({ select: (l) => l.pathname });
  const raw = useSearch({ strict: false }) as Record<string, unknown>;
  const current = raw[name];
  const value = typeof current === 'string' && current ? current : typeof current === 'number' ? String(current) : undefined;
  const set = (next: string | undefined, opts: { replace?: boolean } = {}) => {
    // A whole number goes in as a number, so the URL reads `?id=3` (the router quotes text that looks like one).
    const search: Record<string, unknown> = { ...raw, [name]: next !== undefined && /^[1-9]\d{0,14}$/.test(next) ? Number(next) : next };
    if (next === undefined) delete search[name];
    void router.navigate({ href: `${pathname}${router.options.stringifySearch(search)}`, replace: opts.replace ?? false });
  };
  return [value, set];
}
