import { roleCreateBody, roleListQuery, rolesApi, roleUpdateBody, USER_STATUS, type RoleDetail, type RoleRow } from '@portal/contract';
import { enumOptions } from '../../ui/options.ts';
import { defineResource } from '../../ui/resource.ts';
import { toGrants } from './PermissionEditor.tsx';
import { RolePermissionsField, RolePermissionsSection } from './RolePermissions.tsx';

/** Roles: ssosis Role Management and cms Role show the same records. */
export const roleView = defineResource<RoleRow, RoleDetail>({
  name: 'role',
  i18n: 'identity.role',
  title: 'Role',
  entries: ['ssosis.role-management', 'cms.role'],
  listQuery: roleListQuery,
  api: rolesApi,
  search: 'Search role name',
  filters: [{ kind: 'select', key: 'status', label: 'Status', options: enumOptions(USER_STATUS, [1, 2]) }],
  columns: [
    { key: 'name', label: 'Role Name', sortable: true, link: true },
    { key: 'description', label: 'Description' },
    { key: 'status', label: 'Status', kind: 'status', enum: USER_STATUS },
    { key: 'user_count', label: 'Users', kind: 'number' },
    { key: 'permission_count', label: 'Permissions', kind: 'number' },
    { key: 'updated_by_name', label: 'Updated By' },
    { key: 'updated_at', label: 'Updated At', kind: 'date', sortable: true },
    { key: 'created_at', label: 'Created At', kind: 'date', sortable: true, defaultHidden: true },
  ],
  form: {
    create: roleCreateBody,
    update: roleUpdateBody,
    fields: [
      { name: 'name', label: 'Role Name', input: 'text', placeholder: 'e.g. Store Supervisor' },
      { name: 'status', label: 'Status', input: 'select', options: enumOptions(USER_STATUS) },
      { name: 'description', label: 'Description', input: 'textarea' },
      { name: 'permissions', label: 'Permissions', input: 'custom', component: RolePermissionsField },
    ],
    fromDetail: (d) => ({ name: d.name, status: d.status, description: d.description ?? '', permissions: toGrants(d.permissions), is_super: d.is_super, role_id: d.id }),
  },
  detail: [
    {
      key: 'general',
      title: 'Role',
      items: [
        { key: 'name', label: 'Role Name' },
        { key: 'status', label: 'Status', kind: 'status', enum: USER_STATUS },
        { key: 'description', label: 'Description' },
        { key: 'is_super', label: 'Super Admin', kind: 'boolean' },
        { key: 'user_count', label: 'Users', kind: 'number' },
        { key: 'permission_count', label: 'Permissions', kind: 'number' },
        { key: 'created_at', label: 'Created At', kind: 'date' },
        { key: 'updated_at', label: 'Updated At', kind: 'date' },
        { key: 'updated_by_name', label: 'Updated By' },
      ],
    },
    { key: 'permissions', title: 'Permissions', component: RolePermissionsSection },
  ],
  rowTitle: (r) => r.name,
  // The server refuses to change or delete the Super Admin role (it holds every permission).
  locked: (r) => r.is_super,
});
