import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api.ts';
import { isUnauthorized, notifyError } from './notifier.tsx';

/**
 * Pass `meta: { silentError: true }` on a query or mutation that shows its own failure (the verification step,
 * the consumer pages); every other failure goes to the shared notifier (section 8). A 401 on a query is not
 * toasted: the session layer signs the user out instead.
 */
const silent = (meta: Record<string, unknown> | undefined) => meta?.silentError === true;

/** Client errors (4xx) are answers, not glitches: retry only network failures and 5xx, once. */
function retry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status < 500) return false;
  return failureCount < 1;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (silent(query.meta) || isUnauthorized(error)) return;
        notifyError(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _result, mutation) => {
        if (silent(mutation.meta)) return;
        notifyError(error);
      },
    }),
    defaultOptions: {
      queries: { retry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
