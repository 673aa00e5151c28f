import { sql } from 'drizzle-orm';
import { ORDER_DISTRIBUTED, returnsStock, type GuardedChange, type PatchOrderInput } from '@portal/contract';
import { queryRows, type Tx } from '../../db/client.ts';
import { conflict, notFound, unprocessable } from '../../platform/errors.ts';
import type { GuardedContext, GuardedTool } from '../../platform/guarded/guarded-writes.ts';
import type { JobQueue } from '../../platform/jobs.ts';
import { countOrderMove } from './order-rollup.ts';
import { ORDER_SALE_JOB } from './order-sale.job.ts';
import { statusText } from './order-workflow.service.ts';
import { ORDER_SUBJECT, recordMove } from './workflow-move.ts';

/** A store product's stock moved by a patch: given back (+) or taken again (−). */
interface StockDelta {
  store_product_id: number;
  delta: number;
}

interface PatchData {
  orderId: number;
  orderNo: string;
  from: number;
  to: number;
  deltas: StockDelta[];
}

/** What undoing a patch needs: the move it made and the stock it moved, and the order's version after it. */
interface PatchUndo extends PatchData {
  version: number;
}

const statusName = (s: number) => `${s} ${statusText(s)}`;

/** The picked units of an order by store product, with the product's stock now (rows locked in product order when `lock`). */
async function pickedStock(tx: Tx, orderId: number, storeId: number, lock: boolean) {
  return queryRows<{ store_product_id: number; plu: string; name: string; picked: number; stock: number; store_code: string }>(
    tx,
    sql`with r as (select product_id, min(plu) as plu, min(name) as name, sum(picked_quantity)::int as picked from order_items where order_id = ${orderId} group by product_id having sum(picked_quantity) > 0)
      select sp.id as store_product_id, r.plu, r.name, r.picked, sp.stock, s.code as store_code
      from r join store_products sp on sp.store_id = ${storeId} and sp.product_id = r.product_id join stores s on s.id = sp.store_id
      order by sp.product_id ${lock ? sql`for update of sp` : sql``}`,
  );
}

/**
 * heimdal Patch Order as a guarded write: moves an order to any status, outside the workflow, with the operator's reason
 * on its timeline. What the workflow would do to the stock between the two statuses is done too, shown in the preview:
 * a move into an ending that gives stock back (unpaid, cancelled) returns the picked units; a move out of one takes them
 * again, refused when the store no longer has them. Order counters follow the move. A patch into Distribute to Customer
 * records the sale (stamps, sales reports), which no undo can take back, so it asks for the order number typed and
 * cannot be undone; any other patch can be, while the order is still as the patch left it.
 */
export function patchOrderTool(jobs: JobQueue): GuardedTool<PatchOrderInput, PatchData, PatchUndo> {
  return {
    tool: 'patch-order',
    async plan(tx, input, lock) {
      const [order] = await queryRows<{ id: number; order_no: string; status: number; version: number; store_id: number; payment_status: string }>(
        tx,
        sql`select id, order_no, status, version, store_id, payment_status from orders where order_no = ${input.order_no} ${lock ? sql`for update` : sql``}`,
      );
      if (!order) throw notFound('Order');
      const from = Number(order.status);
      const to = input.to_status;
      if (Number(order.version) !== input.version) throw conflict('This order was changed by someone else after you opened it. Look it up again to see the latest version.');
      if (from === to) throw unprocessable(`The order is already ${statusText(to)}`);
      const changes: GuardedChange[] = [{ entity: 'order', entity_id: String(order.id), label: order.order_no, field: 'status', before: statusName(from), after: statusName(to) }];
      const notes: string[] = [];
      const deltas: StockDelta[] = [];
      const sign = returnsStock(to) === returnsStock(from) ? 0 : returnsStock(to) ? 1 : -1;
      if (sign !== 0) {
        for (const p of await pickedStock(tx, Number(order.id), Number(order.store_id), lock)) {
          const after = Number(p.stock) + sign * Number(p.picked);
          if (after < 0) throw unprocessable(`Only ${p.stock} of ${p.name} (PLU ${p.plu}) left at the store: the order's ${p.picked} cannot be taken again`);
          deltas.push({ store_product_id: Number(p.store_product_id), delta: sign * Number(p.picked) });
          changes.push({ entity: 'store-product', entity_id: String(p.store_product_id), label: `${p.store_code} · PLU ${p.plu} ${p.name}`, field: 'stock', before: Number(p.stock), after });
        }
        notes.push(sign > 0 ? 'The picked units go back to the store’s stock, as a cancellation gives them back.' : 'The picked units are taken from the store’s stock again.');
      } else {
        notes.push('Stock is not changed: the order holds the same units in both statuses.');
      }
      notes.push(`The payment status stays ${order.payment_status}.`);
      notes.push('The order’s timeline records the patch with your reason.');
      const irreversible = to === ORDER_DISTRIBUTED;
      if (irreversible) notes.push('The order becomes a sale: it earns stamps and counts in the sales reports. This cannot be undone.');
      return { changes, notes, confirmation: irreversible ? order.order_no : null, undoable: !irreversible, data: { orderId: Number(order.id), orderNo: order.order_no, from, to, deltas } };
    },

    async apply(tx, plan, ctx) {
      const d = plan.data;
      const version = await move(tx, d.orderId, 'patch', d.from, d.to, ctx);
      await moveStock(tx, d.deltas, 1);
      if (d.to === ORDER_DISTRIBUTED) await jobs.send(ORDER_SALE_JOB, { order_id: d.orderId }, { tx });
      return { ...d, version };
    },

    async undo(tx, u, ctx) {
      const [order] = await queryRows<{ status: number; version: number }>(tx, sql`select status, version from orders where id = ${u.orderId} for update`);
      if (!order) throw notFound('Order');
      if (Number(order.status) !== u.to || Number(order.version) !== u.version) {
        throw conflict(`Order ${u.orderNo} changed after this patch (it is now ${statusText(Number(order.status))}): patch it again instead`);
      }
      await moveStock(tx, u.deltas, -1);
      await move(tx, u.orderId, 'patch_undo', u.to, u.from, ctx);
    },
  };
}

async function move(tx: Tx, orderId: number, action: string, from: number, to: number, ctx: GuardedContext): Promise<number> {
  const version = await recordMove(
    tx,
    ORDER_SUBJECT,
    { id: orderId, action, from, to, actor: { kind: 'staff', audit: ctx.audit }, note: ctx.reason, auditNote: ctx.reason, set: sql`cancel_reason_id = cancel_reason_id` },
    ctx.now,
  );
  await countOrderMove(tx, orderId, from, to);
  return version;
}

/** Moves the stock by each delta (`direction` −1 reverses them); a unit that is no longer there refuses the whole change. */
async function moveStock(tx: Tx, deltas: StockDelta[], direction: 1 | -1): Promise<void> {
  for (const d of [...deltas].sort((a, b) => a.store_product_id - b.store_product_id)) {
    const change = d.delta * direction;
    const [moved] = await queryRows<{ id: number }>(tx, sql`update store_products set stock = stock + ${change} where id = ${d.store_product_id} and stock + ${change} >= 0 returning id`);
    if (!moved) throw conflict('A product of this order no longer has the units in the store’s stock to take again');
  }
}
