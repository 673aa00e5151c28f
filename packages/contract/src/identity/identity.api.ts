import { z } from 'zod';
import type { Action } from '../access/types.ts';
import { endpoint, exportEndpoint, page } from '../common/endpoint.ts';
import { FIRST_SCREEN_ADDRESS } from './first-screen.addresses.ts';
import {
  changePasswordBody,
  forgotPasswordBody,
  idleBody,
  idleData,
  metaData,
  profileData,
  profilePermissionsData,
  profileUpdateBody,
  resetPasswordBody,
  confirmEmailBody,
  signInBody,
  signInData,
  signInVerificationBody,
} from './auth.schema.ts';
import { auditDetail, auditListQuery, auditRow } from './audit.schema.ts';
import {
  recoveryCodesData,
  secondFactorCodeBody,
  secondFactorEnableBody,
  secondFactorSetup,
  secondFactorStatus,
  stepUpCodeData,
} from './second-factor.schema.ts';
import { legalDocument, legalKindParam, legalQuery } from './legal.schema.ts';
import { mailboxItem } from './mail.schema.ts';
import {
  ROLE_ENTRIES,
  permissionItem,
  roleCreateBody,
  roleDetail,
  roleListQuery,
  rolePermissionQuery,
  rolePermissionUpdateBody,
  rolePermissionsData,
  roleRow,
  roleUpdateBody,
} from './role.schema.ts';
import {
  USER_ENTRIES,
  adminResetPasswordBody,
  userCreateBody,
  userDeleteQuery,
  userListQuery,
  userOption,
  userOptionsQuery,
  userRow,
  userUpdateBody,
  usernameItem,
  usernamesBody,
} from './user.schema.ts';

/*
 * The account service keeps the spec's paths exactly (`auth/sign-in`, `user/list`, `user/detail/:id`, `role/add`,
 * `role-permission/...`; DESIGN §4), so its endpoints are declared one by one rather than by `resourceApi`. The user,
 * role and log-history groups still name theirs list, get, create, update and remove, so the generic screens take
 * them as a resource's endpoints.
 */

const auth = { tag: 'auth', access: 'public' } as const;

/** Sign-in, its second step, the password-reset link and the session's end and idle check. */
export const authApi = {
  /** Rate-limited per address (the server counts every attempt before reading the body). */
  signIn: endpoint({
    ...auth,
    ...FIRST_SCREEN_ADDRESS.signIn,
    summary: 'Sign in with username or e-mail and password',
    body: signInBody,
    data: signInData,
    // 401 wrong credentials, 403 an inactive account (only after the right password), 429 locked out or too many tries.
    errors: [401, 403, 429],
  }),
  /** Rate-limited with sign-in. */
  signInVerification: endpoint({
    ...auth,
    ...FIRST_SCREEN_ADDRESS.signInVerification,
    summary: 'Second step: the e-mailed code, the authenticator code or a recovery code (a recovery code is spent)',
    body: signInVerificationBody,
    data: signInData,
    errors: [401, 429],
  }),
  /** The session passes its second factor again (TOTP, recovery or e-mailed code), for sensitive changes. */
  stepUp: endpoint({
    ...auth,
    access: 'authenticated',
    id: 'auth.step-up',
    method: 'POST',
    path: 'auth/step-up',
    summary: 'Pass the second factor again; sensitive changes need one within the last 15 minutes',
    body: secondFactorCodeBody,
    data: z.null(),
    errors: [429],
  }),
  stepUpSendCode: endpoint({
    ...auth,
    access: 'authenticated',
    id: 'auth.step-up-send-code',
    method: 'POST',
    path: 'auth/step-up/send-code',
    summary: 'E-mail a one-time code for the step-up (the same resend wait as sign-in)',
    data: stepUpCodeData,
    errors: [429],
  }),
  /** Rate-limited per address. */
  forgotPassword: endpoint({
    ...auth,
    id: 'auth.forgot-password',
    method: 'POST',
    path: 'auth/forgot-password',
    summary: 'E-mail a one-time reset link (same answer whether or not the account exists)',
    body: forgotPasswordBody,
    data: z.null(),
    errors: [429],
  }),
  /** Rate-limited with forgot-password. */
  resetPassword: endpoint({
    ...auth,
    id: 'auth.reset-password',
    method: 'POST',
    path: 'user/reset-password',
    summary: 'Set a new password with the e-mailed token',
    body: resetPasswordBody,
    data: z.null(),
    errors: [429],
  }),
  /** Rate-limited with forgot-password. */
  confirmEmail: endpoint({
    ...auth,
    id: 'auth.confirm-email',
    method: 'POST',
    path: 'user/confirm-email',
    summary: 'Confirm a new e-mail address with the token e-mailed to it (accounts with a second factor)',
    body: confirmEmailBody,
    data: z.null(),
    errors: [409, 429],
  }),
  signOut: endpoint({ ...auth, ...FIRST_SCREEN_ADDRESS.signOut, summary: 'End this session', access: 'authenticated', data: z.null() }),
  /** Served with `allowIdle`: the check reaches an idle session and does not count as activity. */
  idle: endpoint({
    ...auth,
    ...FIRST_SCREEN_ADDRESS.idle,
    summary: 'Whether this session has been idle too long (the check is not activity)',
    access: 'authenticated',
    body: idleBody,
    data: idleData,
  }),
};

const own = { tag: 'profile', access: 'authenticated' } as const;

/** The signed-in user's own record, password and permissions. */
export const profileApi = {
  get: endpoint({ ...own, ...FIRST_SCREEN_ADDRESS.profile, summary: 'The signed-in user with role and permissions', data: profileData }),
  update: endpoint({
    ...own,
    id: 'profile.update',
    method: 'PUT',
    path: 'user/profile',
    summary: 'Update own name and phone',
    body: profileUpdateBody,
    data: profileData,
  }),
  changePassword: endpoint({
    ...own,
    id: 'profile.change-password',
    method: 'PUT',
    path: 'user/change-password',
    summary: 'Change own password; ends every session of the user',
    body: changePasswordBody,
    data: z.null(),
  }),
  secondFactor: endpoint({
    ...own,
    id: 'profile.second-factor',
    method: 'GET',
    path: 'user/second-factor',
    summary: 'Whether an authenticator app is enrolled, recovery codes left, whether the role requires a second factor',
    data: secondFactorStatus,
  }),
  secondFactorSetup: endpoint({
    ...own,
    id: 'profile.second-factor-setup',
    method: 'POST',
    path: 'user/second-factor/setup',
    summary: 'Start enrolling an authenticator app: a new secret, its otpauth URL and QR code (enabled once a code confirms it)',
    data: secondFactorSetup,
    errors: [409],
  }),
  secondFactorEnable: endpoint({
    ...own,
    id: 'profile.second-factor-enable',
    method: 'POST',
    path: 'user/second-factor/enable',
    summary: 'Confirm the new secret with a code from the app; answers the recovery codes, once',
    body: secondFactorEnableBody,
    data: recoveryCodesData,
    errors: [409, 429],
  }),
  secondFactorRecoveryCodes: endpoint({
    ...own,
    id: 'profile.second-factor-recovery-codes',
    method: 'POST',
    path: 'user/second-factor/recovery-codes',
    summary: 'Replace the recovery codes (a current code confirms it); answers the new ones, once',
    body: secondFactorCodeBody,
    data: recoveryCodesData,
    errors: [409, 429],
  }),
  secondFactorDisable: endpoint({
    ...own,
    id: 'profile.second-factor-disable',
    method: 'POST',
    path: 'user/second-factor/disable',
    summary: 'Remove the authenticator app and its recovery codes (a current code confirms it)',
    body: secondFactorCodeBody,
    data: z.null(),
    errors: [409, 429],
  }),
  permissions: endpoint({
    ...own,
    id: 'profile.permissions',
    method: 'GET',
    path: 'role-permission/profile',
    summary: "The signed-in user's permissions",
    data: profilePermissionsData,
  }),
};

const userAccess = (action: Action) => ({ tag: 'users', access: { entries: USER_ENTRIES, action } }) as const;

/** Portal users: ssosis User Management and cms User show the same records. */
export const usersApi = {
  list: endpoint({ ...userAccess('view'), id: 'users.list', method: 'GET', path: 'user/list', summary: 'List users', query: userListQuery, data: page(userRow) }),
  options: endpoint({
    ...userAccess('view'),
    id: 'users.options',
    method: 'GET',
    path: 'user/options',
    summary: 'Users for pickers (up to 1000)',
    query: userOptionsQuery,
    data: z.array(userOption),
  }),
  get: endpoint({ ...userAccess('view'), id: 'users.get', method: 'GET', path: 'user/detail/:id', summary: 'One user', data: userRow }),
  create: endpoint({
    ...userAccess('create'),
    id: 'users.create',
    method: 'POST',
    path: 'user',
    summary: 'Create a user',
    body: userCreateBody,
    data: userRow,
    errors: [409],
  }),
  update: endpoint({
    ...userAccess('edit'),
    id: 'users.update',
    method: 'PUT',
    path: 'user/update/:id',
    summary: 'Update a user (409 when the version is stale)',
    body: userUpdateBody,
    data: userRow,
    errors: [409, 422],
  }),
  remove: endpoint({
    ...userAccess('delete'),
    id: 'users.remove',
    method: 'DELETE',
    path: 'user/delete/:id',
    summary: 'Delete a user and end their sessions',
    query: userDeleteQuery,
    data: z.null(),
    errors: [409, 422],
  }),
  resetPassword: endpoint({
    ...userAccess('edit'),
    id: 'users.reset-password',
    method: 'POST',
    path: 'user/reset-password/:id',
    summary: "E-mail the user a reset link and end the user's sessions",
    body: adminResetPasswordBody,
    data: z.null(),
  }),
  /** Staff names are personal data: only those who may view user management look them up. */
  usernames: endpoint({
    ...userAccess('view'),
    id: 'users.usernames',
    method: 'POST',
    path: 'user/username',
    summary: 'Names of users by id (created_by/updated_by lookups)',
    body: usernamesBody,
    data: z.array(usernameItem),
  }),
};

const roleAccess = (action: Action) => ({ tag: 'roles', access: { entries: ROLE_ENTRIES, action } }) as const;

/** Roles: ssosis Role Management and cms Role show the same records. */
export const rolesApi = {
  list: endpoint({
    ...roleAccess('view'),
    id: 'roles.list',
    method: 'GET',
    path: 'role/list',
    summary: 'List roles (is_all=true for dropdowns)',
    query: roleListQuery,
    data: page(roleRow),
  }),
  get: endpoint({ ...roleAccess('view'), id: 'roles.get', method: 'GET', path: 'role/detail/:id', summary: 'One role with its permissions', data: roleDetail }),
  create: endpoint({
    ...roleAccess('create'),
    id: 'roles.create',
    method: 'POST',
    path: 'role/add',
    summary: 'Create a role with its permissions',
    body: roleCreateBody,
    data: roleDetail,
    errors: [409],
  }),
  update: endpoint({
    ...roleAccess('edit'),
    id: 'roles.update',
    method: 'PUT',
    path: 'role/update/:id',
    summary: 'Update a role (409 when the version is stale)',
    body: roleUpdateBody,
    data: roleDetail,
    errors: [409, 422],
  }),
  remove: endpoint({
    ...roleAccess('delete'),
    id: 'roles.remove',
    method: 'DELETE',
    path: 'role/delete/:id',
    summary: 'Delete a role no user holds',
    data: z.null(),
    errors: [409, 422],
  }),
};

/** The permission registry a role's grants are chosen from. */
export const permissionsApi = {
  list: endpoint({
    ...roleAccess('view'),
    id: 'permissions.list',
    method: 'GET',
    path: 'permission/list',
    summary: 'Every menu entry with the actions it offers',
    data: z.array(permissionItem),
  }),
};

/** One role's grants, read and replaced apart from the role's other fields. */
export const rolePermissionsApi = {
  get: endpoint({
    ...roleAccess('view'),
    id: 'role-permissions.get',
    method: 'GET',
    path: 'role-permission',
    summary: "A role's permissions",
    query: rolePermissionQuery,
    data: rolePermissionsData,
  }),
  update: endpoint({
    ...roleAccess('edit'),
    id: 'role-permissions.update',
    method: 'PUT',
    path: 'role-permission/update',
    summary: "Replace a role's permissions",
    body: rolePermissionUpdateBody,
    data: rolePermissionsData,
    errors: [409, 422],
  }),
};

const logHistory = { tag: 'log-history', access: { entries: ['cms.log-history'], action: 'view' } } as const;

/** The audit trail: every mutation with actor, time, ip and the record before and after. Read only. */
const logHistoryList = endpoint({
  ...logHistory,
  id: 'log-history.list',
  method: 'GET',
  path: 'log-history',
  summary: 'Audit entries of every change',
  query: auditListQuery,
  data: page(auditRow),
});
export const logHistoryApi = {
  list: logHistoryList,
  export: exportEndpoint(logHistoryList, ['cms.log-history'], 'the log history'),
  get: endpoint({ ...logHistory, id: 'log-history.get', method: 'GET', path: 'log-history/:id', summary: 'One audit entry with before and after', data: auditDetail }),
};

/** Read without signing in. */
export const publicApi = {
  meta: endpoint({
    tag: 'public',
    access: 'public',
    ...FIRST_SCREEN_ADDRESS.meta,
    summary: 'Environment facts the web app needs before sign-in',
    data: metaData,
  }),
  legal: endpoint({
    tag: 'public',
    access: 'public',
    id: 'public.legal',
    method: 'GET',
    path: 'public/legal/:kind',
    summary: 'The published terms or privacy policy',
    params: legalKindParam,
    query: legalQuery,
    data: legalDocument,
  }),
  /** Served only where the outbox exists: without SMTP_URL and outside production (`meta.mailbox`). */
  mailbox: endpoint({
    tag: 'dev',
    access: 'public',
    id: 'dev.mailbox',
    method: 'GET',
    path: 'dev/mailbox',
    summary: 'The development outbox, newest first (only without SMTP, never in production)',
    data: z.array(mailboxItem),
  }),
};

export const identityApi = { authApi, profileApi, usersApi, rolesApi, permissionsApi, rolePermissionsApi, logHistoryApi, publicApi };
