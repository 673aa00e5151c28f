import { useLocation } from '@tanstack/react-router';
import { useSession } from '../lib/session.ts';
import { resourceAccess, type PathsOverride, type ResourceAccess } from './resource-paths.ts';

/** Which of the resource's menu locations is open, its paths, and what the user may do there. */
export function useResourceAccess(view: { entries: readonly string[]; paths?: PathsOverride }): ResourceAccess {
  const pathname = useLocation({ select: (l) => l.pathname });
  const perms = useSession()?.access.perms;
  return resourceAccess(view, pathname, perms);
}
