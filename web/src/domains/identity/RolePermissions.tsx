import { Form } from 'antd';
import type { RoleDetail } from '@portal/contract';
import type { CustomInputProps } from '../../ui/resource.ts';
import { PermissionEditor } from './PermissionEditor.tsx';

/** The role form's permissions field: the grid, locked when the record is the Super Admin role. */
export function RolePermissionsField(props: CustomInputProps) {
  const form = Form.useFormInstance();
  const isSuper = Form.useWatch('is_super', { form, preserve: true }) === true;
  return <PermissionEditor {...props} superRole={isSuper} />;
}

/** The role detail's permissions section: the same grid, read only. */
export function RolePermissionsSection({ row }: { row: RoleDetail }) {
  return <PermissionEditor value={row.permissions} readOnly superRole={row.is_super} />;
}
