import { z } from 'zod';
import { isoDateTime } from '../common/fields.ts';
import { listQuery } from '../common/list-query.ts';
import { EXPORT_STATUS, enumTable } from '../enums/index.ts';
import { TIME_ZONE } from '../format/format.ts';
import { EXPORT_FORMATS, type ExportFormat } from '../common/export-query.ts';

/**
 * Spec section 3's export status (1 Export in progress, 2 Ready to download) plus 3 for an export that failed, which
 * the spec's table does not cover (decision in docs/decisions.md).
 */
export const DOWNLOAD_STATUS = enumTable([
  { value: 1, label: EXPORT_STATUS.label(1), labelId: 'Ekspor sedang berjalan', color: 'orange' },
  { value: 2, label: EXPORT_STATUS.label(2), labelId: 'Siap diunduh', color: 'green' },
  { value: 3, label: 'Export failed', labelId: 'Ekspor gagal', color: 'red' },
] as const);
export const DOWNLOAD_IN_PROGRESS = 1;
export const DOWNLOAD_READY = 2;
export const DOWNLOAD_FAILED = 3;

export const downloadRow = z.object({
  id: z.number().int(),
  /** The export it came from (`export_log`, ...). */
  export_name: z.string(),
  file_name: z.string(),
  format: z.enum(EXPORT_FORMATS),
  status: z.number().int(),
  row_count: z.number().int().nullable(),
  /** While the file is written: the rows written so far, of the rows the filters hold (null before the job counts them). */
  rows_done: z.number().int().nullable(),
  rows_expected: z.number().int().nullable(),
  size_bytes: z.number().int().nullable(),
  /** Why a failed export failed. */
  error: z.string().nullable(),
  created_at: isoDateTime,
  finished_at: isoDateTime.nullable(),
});
export type DownloadRow = z.infer<typeof downloadRow>;

export const downloadListQuery = listQuery(['created_at', 'file_name', 'status'] as const, {
  status: z.coerce.number().int().min(1).max(3).optional(),
});
export type DownloadListQuery = z.infer<typeof downloadListQuery>;

const stampParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** YYYYMMDD_HHmmss in Asia/Jakarta: the time stamp of export file names. */
export function fileStamp(at: Date): string {
  const p = Object.fromEntries(stampParts.formatToParts(at).map((x) => [x.type, x.value]));
  return `${p.year}${p.month}${p.day}_${p.hour}${p.minute}${p.second}`;
}

/** `export_log` → `export_log_20261122_081000.csv` (the spec's name plus when it was asked for). */
export const exportFileName = (name: string, format: ExportFormat, at: Date) => `${name}_${fileStamp(at)}.${format}`;
