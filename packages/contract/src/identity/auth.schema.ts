import { z } from 'zod';
import { APP_ENVS } from '../access/types.ts';
import { newPasswordField, passwordField, usernameField } from '../common/fields.ts';
import { versionField } from '../common/list-query.ts';
import { secondFactorCode } from './second-factor.schema.ts';
import { SECOND_FACTORS } from './second-factor.rules.ts';

export const SUPER_ADMIN_ROLE = 'Super Admin';

const credentials = { username: usernameField, password: passwordField };
/** `second_factor: 'email'`: an account with an authenticator app asks for an e-mailed code instead. */
export const signInBody = z.object({ ...credentials, second_factor: z.literal('email').optional() }).strict();
/** `otp`: the e-mailed code, the authenticator's code or a recovery code. */
export const signInVerificationBody = z.object({ ...credentials, otp: secondFactorCode }).strict();
export const forgotPasswordBody = z.object({ identifier: z.string().trim().min(1, 'Username or e-mail is required').max(200) }).strict();
/** The token of an e-mailed link that confirms a new e-mail address. */
export const confirmEmailBody = z.object({ token: z.string().min(10).max(200) }).strict();

export const resetPasswordBody = z
  .object({ token: z.string().min(10).max(200), password: newPasswordField, password_confirmation: z.string() })
  .strict()
  .refine((b) => b.password === b.password_confirmation, { path: ['password_confirmation'], message: 'Passwords do not match' });
export const changePasswordBody = z
  .object({ old_password: z.string().min(1, 'Current password is required'), password: newPasswordField, password_confirmation: z.string() })
  .strict()
  .refine((b) => b.password === b.password_confirmation, { path: ['password_confirmation'], message: 'Passwords do not match' })
  .refine((b) => b.password !== b.old_password, { path: ['password'], message: 'The new password must differ from the current one' });
export const idleBody = z.object({ type: z.literal('cms').default('cms') }).strict();

export const management = z.object({ name: z.string(), type: z.string(), view: z.boolean() });

export const signInData = z.object({
  token: z.string(),
  username: z.string(),
  role: z.object({ name: z.string(), managements: z.array(management) }),
  /** Seconds the e-mailed verification code stays valid (second step by e-mail only). */
  otp_expires_in: z.number().int().optional(),
  /** With an empty token: how the second step is passed. */
  second_factor: z.enum(SECOND_FACTORS).optional(),
});
export type SignInData = z.infer<typeof signInData>;

export const idleData = z.object({ is_idle: z.boolean(), idle_timeout_seconds: z.number().int() });

export const profileData = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  role: z.object({ id: z.number().int(), name: z.string(), is_super: z.boolean() }),
  /** `entry:action` strings; empty for Super Admin, who holds all. */
  permissions: z.array(z.string()),
  version: z.number().int(),
});
export type Profile = z.infer<typeof profileData>;

export const profileUpdateBody = z
  .object({
    name: z.string().trim().min(1, 'Name is required').max(100),
    phone: z.string().trim().regex(/^\+?\d{8,15}$/, 'Phone must be 8 to 15 digits').nullable().optional(),
    version: versionField,
  })
  .strict();

/** The signed-in user's permissions (`role-permission/profile`): `entry:action` strings; empty for Super Admin, who holds all. */
export const profilePermissionsData = z.object({ is_super: z.boolean(), permissions: z.array(z.string()) });

/** `meta`: environment facts the web app needs before sign-in. */
export const metaData = z.object({
  app_env: z.enum(APP_ENVS),
  idle_timeout_seconds: z.number(),
  otp_ttl_seconds: z.number(),
  /** Seconds before another verification code may be requested. */
  otp_resend_seconds: z.number(),
  /** Whether the development outbox (`dev/mailbox`) is on. */
  mailbox: z.boolean(),
});
export type MetaData = z.infer<typeof metaData>;
