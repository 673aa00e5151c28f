import { z } from 'zod';
import { endpoint, entriesPermission, page } from '../common/endpoint.ts';
import { isoDateTime } from '../common/fields.ts';
import { listQuery, recordId, recordIdText } from '../common/list-query.ts';
import { dayFilter } from '../common/period.ts';
import { idFilter, optionSearchQuery } from '../common/resource-fields.ts';
import { enumTable } from '../enums/enum-table.ts';
import { periodOrder } from './consumer-login-log.schema.ts';
import { guardedToolApi } from '../common/guarded-write.schema.ts';

export const GRAB_RETRY_ENTRY = 'heimdal.grab-retry';

/**
 * One attempt to hand a 3PL delivery order over to the courier (issue 17): asked for when the order reaches Pick
 * Confirmed and Ready to Delivery (by the system) or by an operator's retry, then booked (the courier's booking
 * reference, its driver assigned to the order) or failed (the courier's error).
 */
export const COURIER_HANDOVER_STATUS = enumTable([
  { value: 'pending', label: 'Retrying', labelId: 'Sedang dicoba ulang', color: 'orange' },
  { value: 'booked', label: 'Booked', labelId: 'Dipesan', color: 'green' },
  { value: 'failed', label: 'Failed', labelId: 'Gagal', color: 'red' },
] as const);
export type CourierHandoverStatus = (typeof COURIER_HANDOVER_STATUS.values)[number];

/**
 * An order whose hand-over to the courier failed and that still waits for one (Ready to Delivery, no driver): its latest
 * attempt, failed, or asked again by an operator and waiting for the courier's answer (`pending`). The id is the
 * latest attempt's; `order_id` names the order a retry takes.
 */
export const grabRetryRow = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  order_no: z.string(),
  store_id: z.number().int(),
  store_code: z.string(),
  store_name: z.string(),
  status: z.enum(['pending', 'failed']),
  /** How many times the courier was asked to book it. */
  attempts: z.number().int(),
  /** The courier's answer to the latest attempt; null while it is pending. */
  error: z.string().nullable(),
  /** When the latest attempt was asked for. */
  last_attempt_at: isoDateTime,
  /** Who asked for the latest attempt: null for the system (the move to Ready to Delivery). */
  requested_by_name: z.string().nullable(),
});
export type GrabRetryRow = z.infer<typeof grabRetryRow>;

const PERIOD_ORDER = { message: 'The end date cannot be before the start date', path: ['date_until'] };

/**
 * The list's filters: the store, the period of the latest attempt (Asia/Jakarta days), words of the courier's error,
 * and `search` (an order number or its start). Newest attempt first, or by the number of attempts.
 */
export const grabRetryListQuery = listQuery(['last_attempt_at', 'attempts'] as const, {
  store_id: idFilter,
  date_from: dayFilter,
  date_until: dayFilter,
  error: z.string().trim().max(100, 'At most 100 characters').optional(),
}).refine(periodOrder, PERIOD_ORDER);
export type GrabRetryListQuery = z.infer<typeof grabRetryListQuery>;

/** Every attempt of one order's hand-over, oldest first. */
export const courierHandoverAttempt = z.object({
  id: z.number().int(),
  attempt: z.number().int(),
  status: z.enum(COURIER_HANDOVER_STATUS.values),
  /** The adapter that answered (`simulated`); null while pending. */
  courier: z.string().nullable(),
  booking_ref: z.string().nullable(),
  error: z.string().nullable(),
  requested_by_name: z.string().nullable(),
  /** The operator action (Grab Retry) that asked for it; null for the system. */
  operator_action_id: z.number().int().nullable(),
  requested_at: isoDateTime,
  finished_at: isoDateTime.nullable(),
});
export type CourierHandoverAttempt = z.infer<typeof courierHandoverAttempt>;

export const grabRetryAttemptsParams = z.object({ orderId: recordIdText }).strict();

export const grabRetryStoreOption = z.object({ id: z.number().int(), code: z.string(), name: z.string() });
export type GrabRetryStoreOption = z.infer<typeof grabRetryStoreOption>;

/** At most this many orders are retried at once (a page of the list at its largest). */
export const GRAB_RETRY_MAX = 100;

export const grabRetryInput = z
  .object({
    order_ids: z
      .array(recordId, { error: 'Choose the orders to retry' })
      .min(1, 'Choose at least one order to retry')
      .max(GRAB_RETRY_MAX, `At most ${GRAB_RETRY_MAX} orders at once`)
      .refine((ids) => new Set(ids).size === ids.length, 'An order is chosen twice'),
  })
  .strict();
export type GrabRetryInput = z.infer<typeof grabRetryInput>;

/** The words a retry asks for: the order number for one order, the count for several (a booking cannot be taken back). */
export const grabRetryConfirmation = (orderNos: readonly string[]): string => (orderNos.length === 1 ? orderNos[0]! : `RETRY ${orderNos.length} HAND-OVERS`);

const view = entriesPermission('grab-retry', [GRAB_RETRY_ENTRY], 'view');

/**
 * heimdal Grab Retry: the orders whose hand-over to the courier failed (filtered and paged on the server), one order's
 * attempts, the store picker of the filter, and the retry as a guarded write (preview, apply with a reason and the typed
 * words, the kept actions; never undone: a courier booking cannot be taken back).
 */
export const grabRetryApi = {
  list: endpoint({
    id: 'grab-retry.list',
    method: 'GET',
    path: 'grab-retry/orders',
    tag: 'grab retry',
    summary: 'Orders whose latest hand-over to the courier failed (or is being retried) and that still wait for a driver',
    access: view,
    query: grabRetryListQuery,
    data: page(grabRetryRow),
  }),
  attempts: endpoint({
    id: 'grab-retry.attempts',
    method: 'GET',
    path: 'grab-retry/orders/:orderId/attempts',
    tag: 'grab retry',
    summary: 'Every attempt to hand one order over to the courier, oldest first',
    access: view,
    params: grabRetryAttemptsParams,
    data: z.array(courierHandoverAttempt),
  }),
  stores: endpoint({
    id: 'grab-retry.stores',
    method: 'GET',
    path: 'grab-retry/stores',
    tag: 'grab retry',
    summary: 'Stores for the list’s store filter, searched by code or name',
    access: view,
    query: optionSearchQuery(50),
    data: z.array(grabRetryStoreOption),
  }),
  ...guardedToolApi({ tool: 'grab-retry', entry: GRAB_RETRY_ENTRY, path: 'grab-retry', tag: 'grab retry', what: 'retrying courier hand-overs', input: grabRetryInput }),
};
