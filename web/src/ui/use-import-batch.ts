import { useQuery } from '@tanstack/react-query';
import { useLocation, useRouter, useSearch } from '@tanstack/react-router';
import { importsApi, type ImportDefinitionInfo } from '@portal/contract';
import { call, callEndpoint } from '../lib/call.ts';
import { importApiOf } from './import-upload.ts';
import { queryKeys } from '../lib/query-keys.ts';

/** The query keys of imports: batches by id, their rows by `{ batch, page, limit, only_errors }`, definitions by key. */
export const importKeys = queryKeys.imports;
const definitionKey = (key: string) => [...importKeys.all, 'definition', key] as const;
const POLL_MS = 1000;

/** An import definition: its title, sheet, columns and size limit. */
export function useImportDefinition(importKey: string) {
  return useQuery({
    queryKey: definitionKey(importKey),
    queryFn: async () => (await callEndpoint<ImportDefinitionInfo>(importApiOf(importKey).info, {})).data,
    staleTime: Infinity,
  });
}

/** A batch, polled every second while its job validates or imports. */
export function useImportBatch(batchId: number | undefined) {
  return useQuery({
    queryKey: importKeys.detail(batchId ?? 0),
    queryFn: async () => (await call(importsApi.get, { id: batchId ?? 0 })).data,
    enabled: batchId !== undefined,
    refetchInterval: (q) => (q.state.data && (q.state.data.status === 'PENDING' || q.state.data.status === 'PROCESSING') ? POLL_MS : false),
    meta: { silentError: true },
  });
}

/** The batch id in the URL (?batch=ID, so a reload or a link resumes the import), and a setter that keeps the rest of the search. */
export function useBatchParam(): [number | undefined, (id: number | undefined) => void] {
  const router = useRouter();
  const pathname = useLocation({ select: (l) => l.pathname });
  const raw = useSearch({ strict: false }) as Record<string, unknown>;
  const id = Number(raw.batch);
  const set = (next: number | undefined) => {
    const search: Record<string, unknown> = { ...raw, batch: next };
    if (next === undefined) delete search.batch;
    void router.navigate({ href: `${pathname}${router.options.stringifySearch(search)}`, replace: next === undefined ? false : true });
  };
  return [Number.isSafeInteger(id) && id > 0 ? id : undefined, set];
}
