import { z } from 'zod';
import { emailField, isoDateTime, newPasswordField } from '../common/fields.ts';
import { INT4_MAX, listQuery, recordId, recordIdText, versionField } from '../common/list-query.ts';

export const userRow = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  role_id: z.number().int(),
  role_name: z.string(),
  status: z.number().int(),
  locked_until: isoDateTime.nullable(),
  last_sign_in_at: isoDateTime.nullable(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
  updated_by_name: z.string().nullable(),
  version: z.number().int(),
});
export type UserRow = z.infer<typeof userRow>;

const userFields = {
  username: z.string().trim().toLowerCase().min(3, 'Username must be at least 3 characters').max(50).regex(/^[a-z0-9._-]+$/, 'Use letters, digits, dot, dash or underscore'),
  email: emailField,
  name: z.string().trim().min(1, 'Name is required').max(100),
  phone: z.string().trim().regex(/^\+?\d{8,15}$/, 'Phone must be 8 to 15 digits').nullable().optional(),
  role_id: z.number({ error: 'Role is required' }).int().positive('Role is required').max(INT4_MAX, 'Role is required'),
  status: z.union([z.literal(1), z.literal(2)]).default(1),
};

export const userCreateBody = z.object({ ...userFields, password: newPasswordField }).strict();
export const userUpdateBody = z.object({ ...userFields, version: versionField }).strict();
export type UserCreate = z.infer<typeof userCreateBody>;
export type UserUpdate = z.infer<typeof userUpdateBody>;

export const userListQuery = listQuery(['created_at', 'username', 'name', 'email', 'updated_at'] as const, {
  role_id: recordIdText.optional(),
  status: z.coerce.number().int().min(1).max(3).optional(),
});
export type UserListQuery = z.infer<typeof userListQuery>;

export const userOptionsQuery = z
  .object({ search: z.string().trim().max(100).optional(), limit: z.coerce.number().int().min(1).max(1000).default(1000) })
  .strict();
export const userOption = z.object({ id: z.number().int(), username: z.string(), name: z.string(), email: z.string() });

export const adminResetPasswordBody = z.object({ password: newPasswordField.optional() }).strict();
export const usernamesBody = z.object({ ids: z.array(recordId).min(1).max(1000) }).strict();
/** One answer of `user/username`: the names behind a created_by/updated_by id. */
export const usernameItem = z.object({ id: z.number(), username: z.string(), name: z.string() });
/** `user/delete/{id}`: the version the client saw, checked when given. */
export const userDeleteQuery = z.object({ version: z.coerce.number().int().min(1).optional() }).strict();

/** The two menu entries over the same user records (ssosis and cms); either grants access. */
export const USER_ENTRIES = ['ssosis.user-management', 'cms.user'] as const;
