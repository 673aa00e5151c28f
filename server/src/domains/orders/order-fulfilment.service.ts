import { sql } from 'drizzle-orm';
import { DELIVERY_MODE, ORDER_UNPICK_REASON, canAssignDriver, canEditOrderItems, type OrderDriverBody, type OrderItemsBody } from '@portal/contract';
import { queryRows, type Db, type Tx } from '../../db/client.ts';
import { writeAudit, type AuditContext } from '../../platform/audit.ts';
import { badRequest, conflict, unprocessable } from '../../platform/errors.ts';
import { lockOrder, statusText } from './order-workflow.service.ts';

type Line = {
  id: number;
  product_id: number;
  name: string;
  quantity: number;
  picked_quantity: number;
};
interface Picked {
  id: number;
  picked_quantity: number;
  unpick_reason: number | null;
}

const reasonText = (code: number | null) => (code === null ? '' : ` (${ORDER_UNPICK_REASON.label(code as (typeof ORDER_UNPICK_REASON.values)[number])})`);

/**
 * The store's side of an order between its payment and the road: how many of each line it picked, and who drives it.
 * Each change locks the order (lockOrder, as the workflow does), checks the version the staff member saw, moves the
 * stock by what changed (given back when lowered, taken again when raised, never below zero), and writes a timeline
 * entry and an audit entry, in one transaction.
 */
export class OrderFulfilmentService {
  constructor(private readonly db: Db) {}

  /** Sets picked quantities of some lines (0 unpicks), each short one with its reason, while the store checks the order. */
  async pick(orderId: number, body: OrderItemsBody, audit: AuditContext): Promise<void> {
    await this.db.transaction(async (tx) => {
      const order = await lockOrder(tx, orderId, body.version);
      if (!canEditOrderItems(order)) throw conflict(`This order is ${statusText(order.status)}: its items can be changed only while the store checks it`);
      const lines = await this.lines(tx, orderId);
      const byId = new Map(lines.map((l) => [l.id, l]));
      const changes = body.items.map((p, i) => {
        const line = byId.get(p.id);
        if (!line) throw badRequest('A line is not of this order', [{ path: `items.${i}.id`, message: 'Not a line of this order' }]);
        if (p.picked_quantity > line.quantity) {
          throw unprocessable(`At most ${line.quantity} of ${line.name} were ordered: the store cannot hand over more`);
        }
        if (p.picked_quantity < line.quantity && p.unpick_reason === null) {
          throw badRequest('Give the reason a line is picked short', [{ path: `items.${i}.unpick_reason`, message: 'Choose an unpick reason from the list' }]);
        }
        return { line, picked: { ...p, unpick_reason: p.picked_quantity < line.quantity ? p.unpick_reason : null } };
      });
      await this.apply(tx, orderId, order.store_id, order.status, changes, audit);
    });
  }

  /** Unpicks every line with one reason: the store has none of the order to hand over (it is then cancelled). */
  async unpickAll(orderId: number, reason: number, version: number, audit: AuditContext): Promise<void> {
    await this.db.transaction(async (tx) => {
      const order = await lockOrder(tx, orderId, version);
      if (!canEditOrderItems(order)) throw conflict(`This order is ${statusText(order.status)}: its items can be changed only while the store checks it`);
      const lines = await this.lines(tx, orderId);
      const changes = lines.map((line) => ({ line, picked: { id: line.id, picked_quantity: 0, unpick_reason: reason } }));
      await this.apply(tx, orderId, order.store_id, order.status, changes, audit);
    });
  }

  /** A new driver for a delivery order waiting for one, on the road, or going out again. */
  async assignDriver(orderId: number, body: OrderDriverBody, audit: AuditContext): Promise<void> {
    await this.db.transaction(async (tx) => {
      const order = await lockOrder(tx, orderId, body.version);
      if (!canAssignDriver(order)) throw conflict(`This order is ${statusText(order.status)}: a driver is assigned only to a delivery order that is ready, on the road or going out again`);
      await tx.execute(sql`update orders set driver_name = ${body.driver_name}, driver_phone = ${body.driver_phone}, delivery_mode = ${body.delivery_mode},
          driver_assigned_at = ${audit.now}, version = version + 1, updated_at = ${audit.now}, updated_by = ${audit.actor?.userId ?? null}
        where id = ${orderId}`);
      const mode = DELIVERY_MODE.label(body.delivery_mode);
      await this.timeline(tx, orderId, 'assign_driver', order.status, `${body.driver_name} (${mode})`, audit);
      // The driver's phone stays out of the audit body: it is contact data.
      await writeAudit(tx, audit, { action: 'order.assign_driver', entity: 'order', entityId: orderId, after: { driver_name: body.driver_name, delivery_mode: body.delivery_mode } });
    });
  }

  private lines(tx: Tx, orderId: number): Promise<Line[]> {
    return queryRows<Line>(tx, sql`select id, product_id, name, quantity, picked_quantity from order_items where order_id = ${orderId} order by id`).then((rows) =>
      rows.map((r) => ({ id: Number(r.id), product_id: Number(r.product_id), name: r.name, quantity: Number(r.quantity), picked_quantity: Number(r.picked_quantity) })),
    );
  }

  private async apply(tx: Tx, orderId: number, storeId: number, status: number, changes: { line: Line; picked: Picked }[], audit: AuditContext): Promise<void> {
    // What each product's stock gains: lowered lines give units back, raised ones take them again.
    const gain = new Map<number, number>();
    for (const { line, picked } of changes) gain.set(line.product_id, (gain.get(line.product_id) ?? 0) + line.picked_quantity - picked.picked_quantity);
    const moves = [...gain].filter(([, n]) => n !== 0).map(([product_id, delta]) => ({ product_id, delta }));
    if (moves.length) {
      // Rows locked in product order, as placing an order takes them; a take the stock cannot cover updates nothing.
      const moved = await queryRows<{ product_id: number }>(
        tx,
        sql`with d as (select * from json_to_recordset(${JSON.stringify(moves)}::json) as x(product_id int, delta int)),
            k as (select sp.id from store_products sp where sp.store_id = ${storeId} and sp.product_id in (select product_id from d) order by sp.product_id for update)
          update store_products sp set stock = sp.stock + d.delta from d
          where sp.store_id = ${storeId} and sp.product_id = d.product_id and sp.id in (select id from k) and sp.stock + d.delta >= 0
          returning sp.product_id`,
      );
      const done = new Set(moved.map((m) => Number(m.product_id)));
      const short = moves.find((m) => m.delta < 0 && !done.has(m.product_id));
      if (short) {
        const name = changes.find((c) => c.line.product_id === short.product_id)?.line.name ?? 'this product';
        throw unprocessable(`Not enough ${name} left in the store's stock to pick ${-short.delta} more`);
      }
    }
    const picked = changes.map((c) => c.picked);
    await tx.execute(sql`update order_items i set picked_quantity = x.picked_quantity, unpick_reason = x.unpick_reason
      from json_to_recordset(${JSON.stringify(picked)}::json) as x(id bigint, picked_quantity int, unpick_reason smallint)
      where i.id = x.id and i.order_id = ${orderId}`);
    await tx.execute(sql`update orders o set picked_total = t.picked_total, has_unpick = t.short, unpick_reasons = t.reasons, version = version + 1,
        updated_at = ${audit.now}, updated_by = ${audit.actor?.userId ?? null}
      from (select coalesce(sum(price * picked_quantity), 0) as picked_total, coalesce(bool_or(picked_quantity < quantity), false) as short,
          coalesce(array_agg(distinct unpick_reason order by unpick_reason) filter (where unpick_reason is not null and picked_quantity < quantity), '{}') as reasons
        from order_items where order_id = ${orderId}) t
      where o.id = ${orderId}`);
    const edited = changes.filter((c) => c.picked.picked_quantity !== c.line.picked_quantity || c.picked.unpick_reason !== null);
    const note = edited.map((c) => `${c.line.name}: ${c.line.picked_quantity} → ${c.picked.picked_quantity}${reasonText(c.picked.unpick_reason)}`).join('; ');
    await this.timeline(tx, orderId, 'pick_items', status, note || null, audit);
    await writeAudit(tx, audit, {
      action: 'order.pick_items',
      entity: 'order',
      entityId: orderId,
      before: { items: edited.map((c) => ({ id: c.line.id, picked_quantity: c.line.picked_quantity })) },
      after: { items: edited.map((c) => c.picked) },
    });
  }

  /** A change that is not a move still goes on the order's timeline, in its current status. */
  private async timeline(tx: Tx, orderId: number, action: string, status: number, note: string | null, audit: AuditContext): Promise<void> {
    await tx.execute(sql`insert into order_events (order_id, action, from_status, to_status, actor_kind, actor_id, note, at)
      values (${orderId}, ${action}, ${status}, ${status}, 'staff', ${audit.actor?.userId ?? null}, ${note}, ${audit.now})`);
  }
}
