import type { PermissionSet } from '@portal/contract';

/** The signed-in staff member behind a request. */
export interface Actor {
  userId: number;
  username: string;
  name: string;
  roleId: number;
  roleName: string;
  perms: PermissionSet;
  sessionId: number;
  /** When this session last passed a second factor (sign-in or step-up); null when it never did. */
  secondFactorAt: Date | null;
  /** How the session reached us: a cookie must pass the same-origin check on mutations, a Bearer token need not. */
  via: 'cookie' | 'bearer';
}
