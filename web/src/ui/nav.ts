import type { MouseEvent } from 'react';
import { useNavigate } from '@tanstack/react-router';

type ClickLike = Pick<MouseEvent, 'defaultPrevented' | 'button' | 'metaKey' | 'ctrlKey' | 'shiftKey' | 'altKey'>;

/** A plain left click nobody handled yet: the app navigates; any other click (new tab, new window, download) is the browser's. */
export function isPlainClick(e: ClickLike): boolean {
  return !e.defaultPrevented && e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;
}

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
      if (!isPlainClick(e)) return;
      e.preventDefault();
      go(href);
    },
  });
  return { go, link };
}
