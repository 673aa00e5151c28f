import { sql } from 'drizzle-orm';
import {
  jakartaDayStart,
  preOrderEventCreateBody,
  preOrderEventDetail,
  preOrderEventRow,
  preOrderEventUpdateBody,
  type PreOrderEventDetail,
  type PreOrderEventListQuery,
  type PreOrderEventRow,
} from '@portal/contract';
import { queryRows, type Db, type Tx } from '../../db/client.ts';
import { ResourceService, writableColumns, type ResourceDef } from '../../platform/crud/index.ts';
import { unprocessable } from '../../platform/errors.ts';
import { listOf, replaceSet, requireIds } from '../../platform/sql/link-sets.ts';
import { rowReader } from '../../platform/sql/row-reader.ts';

const SELECT = sql`select e.id, e.code, e.name, e.description, e.order_start, e.order_end, e.collection_start::text as collection_start,
  e.collection_end::text as collection_end, e.status,
  (select count(*) from pre_order_event_stores x where x.event_id = e.id)::int as store_count,
  (select count(*) from pre_order_event_products x where x.event_id = e.id)::int as product_count,
  (select coalesce(sum(x.quota), 0) from pre_order_event_products x where x.event_id = e.id)::int as quota_total,
  (select coalesce(sum(x.ordered), 0) from pre_order_event_products x where x.event_id = e.id)::int as ordered_total,
  e.created_at, cb.name as created_by_name, e.updated_at, ub.name as updated_by_name, e.version`;
const FROM = sql`from pre_order_events e left join users cb on cb.id = e.created_by left join users ub on ub.id = e.updated_by`;

const STORES = { table: 'pre_order_event_stores', owner: 'event_id', column: 'store_id', type: 'int' } as const;

interface ProductQuota {
  product_id: number;
  quota: number;
}
const quotas = (v: unknown): ProductQuota[] => listOf<ProductQuota>(v);

/**
 * A product's quota may not go below what live pre-orders hold of it, nor may such a product leave the event: the
 * event's product rows are locked first, so a pre-order placed meanwhile waits and then counts against the new quota.
 */
async function checkQuotas(tx: Tx, eventId: number, wanted: ProductQuota[]): Promise<void> {
  const held = await queryRows<{ product_id: number; ordered: number; plu: string; name: string }>(
    tx,
    sql`select x.product_id, x.ordered, p.plu, p.name from pre_order_event_products x join products p on p.id = x.product_id
      where x.event_id = ${eventId} order by x.product_id for update of x`,
  );
  for (const h of held) {
    const ordered = Number(h.ordered);
    if (ordered === 0) continue;
    const next = wanted.find((w) => w.product_id === Number(h.product_id));
    if (!next) throw unprocessable(`${h.plu} · ${h.name} has ${ordered} pre-ordered: it cannot leave the event`);
    if (next.quota < ordered) throw unprocessable(`The quota of ${h.plu} · ${h.name} cannot go below the ${ordered} already pre-ordered`);
  }
}

export const preOrderEventDef: ResourceDef<PreOrderEventRow, PreOrderEventListQuery> = {
  entity: 'pre-order-event',
  label: 'Pre-order event',
  table: 'pre_order_events',
  select: SELECT,
  from: FROM,
  countFrom: () => sql`from pre_order_events e`,
  pageFrom: (q) => (q.search ? undefined : sql`from pre_order_events e`),
  id: 'e.id',
  toRow: rowReader(preOrderEventRow),
  sort: { order_start: 'e.order_start', collection_start: 'e.collection_start', name: 'lower(e.name)', updated_at: 'e.updated_at' },
  search: (pattern) => sql`(lower(e.name) like lower(${pattern}) or lower(e.code) like lower(${pattern}))`,
  where: (q) => {
    // A window open at some moment of the day: it starts before the day ends and ends after the day starts.
    const day = q.ordering_on ? jakartaDayStart(q.ordering_on) : null;
    return [
      q.status ? sql`e.status = ${q.status}` : undefined,
      day ? sql`e.order_start < ${new Date(day.getTime() + 86_400_000).toISOString()} and e.order_end > ${day.toISOString()}` : undefined,
      q.store_id ? sql`exists (select 1 from pre_order_event_stores x where x.event_id = e.id and x.store_id = ${q.store_id})` : undefined,
    ];
  },
  // Its stores and products (with quotas) are sets beside the row, written in afterWrite.
  writable: writableColumns([preOrderEventCreateBody, preOrderEventUpdateBody], { notColumns: ['store_ids', 'products'] }),
  unique: [{ column: 'code', label: 'Event code', caseInsensitive: true }],
  check: async (tx, body, current) => {
    await requireIds(tx, listOf<number>(body.store_ids), { table: 'stores', field: 'store_ids', label: 'Store' });
    await requireIds(
      tx,
      quotas(body.products).map((p) => p.product_id),
      { table: 'products', field: 'products', label: 'Product' },
    );
    if (current) await checkQuotas(tx, Number(current.id), quotas(body.products));
  },
  afterWrite: async (tx, id, body) => {
    if (Array.isArray(body.store_ids)) await replaceSet(tx, STORES, id, listOf<number>(body.store_ids));
    if (Array.isArray(body.products)) {
      // Kept rows keep what is pre-ordered of them; only products nothing is pre-ordered of leave (checkQuotas).
      const wanted = JSON.stringify(quotas(body.products));
      await tx.execute(sql`delete from pre_order_event_products where event_id = ${id}
        and product_id not in (select (r->>'product_id')::int from json_array_elements(${wanted}::json) r)`);
      await tx.execute(sql`insert into pre_order_event_products (event_id, product_id, quota)
          select ${id}, (r->>'product_id')::int, (r->>'quota')::int from json_array_elements(${wanted}::json) r
        on conflict (event_id, product_id) do update set quota = excluded.quota`);
    }
  },
  auditView: (row) => {
    const { updated_by_name: _u, created_by_name: _c, store_count: _s, product_count: _p, quota_total: _q, ordered_total: _o, ...rest } = row;
    const d = row as Partial<PreOrderEventDetail>;
    return { ...rest, store_ids: d.stores?.map((s) => s.id), products: d.products?.map((p) => ({ product_id: p.product_id, quota: p.quota })) };
  },
};

const readSets = rowReader(preOrderEventDetail.pick({ products: true, stores: true }));

/** cms Pre-order Events: the generic resource, its detail carrying its stores and its products with their quotas. */
export class PreOrderEventService extends ResourceService<PreOrderEventRow, PreOrderEventListQuery> {
  constructor(db: Db) {
    super(preOrderEventDef, db);
  }

  override async get(id: number | string, tx: Db | Tx = this.db): Promise<PreOrderEventDetail> {
    const row = await super.get(id, tx);
    const [sets] = await queryRows(
      tx,
      sql`select
          coalesce((select json_agg(json_build_object('product_id', p.id, 'plu', p.plu, 'name', p.name, 'quota', x.quota, 'ordered', x.ordered) order by p.plu)
            from pre_order_event_products x join products p on p.id = x.product_id where x.event_id = ${row.id}), '[]'::json) as products,
          coalesce((select json_agg(json_build_object('id', s.id, 'code', s.code, 'name', s.name) order by s.code)
            from pre_order_event_stores x join stores s on s.id = x.store_id where x.event_id = ${row.id}), '[]'::json) as stores`,
    );
    return { ...row, ...readSets(sets ?? {}) };
  }
}
