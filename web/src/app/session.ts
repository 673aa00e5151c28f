import type { QueryClient } from '@tanstack/react-query';
import type { AnyRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { FIRST_SCREEN_ADDRESS, type authApi } from '@portal/contract';
import { onUnauthorized } from '../lib/api.ts';
import { callAt } from '../lib/call.ts';
import { i18n } from '../lib/i18n.ts';
import { notifySuccess } from '../lib/notifier.tsx';
import { queryKeys } from '../lib/query-keys.ts';
import { PATHS } from './access.ts';

/** Section 9: redirect after login or logout, 1000 ms. */
export const REDIRECT_DELAY_MS = 1000;
/** How often the idle check asks the server. */
export const IDLE_CHECK_MS = 60_000;

/*
 * The session's lifecycle on the client: a 401 anywhere, sign-out, the idle check. What the session holds (profile,
 * meta, permissions) is read through lib/session.ts, whose queries this layer clears when the session ends.
 */

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
    await callAt<typeof authApi.signOut>(FIRST_SCREEN_ADDRESS.signOut);
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
        const answer = await callAt<typeof authApi.idle>(FIRST_SCREEN_ADDRESS.idle, { body: { type: 'cms' } });
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
