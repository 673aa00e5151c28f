import { Form } from 'antd';
import { grantKey, type Action, type RoleDetail } from '@portal/contract';
import { useSession } from '../../lib/session.ts';
import type { CustomInputProps } from '../../ui/resource.ts';
import { PermissionEditor } from './PermissionEditor.tsx';

/**
 * The role form's permissions field: the grid, locked when the record is the Super Admin role or the editor's own role,
 * and offering only the rights the editor holds (the server refuses the rest).
 */
export function RolePermissionsField(props: CustomInputProps) {
  const form = Form.useFormInstance();
  const isSuper = Form.useWatch('is_super', { form, preserve: true }) === true;
  const roleId = Form.useWatch('role_id', { form, preserve: true }) as number | undefined;
  const perms = useSession()?.access.perms;
  const profileRole = useSession()?.profile.role.id;
  const ownRole = roleId !== undefined && roleId === profileRole;
  const mayGrant = (entry: string, action: Action) => !perms || perms.superAdmin || perms.grants.has(grantKey(entry, action));
  return <PermissionEditor {...props} superRole={isSuper} ownRole={ownRole} mayGrant={mayGrant} />;
}

/** The role detail's permissions section: the same grid, read only. */
export function RolePermissionsSection({ row }: { row: RoleDetail }) {
  return <PermissionEditor value={row.permissions} readOnly superRole={row.is_super} />;
}
