import { sql } from 'drizzle-orm';
import { ORDER_STATUS, returnsStock, type PatchOrderView } from '@portal/contract';
import { queryRows, type Db } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';
import type { OrderService } from './order.resource.ts';

/**
 * heimdal Patch Order's look-up: the order by number, as staff see it, as the store system (MSI) receives it, and its
 * goods movements (GM) against the store's stock. No personal data: an operator fixes the order, not the consumer.
 */
export class PatchOrderService {
  constructor(
    private readonly db: Db,
    private readonly orders: OrderService,
  ) {}

  async lookup(orderNo: string): Promise<PatchOrderView> {
    const [found] = await queryRows<{ id: number }>(this.db, sql`select id from orders where order_no = ${orderNo}`);
    if (!found) throw notFound(`Order ${orderNo}`);
    const o = await this.orders.detail(Number(found.id));
    const stock = await queryRows<{ product_id: number; stock: number }>(
      this.db,
      sql`select product_id, stock from store_products where store_id = ${o.store_id} and product_id in (select product_id from order_items where order_id = ${o.id})`,
    );
    const stockOf = new Map(stock.map((s) => [Number(s.product_id), Number(s.stock)]));
    const ended = returnsStock(o.status);
    const byProduct = new Map<number, PatchOrderView['gm'][number]>();
    for (const i of o.items) {
      const gm = byProduct.get(i.product_id) ?? { plu: i.plu, name: i.name, taken: 0, returned_by_picking: 0, returned_by_ending: 0, held: 0, store_stock: stockOf.get(i.product_id) ?? null };
      gm.taken += i.quantity;
      gm.returned_by_picking += i.quantity - i.picked_quantity;
      gm.returned_by_ending += ended ? i.picked_quantity : 0;
      gm.held = gm.taken - gm.returned_by_picking - gm.returned_by_ending;
      byProduct.set(i.product_id, gm);
    }
    return {
      id: o.id,
      order_no: o.order_no,
      status: o.status,
      version: o.version,
      fulfilment: o.fulfilment,
      store_code: o.store_code,
      store_name: o.store_name,
      total: o.total,
      created_at: o.created_at,
      updated_at: o.updated_at,
      timeline: o.timeline,
      msi: {
        store_code: o.store_code,
        order_no: o.order_no,
        status: o.status,
        payment_status: o.payment_status,
        items: o.items.map((i) => ({ plu: i.plu, name: i.name, price: i.price, quantity: i.quantity, picked_quantity: i.picked_quantity, unpick_reason: i.unpick_reason })),
        items_total: o.items_total,
        picked_total: o.picked_total,
        delivery_fee: o.delivery_fee,
        total: o.total,
      },
      gm: [...byProduct.values()],
      targets: ORDER_STATUS.values.filter((s) => s !== o.status),
    };
  }
}
