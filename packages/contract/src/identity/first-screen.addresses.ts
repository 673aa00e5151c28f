import type { EndpointAddress } from '../common/endpoint-address.ts';

/**
 * The addresses of the calls made before any admin screen loads: sign-in and its second step, the session's
 * profile, idle check and sign-out, and the environment facts. `identity.api.ts` declares its endpoints at these
 * addresses; the web calls them by address (zod-free), so the sign-in page carries no schema library.
 */
export const FIRST_SCREEN_ADDRESS = {
  signIn: { id: 'auth.sign-in', method: 'POST', path: 'auth/sign-in' },
  signInVerification: { id: 'auth.sign-in-verification', method: 'POST', path: 'auth/sign-in-verification' },
  signOut: { id: 'auth.sign-out', method: 'DELETE', path: 'auth/sign-out' },
  idle: { id: 'auth.idle', method: 'POST', path: 'auth/idle' },
  profile: { id: 'profile.get', method: 'GET', path: 'user/profile' },
  meta: { id: 'public.meta', method: 'GET', path: 'meta' },
} as const satisfies Record<string, EndpointAddress>;
