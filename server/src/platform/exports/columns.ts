import { ACTIVE_STATUS } from '@portal/contract';
import { enumLabel } from './cells.ts';
import type { ExportColumn } from './export-def.ts';

/** Columns many exports end with: the record's Active/Inactive status, and when and by whom it last changed. */
export const STATUS_COLUMN: ExportColumn = { key: 'status', label: 'Status', format: enumLabel(ACTIVE_STATUS) };
export const CHANGED_COLUMNS: readonly ExportColumn[] = [
  { key: 'updated_at', label: 'Updated At (WIB)', format: 'datetime' },
  { key: 'updated_by_name', label: 'Updated By' },
];
