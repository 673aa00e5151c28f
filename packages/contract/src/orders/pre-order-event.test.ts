import { describe, expect, it } from 'vitest';
import { ORDER_STATUS } from '../enums/order-status.ts';
import { appOrderBody } from './order-app.schema.ts';
import { collectionDayIssue, preOrderEventCreateBody, preOrderPhase, preOrderWindowIssues } from './pre-order-event.schema.ts';
import { PRE_ORDER_STATUS_GROUP, PRE_ORDER_STATUS_GROUP_OF, statusesOfGroup } from './pre-order-report.schema.ts';

const windows = { order_start: '2026-03-01T00:00:00+07:00', order_end: '2026-03-20T00:00:00+07:00', collection_start: '2026-03-25', collection_end: '2026-03-30' };
const event = { code: 'LEBARAN-26', name: 'Hampers Lebaran', ...windows, store_ids: [1, 2], products: [{ product_id: 7, quota: 100 }] };

describe('pre-order events', () => {
  it('hold the order window, the collection window and collection after ordering opens', () => {
    expect(preOrderWindowIssues(windows)).toEqual([]);
    expect(preOrderWindowIssues({ ...windows, order_end: windows.order_start }).map((i) => i.path)).toEqual(['order_end']);
    expect(preOrderWindowIssues({ ...windows, collection_end: '2026-03-24' }).map((i) => i.path)).toEqual(['collection_end']);
    // 2026-02-28T18:00Z is already 1 March in Jakarta: collecting that day is allowed, the day before is not.
    expect(preOrderWindowIssues({ ...windows, order_start: '2026-02-28T18:00:00Z', collection_start: '2026-03-01' })).toEqual([]);
    expect(preOrderWindowIssues({ ...windows, collection_start: '2026-02-28' }).map((i) => i.path)).toEqual(['collection_start']);
  });

  it('refuses a body with its issues under their fields: windows, no store, no product, a product twice', () => {
    expect(preOrderEventCreateBody.safeParse(event).success).toBe(true);
    const paths = (body: object) => (preOrderEventCreateBody.safeParse(body).error?.issues ?? []).map((i) => i.path.join('.'));
    expect(paths({ ...event, order_end: '2026-02-01T00:00:00+07:00' })).toEqual(['order_end']);
    expect(paths({ ...event, store_ids: [] })).toEqual(['store_ids']);
    expect(paths({ ...event, products: [] })).toEqual(['products']);
    expect(paths({ ...event, products: [{ product_id: 7, quota: 1 }, { product_id: 7, quota: 2 }] })).toEqual(['products']);
    expect(paths({ ...event, products: [{ product_id: 7, quota: 0 }] })).toEqual(['products.0.quota']);
  });

  it('is upcoming, open or closed by its order window (the end itself closed)', () => {
    expect(preOrderPhase(windows, new Date('2026-02-28T16:59:59Z'))).toBe('upcoming');
    expect(preOrderPhase(windows, new Date('2026-02-28T17:00:00Z'))).toBe('open');
    expect(preOrderPhase(windows, new Date('2026-03-19T17:00:00Z'))).toBe('closed');
  });

  it('takes a collection day inside its window, never before the day it is ordered', () => {
    expect(collectionDayIssue('2026-03-25', windows, '2026-03-10')).toBeNull();
    expect(collectionDayIssue('2026-03-30', windows, '2026-03-10')).toBeNull();
    expect(collectionDayIssue('2026-03-31', windows, '2026-03-10')).toMatch(/from 2026-03-25 to 2026-03-30/);
    expect(collectionDayIssue('2026-03-26', windows, '2026-03-27')).toMatch(/before today/);
  });

  it('is placed with both an event and a collection day, or neither', () => {
    const order = { store_code: 'JKT01', fulfilment: 2, items: [{ plu: 'A1', quantity: 1 }] };
    expect(appOrderBody.safeParse(order).success).toBe(true);
    expect(appOrderBody.safeParse({ ...order, event_code: 'LEBARAN-26', collection_day: '2026-03-26' }).success).toBe(true);
    expect(appOrderBody.safeParse({ ...order, event_code: 'LEBARAN-26' }).error?.issues.map((i) => i.path.join('.'))).toEqual(['collection_day']);
    expect(appOrderBody.safeParse({ ...order, collection_day: '26/03/2026', event_code: 'X' }).error?.issues.map((i) => i.path.join('.'))).toEqual(['collection_day']);
  });

  it('puts every order status in exactly one status group', () => {
    expect(Object.keys(PRE_ORDER_STATUS_GROUP_OF).map(Number).sort()).toEqual([...ORDER_STATUS.values].map(Number).sort());
    const grouped = PRE_ORDER_STATUS_GROUP.values.flatMap((g) => statusesOfGroup(g));
    expect(grouped.sort()).toEqual([...ORDER_STATUS.values].map(Number).sort());
  });
});
