import { sql } from 'drizzle-orm';
import { appOrderDetail, appOrderRow, appStoreProduct, stampDayOf, type AppOrderDetail, type AppOrderRow, type AppStoreProduct } from '@portal/contract';
import { queryRows, type Db } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';
import { likePattern } from '../../platform/pagination.ts';
import { rowReader } from '../../platform/sql/row-reader.ts';
import { REFUND_DUE } from './order.resource.ts';

const APP_ORDER = sql`select o.id as order_id, o.order_no, s.code as store_code, s.name as store_name, o.status, o.fulfilment,
  (select count(*) from order_items i where i.order_id = o.id) as item_count, o.total, ${REFUND_DUE} as refund_due, o.payment_status,
  o.payment_expires_at, o.created_at, o.updated_at`;

const readRow = rowReader(appOrderRow);
const readDetail = rowReader(appOrderDetail);
const readProduct = rowReader(appStoreProduct);

/** The consumer app's reads of orders: its own orders (never another's: 404), and a store's products on sale. */
export class OrderAppService {
  constructor(private readonly db: Db) {}

  async mine(consumerId: number, q: { before_id?: number | undefined; limit: number }): Promise<AppOrderRow[]> {
    const rows = await queryRows(
      this.db,
      sql`${APP_ORDER} from orders o join stores s on s.id = o.store_id
        where o.consumer_id = ${consumerId} ${q.before_id ? sql`and o.id < ${q.before_id}` : sql``}
        order by o.id desc limit ${q.limit}`,
    );
    return rows.map(readRow);
  }

  /** The order with its lines as picked and the statuses it went through (the timeline without staff names or notes). */
  async one(consumerId: number, orderId: number): Promise<AppOrderDetail> {
    const [row] = await queryRows(
      this.db,
      sql`${APP_ORDER}, o.delivery_mode, o.delivery_address, o.driver_name, o.driver_phone, o.items_total, o.picked_total, o.delivery_fee,
          r.name as cancel_reason,
          coalesce((select json_agg(json_build_object('plu', i.plu, 'name', i.name, 'price', i.price, 'quantity', i.quantity, 'picked_quantity', i.picked_quantity) order by i.id)
            from order_items i where i.order_id = o.id), '[]'::json) as items,
          coalesce((select json_agg(json_build_object('status', e.to_status, 'at', e.at) order by e.at, e.id)
            from order_events e where e.order_id = o.id and (e.from_status is null or e.from_status <> e.to_status)), '[]'::json) as statuses
        from orders o join stores s on s.id = o.store_id left join cancel_reasons r on r.id = o.cancel_reason_id
        where o.id = ${orderId} and o.consumer_id = ${consumerId}`,
    );
    if (!row) throw notFound('Order');
    return readDetail(row);
  }

  /** An active store's active products, by name or PLU, with the price an order charges and today's per-order limit. */
  async storeProducts(code: string, q: { search?: string | undefined; page: number; limit: number }, now: Date): Promise<AppStoreProduct[]> {
    const [store] = await queryRows<{ id: number }>(this.db, sql`select id from stores where upper(code) = upper(${code}) and status = 1`);
    if (!store) throw notFound('Store');
    const day = stampDayOf(now);
    const search = q.search ? sql`and (p.plu = upper(${q.search}) or lower(p.name) like lower(${likePattern(q.search)}))` : sql``;
    const rows = await queryRows(
      this.db,
      sql`select p.plu, p.name, p.brand, p.uom, p.image_url, sp.price, sp.promo_price, greatest(sp.stock - coalesce((select sh.quantity from stock_shadows sh where sh.product_id = p.id), 0), 0) as stock,
          (select min(x.max_qty) from max_purchase_limitations x where x.product_id = p.id and x.status = 1 and x.start_date <= ${day}::date and x.end_date >= ${day}::date) as max_per_order
        from store_products sp join products p on p.id = sp.product_id
        where sp.store_id = ${store.id} and sp.is_active and p.status = 1 ${search}
        order by p.name, p.id limit ${q.limit} offset ${(q.page - 1) * q.limit}`,
    );
    return rows.map(readProduct);
  }
}
