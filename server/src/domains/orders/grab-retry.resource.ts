import { sql } from 'drizzle-orm';
import { courierHandoverAttempt, grabRetryRow, grabRetryStoreOption, type CourierHandoverAttempt, type GrabRetryListQuery, type GrabRetryRow, type GrabRetryStoreOption } from '@portal/contract';
import { queryRows, type Db } from '../../db/client.ts';
import { listOnly, ResourceService, type ListOnly, type ResourceDef } from '../../platform/crud/index.ts';
import { notFound } from '../../platform/errors.ts';
import { likePattern } from '../../platform/pagination.ts';
import { daysBetween } from '../../platform/sql/day-range.ts';
import { rowReader } from '../../platform/sql/row-reader.ts';
import { WAITS_FOR_COURIER } from './courier-handover.ts';

type RetryRecord = ListOnly<GrabRetryRow>;

/**
 * The attempts Grab Retry lists: each order's latest, failed or asked again after a failure (the partial indexes of
 * 0051 hold exactly these), of an order that still waits for a courier (read through the order's key).
 */
const RETRYABLE = sql`h.latest and (h.status = 'failed' or (h.status = 'pending' and h.attempt > 1))`;

/** An order number's start, as typed (order numbers are upper case). */
const prefixOf = (text: string) => `${text.trim().toUpperCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * heimdal Grab Retry's list: orders whose latest hand-over to the courier failed (or is being retried) and that still
 * wait for a driver, newest attempt first. The page is chosen on the attempts with the order joined by its key (the
 * failed set is small: a work queue), then only its rows read with their stores.
 */
export const grabRetryDef: ResourceDef<RetryRecord, GrabRetryListQuery> = {
  entity: 'courier-handover',
  label: 'Courier hand-over',
  table: 'courier_handovers',
  select: sql`select h.id, h.order_id, h.order_no, h.store_id, s.code as store_code, s.name as store_name, h.status, h.attempt as attempts, h.error,
    h.requested_at as last_attempt_at, h.requested_by_name, h.requested_at as updated_at`,
  from: sql`from courier_handovers h join orders o on o.id = h.order_id join stores s on s.id = h.store_id`,
  scope: sql`${RETRYABLE} and ${WAITS_FOR_COURIER}`,
  countFrom: () => sql`from courier_handovers h join orders o on o.id = h.order_id`,
  pageFrom: () => sql`from courier_handovers h join orders o on o.id = h.order_id`,
  id: 'h.id',
  toRow: listOnly(rowReader(grabRetryRow)),
  sort: { last_attempt_at: 'h.requested_at', attempts: 'h.attempt' },
  search: (_pattern, text) => sql`h.order_no like ${prefixOf(text)}`,
  where: (q) => [
    ...daysBetween('h.requested_at', q.date_from, q.date_until),
    q.store_id !== undefined ? sql`h.store_id = ${q.store_id}` : undefined,
    q.error ? sql`h.status = 'failed' and lower(h.error) like lower(${likePattern(q.error)})` : undefined,
  ],
  writable: [],
};

const readAttempt = rowReader(courierHandoverAttempt);
const readStore = rowReader(grabRetryStoreOption);

/** The list, one order's attempts and the store picker of Grab Retry (read-only: the retry is the guarded tool). */
export class GrabRetryService extends ResourceService<RetryRecord, GrabRetryListQuery> {
  constructor(db: Db) {
    super(grabRetryDef, db);
  }

  async page(q: GrabRetryListQuery) {
    const page = await this.list(q);
    return { ...page, data: page.data.map(({ updated_at: _u, updated_by_name: _b, version: _v, ...row }) => row) };
  }

  async attempts(orderId: number): Promise<CourierHandoverAttempt[]> {
    const [order] = await queryRows(this.db, sql`select 1 from orders where id = ${orderId}`);
    if (!order) throw notFound('Order');
    const rows = await queryRows(
      this.db,
      sql`select id, attempt, status, courier, booking_ref, error, requested_by_name, operator_action_id, requested_at, finished_at
        from courier_handovers where order_id = ${orderId} order by attempt`,
    );
    return rows.map(readAttempt);
  }

  async stores(search: string | undefined, limit: number): Promise<GrabRetryStoreOption[]> {
    const like = search ? likePattern(search) : null;
    const rows = await queryRows(this.db, sql`select id, code, name from stores ${like ? sql`where code ilike ${like} or name ilike ${like}` : sql``} order by code limit ${limit}`);
    return rows.map(readStore);
  }
}
