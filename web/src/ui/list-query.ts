import { queryOptions } from '@tanstack/react-query';
import type { Query } from '../lib/api.ts';
import { queryClient } from '../lib/query-client.ts';
import { resourceKeys } from '../lib/query-keys.ts';
import { listQueryParams } from './list-search.ts';
import type { ResourceView } from './resource.ts';
import { resourceCalls } from './resource-calls.ts';

/** A page of a resource's list: one key and one fetch for the table that shows it and the route that prefetches it. */
export function listQueryOptions<Row extends { id: number | string }, Detail extends Row>(view: ResourceView<Row, Detail>, params: Query) {
  const calls = resourceCalls<Row, Detail>(view.api, view.listParams, view.recordArgs);
  return queryOptions({ queryKey: resourceKeys(view.name).list(params), queryFn: () => calls.list(params) });
}

/**
 * Starts the page a list URL shows (`search` as the router parsed it) so that it loads while the screen renders; a
 * failure is left to the table's own query, which reports it.
 */
export function prefetchList<Row extends { id: number | string }, Detail extends Row>(view: ResourceView<Row, Detail>, search: object): void {
  void queryClient.prefetchQuery(listQueryOptions(view, listQueryParams(view.listQuery, search)));
}
