import { z } from 'zod';
import { isoDateTime } from '../common/fields.ts';
import { INT4_MAX, listQuery, recordId, versionField } from '../common/list-query.ts';
import { boolFilter, idFilter } from '../common/resource-fields.ts';

/** The user a mapping names (spec §3: mapping-email item's user). */
export const mappingUser = z.object({ id: z.number().int(), email: z.string(), name: z.string(), username: z.string() });
export type MappingUser = z.infer<typeof mappingUser>;

/**
 * Master mapping e-mail: who receives escalations, as a tree. A mapping names one user; `parent_id` points to the
 * mapping it escalates to (null: top of the tree). A user appears once, and a mapping is never its own ancestor.
 */
export const masterMappingEmailRow = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  parent_id: z.number().int().nullable(),
  user: mappingUser,
  /** The user of the parent mapping, for showing whom this one escalates to. */
  parent_user: mappingUser.nullable(),
  child_count: z.number().int(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
  updated_by_name: z.string().nullable(),
  version: z.number().int(),
});
export type MasterMappingEmailRow = z.infer<typeof masterMappingEmailRow>;

const mappingFields = {
  user_id: z.number({ error: 'User is required' }).int().positive('User is required').max(INT4_MAX, 'User is required'),
  parent_id: recordId.nullable().default(null),
};
export const masterMappingEmailCreateBody = z.object(mappingFields).strict();
export const masterMappingEmailUpdateBody = z.object({ ...mappingFields, version: versionField }).strict();
export type MasterMappingEmailCreate = z.infer<typeof masterMappingEmailCreateBody>;
export type MasterMappingEmailUpdate = z.infer<typeof masterMappingEmailUpdateBody>;

export const masterMappingEmailListQuery = listQuery(['name', 'email', 'updated_at', 'created_at'] as const, {
  sort_dir: z.enum(['asc', 'desc']).default('asc'),
  parent_id: idFilter,
  user_id: idFilter,
  /** true: only the tops of the tree (no parent). */
  is_root: boolFilter,
});
export type MasterMappingEmailListQuery = z.infer<typeof masterMappingEmailListQuery>;

/** The mapping's user picker searches on the server, up to 1000 users (spec §9). */
export const MAPPING_USER_SEARCH_LIMIT = 1000;
export const mappingUserOptionsQuery = z
  .object({
    search: z.string().trim().max(100).optional(),
    limit: z.coerce.number().int().min(1).max(MAPPING_USER_SEARCH_LIMIT).default(MAPPING_USER_SEARCH_LIMIT),
  })
  .strict();
/** A user the picker offers, with the mapping naming them if any (a user appears once). */
export const mappingUserOption = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  email: z.string(),
  mapping_id: z.number().int().nullable(),
});
export type MappingUserOption = z.infer<typeof mappingUserOption>;

export const MASTER_MAPPING_EMAIL_ENTRIES = ['cms.master-mapping-email'] as const;
