import type { QueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { DEFAULT_META, metaQuery, profileQuery, useSession, type Session } from '../lib/session.ts';
import { accessFor, type Access } from './access.ts';

/** The session as the shell reads it: the user's access with the menu of this environment and build. */
export interface AdminSession extends Session {
  access: Access;
}

/** Reads profile and meta for a route guard, from the cache when present. */
export async function loadSession(client: QueryClient): Promise<AdminSession | null> {
  const [profile, meta] = await Promise.all([
    client.ensureQueryData(profileQuery),
    client.ensureQueryData(metaQuery).catch(() => DEFAULT_META),
  ]);
  return profile ? { profile, meta, access: accessFor(profile, meta.app_env) } : null;
}

/** The session with the menu, for the shell (layout, main page); screens read `useSession` of lib. */
export function useAdminSession(): AdminSession | null {
  const session = useSession();
  return useMemo(() => (session ? { ...session, access: accessFor(session.profile, session.meta.app_env) } : null), [session]);
}
