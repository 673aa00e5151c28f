import {
  APP_ENVS,
  FIRST_SCREEN_ADDRESS,
  parseGrants,
  permissionSet,
  type AppEnv,
  type PermissionSet,
  type Profile,
  type profileApi,
  type publicApi,
} from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { ApiError } from './api.ts';
import { callAt } from './call.ts';
import { queryKeys } from './query-keys.ts';

/*
 * Who is signed in and what they may do, as every screen reads it: the profile and meta queries and the permissions
 * derived from the profile. The app's session layer feeds these queries (its route guard loads them, a 401 or a
 * sign-out clears them) and adds what only the shell needs (the menu).
 */

/** GET meta: what the server tells every client, signed in or not. */
export interface PortalMeta {
  app_env: AppEnv;
  idle_timeout_seconds: number;
  otp_ttl_seconds: number;
  /** Seconds before another verification code may be requested. */
  otp_resend_seconds: number;
  mailbox: boolean;
}

/** Used while meta cannot be read: the most restrictive environment. */
export const DEFAULT_META: PortalMeta = { app_env: 'production', idle_timeout_seconds: 1800, otp_ttl_seconds: 300, otp_resend_seconds: 60, mailbox: false };

/** The signed-in user's profile, or null when there is no session (a 401 is an answer here, not an error). */
export const profileQuery = queryOptions({
  queryKey: queryKeys.profile,
  queryFn: async (): Promise<Profile | null> => {
    try {
      return (await callAt<typeof profileApi.get>(FIRST_SCREEN_ADDRESS.profile)).data;
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) return null;
      throw err;
    }
  },
  staleTime: 60_000,
});

export const metaQuery = queryOptions({
  queryKey: queryKeys.meta,
  queryFn: async (): Promise<PortalMeta> => {
    const data: Partial<PortalMeta> = (await callAt<typeof publicApi.meta>(FIRST_SCREEN_ADDRESS.meta)).data;
    const env = APP_ENVS.find((e) => e === data.app_env) ?? DEFAULT_META.app_env;
    return { ...DEFAULT_META, ...data, app_env: env };
  },
  staleTime: Infinity,
});

/** What the user may do: the grants of `profile.permissions` (unknown actions dropped), all of them for Super Admin. */
export function permissionsOf(profile: Profile): PermissionSet {
  return permissionSet(profile.role.is_super, parseGrants(profile.permissions));
}

/** What a signed-in user may do, in which environment. The shell's access adds the menu to it. */
export interface UserAccess {
  perms: PermissionSet;
  env: AppEnv;
}

export interface Session {
  profile: Profile;
  meta: PortalMeta;
  access: UserAccess;
}

/** The session for components under /admin; null only for the moment between signing out and leaving the page. */
export function useSession(): Session | null {
  const profile = useQuery(profileQuery).data;
  const meta = useQuery(metaQuery).data ?? DEFAULT_META;
  return useMemo(() => (profile ? { profile, meta, access: { perms: permissionsOf(profile), env: meta.app_env } } : null), [profile, meta]);
}
