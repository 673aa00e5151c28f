import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PreOrderEventDetail, PreOrderEventRow } from '@portal/contract';
import { queryRows } from '../../db/client.ts';
import { useHarness } from '../../../test/harness.ts';
import { createEvent, eventBody, preOrderShelf, type PreOrderShelf } from '../../../test/pre-orders.ts';
import { OrderPlacementService } from './order-placement.service.ts';

describe('cms pre-order events: the generic resource with its stores and products’ quotas', () => {
  const h = useHarness();
  const db = () => h.testDb.database.db;
  let admin: string;
  let viewer: string;
  let shelf: PreOrderShelf;

  beforeAll(async () => {
    [admin, viewer] = await Promise.all([h.tokenOf('admin.cms'), h.tokenOf('viewer')]);
    shelf = await preOrderShelf(db(), 50);
  });

  const detailsOf = (res: { json: <T>() => T }) => res.json<{ details?: { path: string }[] }>().details?.map((d) => d.path) ?? [];

  it('creates an event with its stores and products, audited, and lists it by its filters', async () => {
    const now = h.clock.now();
    const created = await createEvent(h, admin, eventBody(now, 'EVT-CRUD', shelf, 40));
    expect(created).toMatchObject({ code: 'EVT-CRUD', status: 1, store_count: 1, product_count: 2, quota_total: 80, ordered_total: 0, version: 1, created_by_name: 'Budi Santoso' });
    expect(created.products.map((p) => [p.product_id, p.quota, p.ordered]).sort()).toEqual(shelf.products.slice(0, 2).map((p) => [p.id, 40, 0]).sort());
    expect(created.stores.map((s) => s.code)).toEqual([shelf.store.code]);
    const [audit] = await queryRows<{ action: string }>(db(), sql`select action from audit_log where entity = 'pre-order-event' and entity_id = ${String(created.id)}`);
    expect(audit?.action).toBe('create');

    const list = async (query: string) =>
      (await h.call('GET', `/api/v1/pre-order-events?${query}`, { token: viewer })).json<{ data: { data: PreOrderEventRow[] } }>().data.data.map((e) => e.code);
    expect(await list('search=evt-crud')).toEqual(['EVT-CRUD']);
    const today = new Date(now.getTime() + 7 * 3_600_000).toISOString().slice(0, 10);
    expect(await list(`ordering_on=${today}&search=EVT-CRUD`)).toEqual(['EVT-CRUD']);
    expect(await list(`ordering_on=2020-01-01&search=EVT-CRUD`)).toEqual([]);
    expect(await list(`store_id=${shelf.other.id}&search=EVT-CRUD`)).toEqual([]);
    expect(await list(`store_id=${shelf.store.id}&status=1&sort_by=name&sort_dir=asc&search=EVT-CRUD`)).toEqual(['EVT-CRUD']);
  });

  it('refuses bad input by field: windows, a duplicate code, unknown stores and products', async () => {
    const now = h.clock.now();
    const body = eventBody(now, 'EVT-BAD', shelf, 10);
    const post = (b: object) => h.call('POST', '/api/v1/pre-order-events', { token: admin, body: b });
    const windows = await post({ ...body, order_end: body.order_start, collection_start: '2020-01-01', collection_end: '2019-12-31' });
    expect(windows.statusCode).toBe(400);
    expect(detailsOf(windows).sort()).toEqual(['collection_end', 'collection_start', 'order_end']);
    const unknownStore = await post({ ...body, store_ids: [999999] });
    expect([unknownStore.statusCode, detailsOf(unknownStore)]).toEqual([400, ['store_ids']]);
    const unknownProduct = await post({ ...body, products: [{ product_id: 999999, quota: 1 }] });
    expect([unknownProduct.statusCode, detailsOf(unknownProduct)]).toEqual([400, ['products']]);
    await createEvent(h, admin, body);
    const duplicate = await post({ ...body, code: 'evt-bad' });
    expect([duplicate.statusCode, detailsOf(duplicate)]).toEqual([409, ['code']]);
  });

  it('edits with its version (409 when stale), keeps what is pre-ordered, refuses a quota below it, and deletes only an event without orders', async () => {
    const now = h.clock.now();
    const body = eventBody(now, 'EVT-EDIT', shelf, 20);
    const created = await createEvent(h, admin, body);
    const [first, second, third] = shelf.products as [PreOrderShelf['products'][0], PreOrderShelf['products'][0], PreOrderShelf['products'][0]];
    const consumer = Number((await queryRows<{ id: number }>(db(), sql`select id from consumers where status = 1 order by id limit 1`))[0]!.id);
    await new OrderPlacementService(db()).place(
      consumer,
      { store_code: shelf.store.code, fulfilment: 2, delivery_mode: null, delivery_address: null, client_ref: null, items: [{ plu: first.plu, quantity: 3 }], event_code: 'EVT-EDIT', collection_day: body.collection_start },
      now,
    );
    const { code: _code, ...update } = body;
    const put = (b: object) => h.call('PUT', `/api/v1/pre-order-events/${created.id}`, { token: admin, body: b });

    const edited = await put({ ...update, name: 'Hampers Lebaran', products: [{ product_id: first.id, quota: 25 }, { product_id: third.id, quota: 5 }], version: 1 });
    expect(edited.statusCode, edited.body).toBe(200);
    const after = edited.json<{ data: PreOrderEventDetail }>().data;
    expect(after).toMatchObject({ name: 'Hampers Lebaran', version: 2, quota_total: 30, ordered_total: 3 });
    expect(after.products.map((p) => [p.product_id, p.quota, p.ordered]).sort()).toEqual([[first.id, 25, 3], [third.id, 5, 0]].sort());
    expect(after.products.some((p) => p.product_id === second.id)).toBe(false);

    expect((await put({ ...update, version: 1 })).statusCode).toBe(409);
    const below = await put({ ...update, products: [{ product_id: first.id, quota: 2 }], version: 2 });
    expect([below.statusCode, below.json<{ message: string }>().message]).toEqual([422, `The quota of ${first.plu} · ${first.name} cannot go below the 3 already pre-ordered`]);
    const dropped = await put({ ...update, products: [{ product_id: third.id, quota: 5 }], version: 2 });
    expect(dropped.statusCode).toBe(422);
    expect((await put({ ...update, version: 2 })).statusCode).toBe(200);
    expect((await h.call('PUT', `/api/v1/pre-order-events/${created.id}`, { token: viewer, body: { ...update, version: 3 } })).statusCode).toBe(403);

    // Its pre-order still points at it: 409, not a broken order.
    expect((await h.call('DELETE', `/api/v1/pre-order-events/${created.id}?version=3`, { token: admin })).statusCode).toBe(409);
    const unused = await createEvent(h, admin, eventBody(now, 'EVT-GONE', shelf, 1));
    expect((await h.call('DELETE', `/api/v1/pre-order-events/${unused.id}?version=1`, { token: viewer })).statusCode).toBe(403);
    expect((await h.call('DELETE', `/api/v1/pre-order-events/${unused.id}?version=1`, { token: admin })).statusCode).toBe(200);
    expect((await h.call('GET', `/api/v1/pre-order-events/${unused.id}`, { token: admin })).statusCode).toBe(404);
  });

  it('is viewed by the pre-order reports’ analysts, managed only by the entry’s holders, refused without a session', async () => {
    const analyst = await h.tokenOf('analyst');
    const none = await h.tokenOf('no.access');
    expect((await h.call('GET', '/api/v1/pre-order-events', { token: analyst })).statusCode).toBe(200);
    expect((await h.call('POST', '/api/v1/pre-order-events', { token: analyst, body: {} })).statusCode).toBe(403);
    expect((await h.call('GET', '/api/v1/pre-order-events', { token: none })).statusCode).toBe(403);
    expect((await h.call('GET', '/api/v1/pre-order-events')).statusCode).toBe(401);
    const exported = await h.call('GET', '/api/v1/pre-order-events/export?format=csv&search=EVT-CRUD', { token: admin });
    expect(exported.statusCode).toBe(200);
    expect(exported.body).toContain('EVT-CRUD');
  });
});
