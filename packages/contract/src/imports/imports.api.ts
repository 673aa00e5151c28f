import { z } from 'zod';
import type { Action } from '../access/types.ts';
import { endpoint, page, type AnyEndpoint } from '../common/endpoint.ts';
import { importBatch, importBatchParam, importConfirmBody, importDefinitionInfo, importFormatQuery, importRow, importRowsQuery } from './import.schema.ts';

/** An upload without parameters takes no query string. */
const noParams = z.object({}).strict();

interface ImportSpec<P extends z.ZodObject> {
  title: string;
  /** The entries whose `action` right admits the template, the upload and the definition's facts. */
  entries: readonly string[];
  action: Action;
  /** What the upload's query carries (the free gift whose stores a file lists). */
  params?: P;
  /** The spec's toast when a confirmed file has been applied (bulk voucher); default none beyond the result shown. */
  doneMessage?: string;
}

/**
 * The endpoints of one bulk operation under `imports/<key>`: its facts (columns, sheet, limit), its template and its
 * upload (multipart field `file`; validation runs as a job whose batch the batch endpoints follow).
 */
export function importApi<const K extends string, P extends z.ZodObject = typeof noParams>(key: K, spec: ImportSpec<P>) {
  const access = { entries: spec.entries, action: spec.action };
  const base = { tag: 'imports', access } as const;
  return {
    key,
    title: spec.title,
    params: spec.params,
    doneMessage: spec.doneMessage,
    info: endpoint({ ...base, id: `imports.${key}`, method: 'GET', path: `imports/${key}`, summary: `${spec.title}: columns, sheet and upload limit`, data: importDefinitionInfo }),
    template: endpoint({ ...base, id: `imports.${key}.template`, method: 'GET', path: `imports/${key}/template`, summary: `${spec.title}: the template (XLSX or CSV)`, query: importFormatQuery, data: 'file' }),
    upload: endpoint({
      ...base,
      id: `imports.${key}.upload`,
      method: 'POST',
      path: `imports/${key}`,
      summary: `${spec.title}: upload an XLSX or CSV file (multipart field "file"); validation runs as a job`,
      query: (spec.params ?? noParams) as P,
      data: importBatch,
      errors: [413],
    }),
  };
}

/** Any bulk operation's endpoints, whatever its parameters. */
export interface ImportEndpoints {
  key: string;
  title: string;
  doneMessage?: string | undefined;
  params: z.ZodObject | undefined;
  info: AnyEndpoint;
  template: AnyEndpoint;
  upload: AnyEndpoint;
}

/**
 * The batch endpoints every import shares, open at the guard to whoever may view one of the imports' entries; the
 * server then demands the batch's own definition (403) and that the caller uploaded it or is a Super Admin (404).
 */
export function importBatchesApi(viewEntries: readonly string[]) {
  const base = { tag: 'imports', access: { entries: viewEntries, action: 'view' }, params: importBatchParam } as const;
  return {
    get: endpoint({ ...base, id: 'imports.batch', method: 'GET', path: 'imports/batches/:id', summary: 'An import batch: status, job status, counts and progress (poll it)', data: importBatch }),
    rows: endpoint({
      ...base,
      id: 'imports.batch-rows',
      method: 'GET',
      path: 'imports/batches/:id/rows',
      summary: 'Preview: every row of the file (or only_errors=true: the bad ones) with its values and its errors by cell',
      query: importRowsQuery,
      data: page(importRow),
    }),
    errors: endpoint({
      ...base,
      id: 'imports.batch-errors',
      method: 'GET',
      path: 'imports/batches/:id/errors',
      summary: 'The bad rows with their values and an Errors column (XLSX or CSV)',
      query: importFormatQuery,
      data: 'file',
      errors: [409],
    }),
    confirm: endpoint({
      ...base,
      id: 'imports.batch-confirm',
      method: 'POST',
      path: 'imports/batches/:id/confirm',
      summary: 'Confirm: commit every valid row in one transaction, as a job (poll the batch). A second confirm answers 409.',
      body: importConfirmBody,
      data: importBatch,
    }),
  };
}
