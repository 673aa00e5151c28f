import { sql } from 'drizzle-orm';
import { maxPurchaseCreateBody, maxPurchaseRow, maxPurchaseUpdateBody, type MaxPurchaseListQuery, type MaxPurchaseRow } from '@portal/contract';
import { writableColumns, type ResourceDef } from '../../platform/crud/index.ts';
import { rowReader } from '../../platform/sql/row-reader.ts';
import { refuseOverlap } from './period.ts';

const SELECT = sql`select m.id, m.product_id, p.plu, p.name as product_name, m.max_qty, m.daily_limit, m.start_date::text as start_date,
  m.end_date::text as end_date, m.status, m.created_at, cb.name as created_by_name, m.updated_at, ub.name as updated_by_name, m.version`;
const FROM = sql`from max_purchase_limitations m join products p on p.id = m.product_id
  left join users cb on cb.id = m.created_by left join users ub on ub.id = m.updated_by`;

/** Max-purchase limitations: one active rule per product in any period (an overlapping active one answers 409). */
export const maxPurchaseDef: ResourceDef<MaxPurchaseRow, MaxPurchaseListQuery> = {
  entity: 'max-purchase-limitation',
  label: 'Max purchase limitation',
  table: 'max_purchase_limitations',
  select: SELECT,
  from: FROM,
  id: 'm.id',
  toRow: rowReader(maxPurchaseRow),
  sort: { updated_at: 'm.updated_at', start_date: 'm.start_date', max_qty: 'm.max_qty', plu: 'p.plu' },
  search: (pattern, text) =>
    /^\d+$/.test(text.trim()) ? sql`p.plu like ${`${text.trim()}%`}` : sql`(lower(p.name) like lower(${pattern}) or p.plu = ${text.trim()})`,
  where: (q) => [
    q.status ? sql`m.status = ${q.status}` : undefined,
    q.product_id ? sql`m.product_id = ${q.product_id}` : undefined,
    q.active_on ? sql`m.start_date <= ${q.active_on}::date and m.end_date >= ${q.active_on}::date` : undefined,
  ],
  writable: writableColumns([maxPurchaseCreateBody, maxPurchaseUpdateBody]),
  references: [{ column: 'product_id', table: 'products', label: 'Product' }],
  check: async (tx, body, current) => {
    const merged = { ...current, ...body } as MaxPurchaseRow;
    await refuseOverlap(tx, {
      table: 'max_purchase_limitations',
      what: 'max purchase limitation',
      productId: merged.product_id,
      start: merged.start_date,
      end: merged.end_date,
      status: merged.status,
      exceptId: current?.id ?? null,
    });
  },
  auditView: ({ updated_by_name: _u, created_by_name: _c, product_name: _n, ...rest }) => rest,
};
