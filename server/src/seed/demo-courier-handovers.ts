import { sql } from 'drizzle-orm';
import type { OrderAction } from '@portal/contract';
import { queryRows, type Db } from '../db/client.ts';
import type { AuditContext } from '../platform/audit.ts';
import { SIMULATED_OUTAGE, SimulatedCourier } from '../domains/orders/courier.ts';
import { requestCourierHandover } from '../domains/orders/courier-handover.ts';
import { courierHandoverJob } from '../domains/orders/courier-handover.job.ts';
import { OrderPlacementService } from '../domains/orders/order-placement.service.ts';
import { OrderWorkflowService } from '../domains/orders/order-workflow.service.ts';

const MINUTE = 60_000;

/** How a demo hand-over ends: what the simulated courier is told (its failure switch), and where the order goes. */
interface Story {
  minutesAgo: number;
  address: string;
  /** The courier's failure switch while it is asked (null: working). */
  outage: string | null;
}

const STORIES: readonly Story[] = [
  { minutesAgo: 300, address: 'Jl. Kenanga No. 8', outage: SIMULATED_OUTAGE },
  { minutesAgo: 240, address: 'Jl. Anggrek Raya No. 21', outage: null },
  { minutesAgo: 200, address: 'Jalan Flamboyan, belakang masjid', outage: null },
  { minutesAgo: 150, address: 'Jl. Cempaka Putih No. 3A', outage: 'NO_DRIVER_AVAILABLE: no driver accepted the booking near the store' },
  { minutesAgo: 100, address: 'Jl. Mawar No. 45', outage: SIMULATED_OUTAGE },
];

/**
 * 3PL delivery orders handed over to the simulated courier through the real path, so heimdal's Grab Retry has rows:
 * each placed as the consumer app places it, paid, checked and confirmed by the order workflow, its hand-over asked for
 * as the move to Ready to Delivery asks for it, and the hand-over job run with the courier. One is booked (the
 * courier's driver on the order); one is refused for an address without a house number (a retry fails again); three
 * fail while the courier is down or finds no driver (a retry in the running portal, whose courier works, books them).
 */
export async function seedCourierHandovers(db: Db, now = new Date()): Promise<void> {
  const [admin] = await queryRows<{ id: number; name: string }>(db, sql`select id, name from users where username = 'admin.cms'`);
  const stores = await queryRows<{ id: number; code: string; name: string }>(db, sql`select id, code, name from stores where status = 1 order by id limit 4`);
  const consumers = await queryRows<{ id: number }>(db, sql`select id from consumers where status = 1 order by id desc limit ${STORIES.length}`);
  if (!admin || !stores.length || consumers.length < STORIES.length) return;

  const placement = new OrderPlacementService(db);
  // The seed asks for each hand-over itself and runs its job at once (no queue runs while seeding).
  const workflow = new OrderWorkflowService(db);
  const courier = new SimulatedCourier();
  let at = now;
  const book = courierHandoverJob(db, courier, { now: () => at });
  const staff = (when: Date): AuditContext => ({ actor: { userId: Number(admin.id), name: admin.name }, ip: null, now: when });

  for (const [i, story] of STORIES.entries()) {
    const store = stores[i % stores.length]!;
    const plus = await queryRows<{ plu: string }>(
      db,
      sql`select p.plu from store_products sp join products p on p.id = sp.product_id
        where sp.store_id = ${store.id} and sp.is_active and p.status = 1 and sp.stock >= 30
          and not exists (select 1 from max_purchase_limitations m where m.product_id = p.id)
        order by p.plu desc limit 3`,
    );
    if (plus.length < 2) continue;
    at = new Date(now.getTime() - story.minutesAgo * MINUTE);
    const placed = await placement.place(
      Number(consumers[i]!.id),
      {
        store_code: store.code,
        fulfilment: 1,
        delivery_mode: 1,
        delivery_address: `${story.address}, ${store.name.replace(/^Toko Segar /, '')}`,
        items: plus.map((p, k) => ({ plu: p.plu, quantity: 1 + ((i + k) % 2) })),
        client_ref: `DEMO-COURIER-${i}`,
      },
      at,
    );
    const id = placed.order_id;
    const step = (minutes: number) => (at = new Date(at.getTime() + minutes * MINUTE));
    const move = (action: OrderAction, minutes: number, system = false) =>
      workflow.move(id, { action, actor: system ? { kind: 'system' } : { kind: 'staff', audit: staff(step(minutes)) } }, system ? step(minutes) : at);
    await move('pay', 2, true);
    await move('queue', 0, true);
    await move('check_stock', 15);
    await move('confirm_pick', 20);
    // The move to Ready to Delivery asks for the hand-over (the app's workflow does it in the move's transaction).
    const handover = await db.transaction((tx) => requestCourierHandover(tx, id, null, at));
    if (handover === null) continue;
    courier.outage = story.outage;
    step(1);
    await book({ handover_id: handover }, { id: `demo-courier-${handover}`, retryCount: 0, retryLimit: 0, lastAttempt: true });
  }
  courier.outage = null;
}
