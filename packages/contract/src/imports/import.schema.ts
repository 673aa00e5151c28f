import { z } from 'zod';
import { baseListQuery, boundedPage, versionField } from '../common/list-query.ts';
import { enumTable } from '../enums/enum-table.ts';

/**
 * The lifecycle of an import batch. The spec's job statuses (PENDING, FAILED, COMPLETED) are what a job shows; a batch
 * also waits between its two jobs (validation, then commit) for the user to look at the preview and confirm:
 * PENDING (validating) → VALIDATED (preview, waiting for confirm) → PROCESSING (committing) → COMPLETED, or FAILED.
 */
export const IMPORT_STATUS = enumTable([
  { value: 'PENDING', label: 'PENDING', labelId: 'PENDING', color: 'orange' },
  { value: 'VALIDATED', label: 'VALIDATED', labelId: 'TERVALIDASI', color: 'blue' },
  { value: 'PROCESSING', label: 'PENDING', labelId: 'PENDING', color: 'orange' },
  { value: 'COMPLETED', label: 'COMPLETED', labelId: 'COMPLETED', color: 'green' },
  { value: 'FAILED', label: 'FAILED', labelId: 'FAILED', color: 'red' },
] as const);
export type ImportStatus = (typeof IMPORT_STATUS.values)[number];

/** The spec's job status (section 3) of a batch: PENDING while a job is queued or running, then COMPLETED or FAILED. */
export function importJobStatus(status: ImportStatus): 'PENDING' | 'FAILED' | 'COMPLETED' | null {
  if (status === 'PENDING' || status === 'PROCESSING') return 'PENDING';
  if (status === 'FAILED' || status === 'COMPLETED') return status;
  return null;
}

export const IMPORT_FORMATS = ['xlsx', 'csv'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** Default upload limit (the server's IMPORT_MAX_MB may change it; the definition answer says the value in force). */
export const IMPORT_MAX_MB_DEFAULT = 20;

export const importColumnInfo = z.object({
  key: z.string(),
  label: z.string(),
  type: z.enum(['text', 'integer', 'number', 'boolean', 'date']),
  required: z.boolean(),
  max_length: z.number().int().nullable(),
  example: z.string().nullable(),
  help: z.string().nullable(),
});
export type ImportColumnInfo = z.infer<typeof importColumnInfo>;

/** What the wizard needs to know about one bulk operation. */
export const importDefinitionInfo = z.object({
  key: z.string(),
  title: z.string(),
  sheet: z.string(),
  template_name: z.string(),
  key_columns: z.array(z.string()),
  /** Query parameters the upload needs besides the file (e.g. `free_gift_id`). */
  params: z.array(z.string()),
  columns: z.array(importColumnInfo),
  max_bytes: z.number().int(),
  /** The toast once a confirmed file has been applied, where the spec names one. */
  done_message: z.string().nullable(),
});
export type ImportDefinitionInfo = z.infer<typeof importDefinitionInfo>;

export const importBatch = z.object({
  id: z.number().int(),
  key: z.string(),
  file_name: z.string(),
  file_format: z.enum(IMPORT_FORMATS),
  file_size: z.number().int(),
  /** The upload's parameters (e.g. `{ free_gift_id: 5 }`), when its definition takes any. */
  params: z.record(z.string(), z.union([z.string(), z.number()])).nullable(),
  status: z.enum(IMPORT_STATUS.values),
  /** The spec's job status of the batch (null while the preview waits for a confirm). */
  job_status: z.enum(['PENDING', 'FAILED', 'COMPLETED']).nullable(),
  /** Rows read from the file (empty rows are skipped). */
  total_rows: z.number().int(),
  valid_rows: z.number().int(),
  invalid_rows: z.number().int(),
  /** 0..100 of the running job (validation reads the file, commit writes the rows). */
  progress: z.number().int(),
  /** Why the batch failed (a missing column, a wrong sheet, an unreadable file, a rolled-back commit). */
  error: z.string().nullable(),
  /** What the commit did, e.g. `{ inserted: 10, updated: 3 }`. */
  result: z.record(z.string(), z.number()).nullable(),
  created_by: z.number().int(),
  created_by_name: z.string().nullable(),
  created_at: z.string(),
  validated_at: z.string().nullable(),
  confirmed_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  version: z.number().int(),
});
export type ImportBatch = z.infer<typeof importBatch>;

export const importCellError = z.object({ column: z.string(), message: z.string() });
export type ImportCellError = z.infer<typeof importCellError>;

/** One staged row: its values as read (normalised when valid) and its errors by cell. */
export const importRow = z.object({
  row_no: z.number().int(),
  values: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]).nullable()),
  errors: z.array(importCellError),
});
export type ImportRow = z.infer<typeof importRow>;

export const importRowsQuery = baseListQuery
  .pick({ page: true, limit: true })
  .extend({ only_errors: z.enum(['true', 'false']).transform((v) => v === 'true').optional() })
  .strict()
  .superRefine(boundedPage);
export type ImportRowsQuery = z.infer<typeof importRowsQuery>;

export const importFormatQuery = z.object({ format: z.enum(IMPORT_FORMATS).default('xlsx') }).strict();

export const importBatchParam = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }).strict();

/** Confirm carries the batch's version like any write; a second confirm of the same batch answers 409. */
export const importConfirmBody = z.object({ version: versionField }).strict();
