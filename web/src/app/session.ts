import { APP_ENVS, authApi, profileApi, publicApi, type AppEnv, type Profile } from '@portal/contract';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { AnyRouter } from '@tanstack/react-router';
import { useEffect, useMemo } from 'react';
import { ApiError, onUnauthorized } from '../lib/api.ts';
import { call } from '../lib/call.ts';
import { queryKeys } from '../lib/query-keys.ts';
import { accessFor, PATHS, type Access } from './access.ts';
import { i18n } from './i18n.ts';
import { notifySuccess } from './notifier.tsx';

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

/** Section 9: redirect after login or logout, 1000 ms. */
export const REDIRECT_DELAY_MS = 1000;
/** How often the idle check asks the server. */
export const IDLE_CHECK_MS = 60_000;

/** The signed-in user's profile, or null when there is no session (a 401 is an answer here, not an error). */
export const profileQuery = queryOptions({
  queryKey: queryKeys.profile,
  queryFn: async (): Promise<Profile | null> => {
    try {
      return (await call(profileApi.get)).data;
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
    const data: Partial<PortalMeta> = (await call(publicApi.meta)).data;
    const env = APP_ENVS.find((e) => e === data.app_env) ?? DEFAULT_META.app_env;
    return { ...DEFAULT_META, ...data, app_env: env };
  },
  staleTime: Infinity,
});

export interface Session {
  profile: Profile;
  meta: PortalMeta;
  access: Access;
}

/** Reads profile and meta for a route guard, from the cache when present. */
export async function loadSession(client: QueryClient): Promise<Session | null> {
  const [profile, meta] = await Promise.all([
    client.ensureQueryData(profileQuery),
    client.ensureQueryData(metaQuery).catch(() => DEFAULT_META),
  ]);
  return profile ? { profile, meta, access: accessFor(profile, meta.app_env) } : null;
}

/** The session for components under /admin; null only for the moment between signing out and leaving the page. */
export function useSession(): Session | null {
  const profile = useQuery(profileQuery).data;
  const meta = useQuery(metaQuery).data ?? DEFAULT_META;
  return useMemo(() => (profile ? { profile, meta, access: accessFor(profile, meta.app_env) } : null), [profile, meta]);
}

let router: AnyRouter | null = null;
let client: QueryClient | null = null;
/** True from the start of a sign-out until /login shows: 401s of the ending session are expected then. */
let endingSession = false;

/** Forgets everything cached about the user and marks the session as gone. */
function forgetSession(): void {
  if (!client) return;
  client.cancelQueries().catch(() => undefined);
  client.clear();
  client.setQueryData(queryKeys.profile, null);
}

/**
 * Wires the session to the router: a 401 on any call (section 4) clears the cache and sends the user to /login,
 * with a redirect back to the /admin page they were on. Returns the unsubscribe function.
 */
export function installSession(appRouter: AnyRouter, queryClient: QueryClient): () => void {
  router = appRouter;
  client = queryClient;
  return onUnauthorized(() => {
    if (endingSession || !queryClient.getQueryData(queryKeys.profile)) return;
    const location = appRouter.state.location;
    forgetSession();
    const href =
      location.pathname.startsWith(PATHS.admin) && location.pathname !== PATHS.roleInactive
        ? `${PATHS.login}?redirect=${encodeURIComponent(location.href)}`
        : PATHS.login;
    void appRouter.navigate({ href, replace: true });
  });
}

/**
 * Ends the session on the client: toast, then after 1000 ms clear the cache and go to /login. Used by sign-out,
 * the idle check and a password change (the server has already ended every session then).
 */
export function finishSession(text: string): void {
  endingSession = true;
  notifySuccess(text);
  window.setTimeout(() => {
    forgetSession();
    void router?.navigate({ href: PATHS.login, replace: true }).finally(() => {
      endingSession = false;
    });
  }, REDIRECT_DELAY_MS);
}

/** DELETE auth/sign-out, then 'Logout Success' and /login after 1000 ms. */
export async function signOut(): Promise<void> {
  if (endingSession) return;
  endingSession = true;
  try {
    await call(authApi.signOut);
  } catch {
    // The session may already be gone (idle, revoked): signing out on this side is all that is left.
  }
  finishSession(i18n.t('logout.success'));
}

export function isEndingSession(): boolean {
  return endingSession;
}

/** Asks POST auth/idle every 60 s and whenever the window regains focus; signs out when the server says idle. */
export function useIdleCheck(): void {
  useEffect(() => {
    let busy = false;
    const check = async () => {
      if (busy || endingSession) return;
      busy = true;
      try {
        const answer = await call(authApi.idle, { body: { type: 'cms' } });
        if (answer.data.is_idle) await signOut();
      } catch {
        // A 401 is handled by the session listener; a network failure waits for the next check.
      } finally {
        busy = false;
      }
    };
    const timer = window.setInterval(() => void check(), IDLE_CHECK_MS);
    const onFocus = () => void check();
    window.addEventListener('focus', onFocus);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('focus', onFocus);
    };
  }, []);
}
