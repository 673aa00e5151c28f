import { sql } from 'drizzle-orm';
import {
  PROMO_AMOUNT,
  couponSettingCreateBody,
  couponSettingDetail,
  couponSettingRow,
  couponSettingUpdateBody,
  type CouponSettingDetail,
  type CouponSettingListQuery,
  type CouponSettingRow,
} from '@portal/contract';
import { queryRows, type Db, type Tx } from '../../db/client.ts';
import { requireProvinces } from '../../platform/audience.ts';
import { ResourceService, writableColumns, type ResourceDef } from '../../platform/crud/index.ts';
import { badRequest } from '../../platform/errors.ts';
import { requireIds } from '../../platform/sql/link-sets.ts';
import { rowReader } from '../../platform/sql/row-reader.ts';

const SELECT = sql`select s.id, s.name, s.description, s.coupon_type, s.promo_type, s.discount_value, s.max_discount, s.min_purchase,
  s.targeting, s.member_scope, s.consumer_tag_ids, s.province_codes, s.start_date::text as start_date, s.end_date::text as end_date,
  s.budget, s.limit_per_consumer, s.quota, s.claimed, s.status,
  (select count(*) from coupon_setting_products x where x.coupon_setting_id = s.id)::int as product_count,
  s.code_pattern, s.codes_state, s.codes_wanted, s.codes_made,
  s.created_at, cb.name as created_by_name, s.updated_at, ub.name as updated_by_name, s.version`;
const FROM = sql`from coupon_settings s left join users cb on cb.id = s.created_by left join users ub on ub.id = s.updated_by`;

const toRow = rowReader(couponSettingRow);
const readProducts = rowReader(couponSettingDetail.pick({ products: true }));

interface ProductLine {
  product_id: number;
  supplier?: string | null;
  coupon_amount: number;
}
const lines = (v: unknown): ProductLine[] => (Array.isArray(v) ? (v as ProductLine[]) : []);
const ints = (v: unknown): number[] => (Array.isArray(v) ? v.map(Number) : []);
const texts = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : []);
/** A PostgreSQL array literal of values the contract has already checked (ids, two-digit codes). */
const arrayLiteral = (v: unknown): string | undefined => (Array.isArray(v) ? `{${v.map(String).join(',')}}` : undefined);

/** A product line may not take more off than the product costs. */
async function checkProductLines(tx: Tx, items: readonly ProductLine[]): Promise<void> {
  if (!items.length) return;
  await requireIds(
    tx,
    items.map((i) => i.product_id),
    { table: 'products', field: 'products', label: 'Product' },
  );
  const over = await queryRows<{ plu: string; price: number }>(
    tx,
    sql`select p.plu, p.price from json_array_elements(${JSON.stringify(items)}::json) r join products p on p.id = (r->>'product_id')::int
        where (r->>'coupon_amount')::bigint > p.price order by p.plu limit 5`,
  );
  if (over.length) {
    const message = `The coupon amount of ${over.map((o) => o.plu).join(', ')} is above its normal price`;
    throw badRequest(message, [{ path: 'products', message }]);
  }
}

export const couponSettingDef: ResourceDef<CouponSettingRow, CouponSettingListQuery> = {
  entity: 'coupon-setting',
  label: 'Coupon setting',
  table: 'coupon_settings',
  select: SELECT,
  from: FROM,
  countFrom: () => sql`from coupon_settings s`,
  id: 's.id',
  toRow,
  sort: { updated_at: 's.updated_at', name: 'lower(s.name)', start_date: 's.start_date', quota: 's.quota', created_at: 's.created_at' },
  search: (pattern) => sql`lower(s.name) like lower(${pattern})`,
  where: (q) => [
    q.status ? sql`s.status = ${q.status}` : undefined,
    q.coupon_type ? sql`s.coupon_type = ${q.coupon_type}` : undefined,
    q.promo_type ? sql`s.promo_type = ${q.promo_type}` : undefined,
    q.targeting ? sql`s.targeting = ${q.targeting}` : undefined,
    q.active_on ? sql`s.start_date <= ${q.active_on}::date and s.end_date >= ${q.active_on}::date` : undefined,
  ],
  // Its product lines live beside the row, written in afterWrite.
  writable: writableColumns([couponSettingCreateBody, couponSettingUpdateBody], { notColumns: ['products'] }),
  check: async (tx, body, current) => {
    await requireIds(tx, ints(body.consumer_tag_ids), { table: 'custom_consumer_tags', field: 'consumer_tag_ids', label: 'Consumer tag' });
    await requireProvinces(tx, texts(body.province_codes));
    await checkProductLines(tx, lines(body.products));
    if (current && typeof body.quota === 'number' && body.quota < current.claimed) {
      const message = `The quota cannot go below the ${current.claimed} coupons already claimed`;
      throw badRequest(message, [{ path: 'quota', message }]);
    }
    if (current && current.codes_state !== 0 && typeof body.quota === 'number' && body.quota > current.codes_wanted) {
      const message = `The quota cannot go above the ${current.codes_wanted} codes generated`;
      throw badRequest(message, [{ path: 'quota', message }]);
    }
    // An amount has no maximum: switching from a percentage clears it.
    if (body.promo_type === PROMO_AMOUNT) body.max_discount = null;
    for (const c of ['consumer_tag_ids', 'province_codes']) {
      const literal = arrayLiteral(body[c]);
      if (literal !== undefined) body[c] = literal;
    }
  },
  afterWrite: async (tx, id, body) => {
    if (!Array.isArray(body.products)) return;
    await tx.execute(sql`delete from coupon_setting_products where coupon_setting_id = ${id}`);
    await tx.execute(sql`insert into coupon_setting_products (coupon_setting_id, product_id, supplier, coupon_amount)
      select ${id}, (r->>'product_id')::int, nullif(trim(r->>'supplier'), ''), (r->>'coupon_amount')::bigint from json_array_elements(${JSON.stringify(lines(body.products))}::json) r`);
  },
  auditView: (row) => {
    const { updated_by_name: _u, created_by_name: _c, product_count: _p, ...rest } = row;
    const d = row as Partial<CouponSettingDetail>;
    return { ...rest, products: d.products?.map((p) => ({ product_id: p.product_id, supplier: p.supplier, coupon_amount: p.coupon_amount })) };
  },
};

/** Coupon settings: the generic resource; the detail carries its product coupon lines with the catalogue's SKU, name and price. */
export class CouponSettingService extends ResourceService<CouponSettingRow, CouponSettingListQuery> {
  constructor(db: Db) {
    super(couponSettingDef, db);
  }

  override async get(id: number | string, tx: Db | Tx = this.db): Promise<CouponSettingDetail> {
    const row = await super.get(id, tx);
    const products = await queryRows(
      tx,
      sql`select p.id as product_id, p.plu as product_sku, p.name as product_name, coalesce(x.supplier, p.brand) as supplier, p.price as normal_price, x.coupon_amount
          from coupon_setting_products x join products p on p.id = x.product_id where x.coupon_setting_id = ${row.id} order by p.plu`,
    );
    return { ...row, ...readProducts({ products }) };
  }
}
