import { useLocation } from '@tanstack/react-router';
import { MENU_BY_KEY } from '@portal/contract';
import { useLang } from '../lib/i18n.ts';
import { useSession } from '../lib/session.ts';
import { resourceAccess, type PathsOverride, type ResourceAccess } from './resource-paths.ts';

/** Which of the resource's menu locations is open, its paths, and what the user may do there. */
export function useResourceAccess(view: { entries: readonly string[]; paths?: PathsOverride }): ResourceAccess {
  const pathname = useLocation({ select: (l) => l.pathname });
  const perms = useSession()?.access.perms;
  return resourceAccess(view, pathname, perms);
}

/** The menu entry's name in the open language (a screen's heading before its record has loaded). */
export function useEntryTitle(entry: string): string {
  const lang = useLang();
  const menu = MENU_BY_KEY.get(entry);
  if (!menu) return '';
  return lang === 'id' ? menu.labelId : menu.label;
}
