import { sql } from 'drizzle-orm';
import { maskPhone, promoCreateBody, promoDetail, promoRow, promoUpdateBody, type PromoCreate, type PromoDetail, type PromoListQuery, type PromoRow } from '@portal/contract';
import { queryRows, type Db, type Tx } from '../../db/client.ts';
import type { AuditContext } from '../../platform/audit.ts';
import { ResourceService, writableColumns, type ResourceDef } from '../../platform/crud/index.ts';
import { replaceSet, requireIds } from '../../platform/sql/link-sets.ts';
import { rowReader } from '../../platform/sql/row-reader.ts';

const SELECT = sql`select pr.id, pr.code, pr.name, pr.description, pr.promo_type, pr.value, pr.channel, pr.member_scope,
  pr.start_date::text as start_date, pr.end_date::text as end_date, pr.min_purchase, pr.max_discount, pr.status,
  (select count(*) from promo_products x where x.promo_id = pr.id)::int as product_count,
  (select count(*) from promo_stores x where x.promo_id = pr.id)::int as store_count,
  (select count(*) from promo_consumers x where x.promo_id = pr.id)::int as consumer_count,
  pr.created_at, cb.name as created_by_name, pr.updated_at, ub.name as updated_by_name, pr.version`;
const FROM = sql`from promos pr left join users cb on cb.id = pr.created_by left join users ub on ub.id = pr.updated_by`;

const toRow = rowReader(promoRow);
const readDetailSets = rowReader(promoDetail.pick({ products: true, stores: true, consumers: true }));

const PRODUCTS = { table: 'promo_products', owner: 'promo_id', column: 'product_id', type: 'int' } as const;
const STORES = { table: 'promo_stores', owner: 'promo_id', column: 'store_id', type: 'int' } as const;
const CONSUMERS = { table: 'promo_consumers', owner: 'promo_id', column: 'phone', type: 'text' } as const;

const ids = (v: unknown): number[] => (Array.isArray(v) ? v.map(Number) : []);

export const promoDef: ResourceDef<PromoRow, PromoListQuery> = {
  entity: 'promo',
  label: 'Promo',
  table: 'promos',
  select: SELECT,
  from: FROM,
  id: 'pr.id',
  toRow,
  sort: {
    updated_at: 'pr.updated_at',
    start_date: 'pr.start_date',
    end_date: 'pr.end_date',
    name: 'lower(pr.name)',
    code: 'lower(pr.code)',
    created_at: 'pr.created_at',
  },
  search: (pattern) => sql`(lower(pr.name) like lower(${pattern}) or lower(pr.code) like lower(${pattern}))`,
  where: (q) => [
    q.status ? sql`pr.status = ${q.status}` : undefined,
    q.channel ? sql`pr.channel = ${q.channel}` : undefined,
    q.promo_type ? sql`pr.promo_type = ${q.promo_type}` : undefined,
    q.active_on ? sql`pr.start_date <= ${q.active_on}::date and pr.end_date >= ${q.active_on}::date` : undefined,
    q.product_id ? sql`exists (select 1 from promo_products x where x.promo_id = pr.id and x.product_id = ${q.product_id})` : undefined,
    q.store_id ? sql`exists (select 1 from promo_stores x where x.promo_id = pr.id and x.store_id = ${q.store_id})` : undefined,
  ],
  // Its products, stores and consumers are sets beside the row, written in afterWrite.
  writable: writableColumns([promoCreateBody, promoUpdateBody], { notColumns: ['product_ids', 'store_ids', 'consumers'] }),
  unique: [{ column: 'code', label: 'Promo code', caseInsensitive: true }],
  check: async (tx, body) => {
    await requireIds(tx, ids(body.product_ids), { table: 'products', field: 'product_ids', label: 'Product' });
    await requireIds(tx, ids(body.store_ids), { table: 'stores', field: 'store_ids', label: 'Store' });
  },
  afterWrite: async (tx, id, body) => {
    if (Array.isArray(body.product_ids)) await replaceSet(tx, PRODUCTS, id, ids(body.product_ids));
    if (Array.isArray(body.store_ids)) await replaceSet(tx, STORES, id, ids(body.store_ids));
    if (Array.isArray(body.consumers)) await replaceSet(tx, CONSUMERS, id, body.consumers.map(String));
  },
  // The audit entry keeps the sets as ids (the detail's names are not the record), and of the consumers only how many
  // there are: their phone numbers are personal data, which stays out of the log.
  auditView: (row) => {
    const { updated_by_name: _u, created_by_name: _c, product_count: _pc, store_count: _sc, consumer_count: count, ...rest } = row;
    const d = row as Partial<PromoDetail>;
    return { ...rest, products: d.products?.map((p) => p.id), stores: d.stores?.map((s) => s.id), consumers: { count } };
  },
};

/** A promo's detail as the caller may see it: the consumers' phone numbers masked without the personal-data right. */
export const presentPromo = (promo: PromoDetail, unmasked: boolean): PromoDetail =>
  unmasked ? promo : { ...promo, consumers: promo.consumers.map((p) => maskPhone(p) ?? ''), consumers_masked: true };

/** Promos: the generic resource; the detail carries the products, stores and consumers it applies to. */
export class PromoService extends ResourceService<PromoRow, PromoListQuery> {
  constructor(db: Db) {
    super(promoDef, db);
  }

  /** A body replaces the whole promo: no cap given (or an amount promo) leaves none. */
  private static normalise(body: Record<string, unknown>): Record<string, unknown> {
    return { ...body, max_discount: body.promo_type === 2 ? null : (body.max_discount ?? null) };
  }

  override async create(body: Record<string, unknown>, ctx: AuditContext, tx?: Tx): Promise<PromoDetail> {
    return (await super.create(PromoService.normalise(body), ctx, tx)) as PromoDetail;
  }

  override async update(id: number | string, body: Record<string, unknown> & { version: number }, ctx: AuditContext, tx?: Tx): Promise<PromoDetail> {
    return (await super.update(id, { ...PromoService.normalise(body), version: body.version }, ctx, tx)) as PromoDetail;
  }

  override async get(id: number | string, tx: Db | Tx = this.db): Promise<PromoDetail> {
    const row = await super.get(id, tx);
    const products = await queryRows(
      tx,
      sql`select p.id, p.plu, p.name, p.price from promo_products x join products p on p.id = x.product_id where x.promo_id = ${row.id} order by p.plu`,
    );
    const stores = await queryRows(tx, sql`select s.id, s.code, s.name from promo_stores x join stores s on s.id = x.store_id where x.promo_id = ${row.id} order by s.code`);
    const consumers = await queryRows<{ phone: string }>(tx, sql`select phone from promo_consumers where promo_id = ${row.id} order by phone`);
    return { ...row, ...readDetailSets({ products, stores, consumers: consumers.map((c) => c.phone) }), consumers_masked: false };
  }

  /** The consumers (by id) whose phone numbers a promo lists: what an unmasked read of its detail shows of them. */
  static consumersOf(promoId: number) {
    return sql`select c.id as consumer_id from promo_consumers x join consumers c on c.phone = x.phone where x.promo_id = ${promoId}`;
  }
}

/**
 * The seam for the promo import: commits promos already validated against `promoCreateBody` inside the import's commit
 * transaction, each with its audit entry; any refused row (a duplicate code, a missing product) rolls back them all.
 */
export async function commitPromoRows(service: PromoService, tx: Tx, rows: readonly PromoCreate[], ctx: AuditContext): Promise<{ inserted: number }> {
  for (const row of rows) await service.create(row, ctx, tx);
  return { inserted: rows.length };
}
