import { COURIER_HANDOVER_STATUS, GRAB_RETRY_ENTRY, grabRetryApi, grabRetryListQuery, grabRetryStoreOption, type GrabRetryRow } from '@portal/contract';
import { queryKeys } from '../../lib/query-keys.ts';
import { remoteOptions } from '../../ui/options.ts';
import { defineResource } from '../../ui/resource.ts';
import { AskedByCell, ErrorCell, RetryCell, StoreCell } from './GrabRetryCells.tsx';

/** While a retried hand-over waits for the courier the list re-reads itself this often; it stops once none does. */
export const GRAB_RETRY_REFRESH_MS = 1500;

const stores = remoteOptions(queryKeys.grabRetry.all[0], grabRetryApi.stores, grabRetryStoreOption, (s) => ({ value: s.id, label: `${s.code} ${s.name}` }), { searchable: true });

/**
 * heimdal › Grab Retry: the orders whose hand-over to the courier failed (or is being retried), filtered by store, the
 * period of the latest attempt and the courier's error, in the URL; paged and sorted on the server. Rows are ticked for
 * the retry below the list (the screen's guarded write), not acted on from the table.
 */
export const grabRetryView = defineResource<GrabRetryRow>({
  name: queryKeys.grabRetry.all[0],
  i18n: 'operations.grabRetry',
  title: 'Grab Retry',
  entries: [GRAB_RETRY_ENTRY],
  listQuery: grabRetryListQuery,
  api: { list: grabRetryApi.list },
  search: 'Search order number',
  filters: [
    { kind: 'select', key: 'store_id', label: 'Store', options: stores, width: 240 },
    { kind: 'dateRange', from: 'date_from', to: 'date_until', label: 'Last attempt' },
    { kind: 'text', key: 'error', label: 'Error text', width: 220 },
  ],
  columns: [
    { key: 'order_no', label: 'Order Number' },
    { key: 'store', label: 'Store', kind: 'custom', component: StoreCell },
    { key: 'status', label: 'Hand-over', kind: 'status', enum: COURIER_HANDOVER_STATUS },
    { key: 'attempts', label: 'Attempts', kind: 'number', sortable: true },
    { key: 'last_attempt_at', label: 'Last Attempt', kind: 'date', sortable: true },
    { key: 'error', label: 'Courier Error', kind: 'custom', component: ErrorCell },
    { key: 'requested_by_name', label: 'Asked By', kind: 'custom', component: AskedByCell },
    { key: 'retry', label: 'Retry', kind: 'custom', component: RetryCell, fixed: 'right' },
  ],
  detail: [],
  rowTitle: (r) => r.order_no,
  rowActions: false,
  refresh: (rows) => (rows.some((r) => r.status === 'pending') ? GRAB_RETRY_REFRESH_MS : false),
});
