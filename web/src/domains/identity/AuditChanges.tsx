import type { AuditDetail } from '@portal/contract';
import { DiffTable } from '../../ui/DiffTable.tsx';

/** The log entry's before and after, field by field. */
export function AuditChanges({ row }: { row: AuditDetail }) {
  return <DiffTable before={row.before} after={row.after} />;
}
