import { enumTable } from './enum-table.ts';
export * from './enum-table.ts';

/** Active flag of section 3: 1 Active; 2 and 3 Inactive. */
export const USER_STATUS = enumTable([
  { value: 1, label: 'Active', labelId: 'Aktif', color: 'green' },
  { value: 2, label: 'Inactive', labelId: 'Tidak Aktif', color: 'red' },
  { value: 3, label: 'Inactive', labelId: 'Tidak Aktif', color: 'default' },
] as const);

export const LOG_RESULT = enumTable([
  { value: 1, label: 'Failed', color: 'red' },
  { value: 2, label: 'Success', color: 'green' },
] as const);

export const JOB_STATUS = enumTable([
  { value: 'PENDING', label: 'PENDING', color: 'orange' },
  { value: 'FAILED', label: 'FAILED', color: 'red' },
  { value: 'COMPLETED', label: 'COMPLETED', color: 'green' },
] as const);

export const EXPORT_STATUS = enumTable([
  { value: 1, label: 'Export in progress', color: 'orange' },
  { value: 2, label: 'Ready to download', color: 'green' },
] as const);

/** What the log-history filters offer; later domains add their entities here. */
export const AUDIT_ACTIONS = ['create', 'update', 'delete', 'sign-in', 'sign-out', 'password-change', 'password-reset', 'permission-update', 'account-locked'] as const;
export const AUDIT_ENTITIES = ['user', 'role', 'session', 'profile'] as const;
