import { roleRow, rolesApi, USER_STATUS, userCreateBody, userListQuery, usersApi, userUpdateBody, type UserRow } from '@portal/contract';
import { enumOptions, remoteOptions } from '../../ui/options.ts';
import { defineResource } from '../../ui/resource.ts';
import { LockStatus, UserResetPassword } from './UserSecurity.tsx';

/** Roles for the user form and filter: the whole (small) role table, `is_all=true`. */
const roleOptions = remoteOptions('role', rolesApi.list, roleRow.pick({ id: true, name: true }), (r) => ({ value: r.id, label: r.name }), {
  query: { is_all: 'true' },
});

/** Portal users: ssosis User Management and cms User show the same records. */
export const userView = defineResource<UserRow>({
  name: 'user',
  i18n: 'identity.user',
  title: 'User',
  entries: ['ssosis.user-management', 'cms.user'],
  listQuery: userListQuery,
  api: usersApi,
  search: 'Search username, name or e-mail',
  filters: [
    { kind: 'select', key: 'role_id', label: 'Role', options: roleOptions },
    { kind: 'select', key: 'status', label: 'Status', options: enumOptions(USER_STATUS, [1, 2]), width: 160 },
  ],
  columns: [
    { key: 'username', label: 'Username', sortable: true, link: true },
    { key: 'name', label: 'Name', sortable: true },
    { key: 'email', label: 'E-mail', sortable: true },
    { key: 'phone', label: 'Phone' },
    { key: 'role_name', label: 'Role', kind: 'tag' },
    { key: 'status', label: 'Status', kind: 'status', enum: USER_STATUS },
    { key: 'lock', label: 'Lock', kind: 'custom', component: LockStatus },
    { key: 'last_sign_in_at', label: 'Last Sign-in', kind: 'date' },
    { key: 'updated_at', label: 'Updated At', kind: 'date', sortable: true, defaultHidden: true },
    { key: 'updated_by_name', label: 'Updated By', defaultHidden: true },
    { key: 'created_at', label: 'Created At', kind: 'date', sortable: true, defaultHidden: true },
  ],
  form: {
    create: userCreateBody,
    update: userUpdateBody,
    fields: [
      { name: 'username', label: 'Username', input: 'text', placeholder: 'e.g. budi.santoso' },
      { name: 'email', label: 'E-mail', input: 'email', placeholder: 'name@example.com' },
      { name: 'name', label: 'Name', input: 'text' },
      { name: 'phone', label: 'Phone', input: 'text', placeholder: '081234567890' },
      { name: 'role_id', label: 'Role', input: 'select', options: roleOptions },
      { name: 'status', label: 'Status', input: 'select', options: enumOptions(USER_STATUS) },
      {
        name: 'password',
        label: 'Password',
        input: 'password',
        only: 'create',
        help: 'At least 8 characters, mixing letters with digits or symbols.',
      },
    ],
    fromDetail: (d) => ({ username: d.username, email: d.email, name: d.name, phone: d.phone ?? '', role_id: d.role_id, status: d.status }),
  },
  detail: [
    {
      key: 'general',
      title: 'User',
      items: [
        { key: 'username', label: 'Username' },
        { key: 'name', label: 'Name' },
        { key: 'email', label: 'E-mail' },
        { key: 'phone', label: 'Phone' },
        { key: 'role_name', label: 'Role', kind: 'tag' },
        { key: 'status', label: 'Status', kind: 'status', enum: USER_STATUS },
      ],
    },
    {
      key: 'security',
      title: 'Sign-in',
      items: [
        { key: 'lock', label: 'Lock', kind: 'custom', component: LockStatus },
        { key: 'last_sign_in_at', label: 'Last Sign-in', kind: 'date' },
      ],
    },
    {
      key: 'record',
      title: 'Record',
      items: [
        { key: 'created_at', label: 'Created At', kind: 'date' },
        { key: 'updated_at', label: 'Updated At', kind: 'date' },
        { key: 'updated_by_name', label: 'Updated By' },
      ],
    },
  ],
  detailActions: UserResetPassword,
  rowTitle: (r) => r.username,
  deleteQuery: (r) => ({ version: r.version }),
});
