import { sql } from 'drizzle-orm';
import type { AppOrderBody, OrderAction } from '@portal/contract';
import { queryRows, type Db } from '../db/client.ts';
import type { AuditContext } from '../platform/audit.ts';
import { OrderFulfilmentService } from '../domains/orders/order-fulfilment.service.ts';
import { OrderPlacementService } from '../domains/orders/order-placement.service.ts';
import { orderSaleJob } from '../domains/orders/order-sale.job.ts';
import { OrderWorkflowService } from '../domains/orders/order-workflow.service.ts';
import { RaffleEntryService } from '../domains/loyalty/raffle-entry.service.ts';
import { StampAppService } from '../domains/loyalty/stamp-app.service.ts';
import { StampLedgerService } from '../domains/loyalty/stamp-ledger.service.ts';
import type { OnlineSaleRecorder } from '../domains/orders/orders.deps.ts';

const MINUTE = 60_000;
const DAY = 86_400_000;
/**
 * Orders over the last two weeks, made through the services (about 50 ms an order on PGlite): the demo's catalog scale (1
 * and above) gets enough to fill the list's pages and tabs; a smaller scale (the tests' 0.25) just enough for every
 * status and tab, so each test file's database costs about a second more, not seven.
 */
export const demoOrderCount = (scale: number): number => (scale >= 1 ? 60 : 24);
/** How long before now the newest order was placed: its moves take up to 2 h 20 min. */
const NEWEST_START = 150 * MINUTE;
const DRIVERS = [
  ['Agus Setiawan', '081311112222'],
  ['Rina Wulandari', '081322223333'],
  ['Dedi Kurniawan', '081333334444'],
] as const;

/** Where an order stops: most are delivered or collected; the newest are still on their way through the store. */
type Ending = 'unpaid' | 'expire' | 'payment_fail' | 'cancel_paid' | 'queued' | 'checked' | 'ready' | 'on_road' | 'incomplete' | 'done';
const ENDINGS_OF_OLDER: readonly Ending[] = ['done', 'done', 'expire', 'done', 'cancel_paid', 'done', 'payment_fail', 'done', 'done', 'done'];
/** The newest orders, newest first: one in each state a store works through today (with whether it is picked up). */
const ENDINGS_OF_NEWEST: readonly (readonly [Ending, boolean])[] = [
  ['unpaid', false],
  ['queued', false],
  ['queued', true],
  ['checked', false],
  ['ready', false],
  ['on_road', false],
  ['incomplete', false],
  ['ready', true],
];

/**
 * Demo orders made by the order services as the consumer app, the payment gateway and the store staff make them:
 * placed (stock taken, limits held), paid or expired or failed, picked (a few lines short, with a reason), given a
 * driver, delivered or collected, cancelled with a reason, each move on the order's timeline at its own time over the
 * last two weeks; a delivered order is recorded as an online sale, earning stamps, as the sale job does.
 */
export async function seedOrders(db: Db, sales: OnlineSaleRecorder, now = new Date(), count = demoOrderCount(1)): Promise<void> {
  const [admin] = await queryRows<{ id: number; name: string }>(db, sql`select id, name from users where username = 'admin.cms'`);
  const stores = await queryRows<{ id: number; code: string }>(db, sql`select id, code from stores where status = 1 order by id limit 4`);
  const consumers = await queryRows<{ id: number }>(db, sql`select id from consumers where status = 1 order by id limit 30`);
  const [reason] = await queryRows<{ id: number }>(db, sql`select id from cancel_reasons where status = 1 order by sort_order limit 1`);
  if (!admin || !stores.length || !consumers.length || !reason) return;
  const shelves = new Map<number, string[]>();
  for (const s of stores) {
    const rows = await queryRows<{ plu: string }>(
      db,
      sql`select p.plu from store_products sp join products p on p.id = sp.product_id
        where sp.store_id = ${s.id} and sp.is_active and p.status = 1 and sp.stock >= 30
          and not exists (select 1 from max_purchase_limitations m where m.product_id = p.id)
        order by p.plu limit 24`,
    );
    shelves.set(s.id, rows.map((r) => r.plu));
  }

  const placement = new OrderPlacementService(db);
  const workflow = new OrderWorkflowService(db);
  const fulfilment = new OrderFulfilmentService(db);
  const recordSale = orderSaleJob(db, new StampAppService(db, new StampLedgerService(db), new RaffleEntryService(db)), sales, { now: () => now });
  const staff = (at: Date): AuditContext => ({ actor: { userId: Number(admin.id), name: admin.name }, ip: null, now: at });

  for (let i = 0; i < count; i++) {
    const newest = count - 1 - i;
    const [ending, pickUp] = ENDINGS_OF_NEWEST[newest] ?? [ENDINGS_OF_OLDER[i % ENDINGS_OF_OLDER.length]!, i % 3 === 2];
    // Older orders spread over two weeks; the newest a few minutes apart, early enough that their last move (at most
    // about two and a half hours after placing) is still in the past.
    // The unpaid one is minutes old, so it still waits for its payment.
    const placedAt =
      ending === 'unpaid'
        ? new Date(now.getTime() - 10 * MINUTE)
        : newest < ENDINGS_OF_NEWEST.length
          ? new Date(now.getTime() - NEWEST_START - newest * 17 * MINUTE)
          : new Date(now.getTime() - 14 * DAY + (i * 13 * DAY) / count);
    const store = stores[i % stores.length]!;
    const plus = shelves.get(store.id) ?? [];
    if (plus.length < 4) continue;
    const lines = 1 + (i % 4);
    const body: AppOrderBody = {
      store_code: store.code,
      fulfilment: pickUp ? 2 : 1,
      delivery_mode: pickUp ? null : i % 2 ? 1 : 2,
      delivery_address: pickUp ? null : `Jl. Melati No. ${1 + (i % 40)}, ${store.code}`,
      items: Array.from({ length: lines }, (_, k) => ({ plu: plus[(i * 5 + k * 7) % plus.length]!, quantity: 1 + ((i + k) % 3) })).filter(
        (line, k, all) => all.findIndex((l) => l.plu === line.plu) === k,
      ),
      client_ref: `DEMO-${i}`,
    };
    const order = await placement.place(Number(consumers[i % consumers.length]!.id), body, placedAt);
    const id = order.order_id;
    let at = placedAt.getTime();
    const step = (minutes: number) => new Date((at += minutes * MINUTE));
    const system = (action: OrderAction, minutes: number, paymentRef?: string) =>
      workflow.move(id, { action, actor: { kind: 'system' }, ...(paymentRef ? { paymentRef } : {}) }, step(minutes));
    const byStaff = (action: OrderAction, minutes: number, extra: { cancelReasonId?: number; note?: string } = {}) =>
      workflow.move(id, { action, actor: { kind: 'staff', audit: staff(new Date(at + minutes * MINUTE)) }, ...extra }, step(minutes));

    if (ending === 'unpaid') continue;
    if (ending === 'expire') {
      await system('expire', 31);
      continue;
    }
    if (ending === 'payment_fail') {
      await system('payment_fail', 4);
      continue;
    }
    await system('pay', 3, `PG-DEMO-${String(i).padStart(4, '0')}`);
    await system('queue', 0);
    if (ending === 'cancel_paid') {
      await byStaff('cancel', 12, { cancelReasonId: Number(reason.id), note: 'Pelanggan membatalkan lewat telepon' });
      continue;
    }
    if (ending === 'queued') continue;
    // Every fourth order has its first line picked short: one fewer, for a reason from the list.
    const [first] = await queryRows<{ id: number; quantity: number; version: number }>(
      db,
      sql`select i.id, i.quantity, o.version from order_items i join orders o on o.id = i.order_id where i.order_id = ${id} order by i.id limit 1`,
    );
    if (i % 4 === 1 && first && lines > 1) {
      await fulfilment.pick(id, { version: Number(first.version), items: [{ id: Number(first.id), picked_quantity: Number(first.quantity) - 1, unpick_reason: 1 + (i % 3) }] }, staff(step(15)));
    }
    await byStaff('check_stock', 20);
    if (ending === 'checked') continue;
    await byStaff('confirm_pick', 25);
    if (ending === 'ready') continue;
    if (pickUp) {
      await byStaff('hand_over', 90);
    } else {
      const [name, phone] = DRIVERS[i % DRIVERS.length]!;
      const [current] = await queryRows<{ version: number }>(db, sql`select version from orders where id = ${id}`);
      await fulfilment.assignDriver(id, { driver_name: name, driver_phone: phone, delivery_mode: body.delivery_mode ?? 2, version: Number(current!.version) }, staff(step(10)));
      await byStaff('dispatch', 5);
      if (ending === 'on_road') continue;
      if (ending === 'incomplete') {
        await byStaff('delivery_incomplete', 60, { note: 'Penerima tidak ada di alamat' });
        continue;
      }
      await byStaff('deliver', 45);
    }
    await recordSale({ order_id: id }, { id: `demo-sale-${id}`, retryCount: 0, retryLimit: 0, lastAttempt: true });
  }
}
