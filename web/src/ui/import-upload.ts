import { IMPORT_APIS, type ImportBatch, type ImportEndpoints } from '@portal/contract';
import { ApiError, type Query } from '../lib/api.ts';
import { endpointUrl } from '../lib/call.ts';

/** The contract's endpoints of an import, by its key (`product-edit`). */
export function importApiOf(key: string): ImportEndpoints {
  const found = IMPORT_APIS.get(key);
  if (!found) throw new Error(`No import ${key} in the contract`);
  return found;
}

/** The file types an import takes. */
export const IMPORT_FILE_TYPES = ['.xlsx', '.csv'];

/** Why a chosen file cannot be uploaded (checked before sending it), or undefined when it can. */
export function uploadProblem(file: { name: string; size: number }, maxBytes: number): 'wrongType' | 'tooLarge' | undefined {
  const name = file.name.toLowerCase();
  if (!IMPORT_FILE_TYPES.some((ext) => name.endsWith(ext))) return 'wrongType';
  if (file.size > maxBytes) return 'tooLarge';
  return undefined;
}

/** Whole megabytes, as the size limit is shown. */
export const megabytes = (bytes: number) => Math.round(bytes / 1024 / 1024);

/** Uploads with XMLHttpRequest for its upload progress; answers the new batch. */
export function uploadImportFile(key: string, params: Query | undefined, file: File, onProgress: (percent: number) => void): Promise<ImportBatch> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', endpointUrl(importApiOf(key).upload, { query: params }));
    xhr.withCredentials = true;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        body = xhr.responseText;
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve((body as { data: ImportBatch }).data);
      else reject(new ApiError(xhr.status, body as never));
    };
    xhr.onerror = () => reject(new Error('The upload was interrupted. Check the connection and try again.'));
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}
