import { z } from 'zod';
import { isoDateTime } from '../common/fields.ts';
import { grantSchema } from '../access/grant.schema.ts';
import { listQuery, recordId, recordIdText, versionField } from '../common/list-query.ts';

export const roleRow = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  is_super: z.boolean(),
  /** Its users pass a second factor at sign-in (always true for the Super Admin role). */
  require_second_factor: z.boolean(),
  status: z.number().int(),
  user_count: z.number().int(),
  permission_count: z.number().int(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
  updated_by_name: z.string().nullable(),
  version: z.number().int(),
});
export type RoleRow = z.infer<typeof roleRow>;

export const roleDetail = roleRow.extend({ permissions: z.array(z.object({ entry: z.string(), action: z.string() })) });
export type RoleDetail = z.infer<typeof roleDetail>;

const roleFields = {
  name: z.string().trim().min(2, 'Name must be at least 2 characters').max(60),
  description: z.string().trim().max(300).nullable().optional(),
  status: z.union([z.literal(1), z.literal(2)]).default(1),
  require_second_factor: z.boolean().default(false),
  permissions: z.array(grantSchema).max(2000).default([]),
};
export const roleCreateBody = z.object(roleFields).strict();
export const roleUpdateBody = z.object({ ...roleFields, version: versionField }).strict();
export type RoleCreate = z.infer<typeof roleCreateBody>;
export type RoleUpdate = z.infer<typeof roleUpdateBody>;

export const roleListQuery = listQuery(['created_at', 'name', 'updated_at'] as const, {
  status: z.coerce.number().int().min(1).max(3).optional(),
});

export const rolePermissionQuery = z.object({ role_id: recordIdText }).strict();
export const rolePermissionUpdateBody = z
  .object({ role_id: recordId, permissions: z.array(grantSchema).max(2000), version: versionField })
  .strict();
/** A role's permissions, as `role-permission` answers and `role-permission/update` returns them. */
export const rolePermissionsData = z.object({
  role_id: z.number().int(),
  version: z.number().int(),
  is_super: z.boolean(),
  permissions: z.array(z.object({ entry: z.string(), action: z.string() })),
});

/** One row of `permission/list`: a menu entry with the actions it offers. */
export const permissionItem = z.object({
  entry: z.string(),
  area: z.string(),
  group: z.string(),
  label: z.string(),
  route: z.string(),
  actions: z.array(z.string()),
});

/** The two menu entries over the same role records (ssosis and cms); either grants access. */
export const ROLE_ENTRIES = ['ssosis.role-management', 'cms.role'] as const;
