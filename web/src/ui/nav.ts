import type { MouseEvent } from 'react';
import { useNavigate } from '@tanstack/react-router';

/**
 * Navigation to a built path. The generic screens know their paths only at run time (from the menu registry), so
 * they go by href; the router still resolves, validates and renders the target route.
 */
export function useGo() {
  const navigate = useNavigate();
  const go = (href: string, opts: { replace?: boolean } = {}) => void navigate({ href, replace: opts.replace });
  /** Props for an `<a>` that navigates in the app and still opens in a new tab with Ctrl/Cmd/middle click. */
  const link = (href: string) => ({
    href,
    onClick: (e: MouseEvent) => {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      e.preventDefault();
      go(href);
    },
  });
  return { go, link };
}
