import { sql } from 'drizzle-orm';
import { jakartaDay, jakartaDayStart, type AppOrderBody, type OrderAction } from '@portal/contract';
import { queryRows, type Db } from '../db/client.ts';
import type { AuditContext } from '../platform/audit.ts';
import { AppError } from '../platform/errors.ts';
import { OrderFulfilmentService } from '../domains/orders/order-fulfilment.service.ts';
import { OrderPlacementService } from '../domains/orders/order-placement.service.ts';
import { orderSaleJob } from '../domains/orders/order-sale.job.ts';
import { OrderWorkflowService } from '../domains/orders/order-workflow.service.ts';
import type { OnlineSaleRecorder } from '../domains/orders/orders.deps.ts';
import { PreOrderEventService } from '../domains/orders/pre-order-event.resource.ts';
import { RaffleEntryService } from '../domains/loyalty/raffle-entry.service.ts';
import { StampAppService } from '../domains/loyalty/stamp-app.service.ts';
import { StampLedgerService } from '../domains/loyalty/stamp-ledger.service.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Pre-orders of the running event and of the past one: enough to fill the reports' pages at the demo's scale. */
export const demoPreOrderCounts = (scale: number): { running: number; past: number } => (scale >= 1 ? { running: 36, past: 24 } : { running: 8, past: 5 });

/** The hampers of a campaign: its special packs first, then tins of biscuits and syrups, as the catalog names them. */
const LEBARAN = ['Spesial Lebaran %', 'Ramadan %', '% Kaleng %', '% Sirup %'];
const YEAR_END = ['Akhir Tahun %', '% Cokelat %', '% Kaleng %', '% Biskuit %'];

interface Campaign {
  code: string;
  name: string;
  description: string;
  orderStart: Date;
  orderEnd: Date;
  collectionStart: string;
  collectionEnd: string;
  products: readonly string[];
  count: number;
}

/**
 * Demo pre-order events and their pre-orders, made by the services as staff and the consumer app make them: the events
 * created by the CMS admin (stores and products with quotas), each pre-order placed by a consumer through the order
 * placement (quota and stock taken), then paid or left to expire, cancelled, or prepared and collected on its
 * collection day, each move at its own time; a collected one is recorded as an online sale, as the sale job does.
 * One event is taking orders now (collected from a few days ago to next week), one ended last month.
 */
export async function seedPreOrders(db: Db, sales: OnlineSaleRecorder, now = new Date(), counts = demoPreOrderCounts(1)): Promise<void> {
  const [admin] = await queryRows<{ id: number; name: string }>(db, sql`select id, name from users where username = 'admin.cms'`);
  const stores = await queryRows<{ id: number; code: string }>(db, sql`select id, code from stores where status = 1 order by id limit 4`);
  const consumers = await queryRows<{ id: number }>(db, sql`select id from consumers where status = 1 order by id limit 30`);
  const [reason] = await queryRows<{ id: number }>(db, sql`select id from cancel_reasons where status = 1 order by sort_order limit 1`);
  if (!admin || stores.length < 2 || !consumers.length || !reason) return;
  const staffAt = (at: Date): AuditContext => ({ actor: { userId: Number(admin.id), name: admin.name }, ip: null, now: at });
  const events = new PreOrderEventService(db);
  const placement = new OrderPlacementService(db);
  const workflow = new OrderWorkflowService(db);
  const fulfilment = new OrderFulfilmentService(db);
  const recordSale = orderSaleJob(db, new StampAppService(db, new StampLedgerService(db), new RaffleEntryService(db)), sales, { now: () => now });
  const today = jakartaDay(now);
  const dayOf = (offset: number) => jakartaDay(new Date(now.getTime() + offset * DAY));
  const year = Number(today.slice(0, 4));

  const campaigns: Campaign[] = [
    {
      code: `LEBARAN-${year}`,
      name: `Hampers Lebaran ${year}`,
      description: 'Parsel Lebaran dipesan di aplikasi, diambil di toko pilihan atau diantar pada hari yang dipilih.',
      orderStart: new Date(now.getTime() - 10 * DAY),
      orderEnd: new Date(now.getTime() + 5 * DAY),
      collectionStart: dayOf(-3),
      collectionEnd: dayOf(10),
      products: LEBARAN,
      count: counts.running,
    },
    {
      code: `AKHIR-TAHUN-${year - 1}`,
      name: `Parsel Akhir Tahun ${year - 1}`,
      description: 'Parsel akhir tahun untuk keluarga dan kantor.',
      orderStart: new Date(now.getTime() - 60 * DAY),
      orderEnd: new Date(now.getTime() - 35 * DAY),
      collectionStart: dayOf(-33),
      collectionEnd: dayOf(-30),
      products: YEAR_END,
      count: counts.past,
    },
  ];

  for (const [c, campaign] of campaigns.entries()) {
    const participating = stores.slice(c % 2, (c % 2) + 3);
    // Products of the campaign that the participating stores carry with stock, those most of them carry first.
    const offered = await queryRows<{ id: number; plu: string }>(
      db,
      sql`select p.id, p.plu from products p join store_products sp on sp.product_id = p.id
        where p.status = 1 and sp.is_active and sp.stock >= 20 and sp.store_id in (${sql.join(participating.map((s) => sql`${s.id}`), sql`, `)})
          and p.name like any (array[${sql.join(campaign.products.map((p) => sql`${p}`), sql`, `)}])
          and not exists (select 1 from max_purchase_limitations m where m.product_id = p.id)
        group by p.id, p.plu order by count(*) desc, p.plu limit 5`,
    );
    if (!offered.length) continue;
    const created = await events.create(
      {
        code: campaign.code,
        name: campaign.name,
        description: campaign.description,
        order_start: campaign.orderStart.toISOString(),
        order_end: campaign.orderEnd.toISOString(),
        collection_start: campaign.collectionStart,
        collection_end: campaign.collectionEnd,
        status: 1,
        store_ids: participating.map((s) => Number(s.id)),
        products: offered.map((p, i) => ({ product_id: Number(p.id), quota: 60 + 20 * i })),
      },
      staffAt(campaign.orderStart),
    );
    // What each store carries of the event's products.
    const shelves = new Map<number, string[]>();
    for (const s of participating) {
      const rows = await queryRows<{ plu: string }>(
        db,
        sql`select p.plu from store_products sp join products p on p.id = sp.product_id
          where sp.store_id = ${s.id} and sp.is_active and sp.stock >= 20 and p.id in (select product_id from pre_order_event_products where event_id = ${created.id}) order by p.plu`,
      );
      shelves.set(Number(s.id), rows.map((r) => r.plu));
    }
    const window = Math.min(campaign.orderEnd.getTime(), now.getTime() - HOUR) - campaign.orderStart.getTime();
    for (let i = 0; i < campaign.count; i++) {
      const store = participating[i % participating.length]!;
      const plus = shelves.get(Number(store.id)) ?? [];
      if (!plus.length) continue;
      // The newest pre-order of the running event waits for its payment, placed minutes ago.
      const waiting = c === 0 && i === campaign.count - 1;
      const placedAt = waiting ? new Date(now.getTime() - 5 * MINUTE) : new Date(campaign.orderStart.getTime() + Math.floor(((i + 0.5) * window) / campaign.count));
      const earliest = jakartaDay(placedAt) > campaign.collectionStart ? jakartaDay(placedAt) : campaign.collectionStart;
      const span = Math.max(0, Math.round((Date.parse(campaign.collectionEnd) - Date.parse(earliest)) / DAY));
      const collectionDay = jakartaDay(new Date(Date.parse(`${earliest}T05:00:00Z`) + ((i * 5) % (span + 1)) * DAY));
      const delivered = i % 5 === 3;
      const body: AppOrderBody = {
        store_code: store.code,
        fulfilment: delivered ? 1 : 2,
        delivery_mode: delivered ? 2 : null,
        delivery_address: delivered ? `Jl. Kenanga No. ${1 + (i % 30)}, ${store.code}` : null,
        items: plus.slice(i % plus.length).concat(plus.slice(0, i % plus.length)).slice(0, 1 + (i % 2)).map((plu, k) => ({ plu, quantity: 1 + ((i + k) % 3) })),
        client_ref: `DEMO-PO-${c}-${i}`,
        event_code: campaign.code,
        collection_day: collectionDay,
      };
      // A store short of a product refuses the pre-order (422), as it would the app's: the demo goes on without it.
      const order = await placement.place(Number(consumers[(i * 7 + c) % consumers.length]!.id), body, placedAt).catch((err: unknown) => {
        if (err instanceof AppError && err.status === 422) return null;
        throw err;
      });
      if (!order || waiting) continue;
      const id = order.order_id;
      let at = placedAt.getTime();
      const step = (ms: number) => new Date((at += ms));
      const system = (action: OrderAction, ms: number, paymentRef?: string) => workflow.move(id, { action, actor: { kind: 'system' }, ...(paymentRef ? { paymentRef } : {}) }, step(ms));
      const byStaff = (action: OrderAction, at2: Date, extra: { cancelReasonId?: number; note?: string } = {}) => {
        at = Math.max(at + MINUTE, at2.getTime());
        const when = new Date(at);
        return workflow.move(id, { action, actor: { kind: 'staff', audit: staffAt(when) }, ...extra }, when);
      };
      if (i % 9 === 4) {
        await system('expire', 31 * MINUTE);
        continue;
      }
      await system('pay', 4 * MINUTE, `PG-DEMO-PO-${c}-${String(i).padStart(3, '0')}`);
      await system('queue', 0);
      if (i % 9 === 6) {
        await byStaff('cancel', new Date(Math.min(at + 3 * HOUR, now.getTime() - 5 * MINUTE)), { cancelReasonId: Number(reason.id), note: 'Pelanggan membatalkan pra-pesan' });
        continue;
      }
      // The store prepares a pre-order the evening before its day and hands it over (or drives it out) on the day.
      const dayStart = jakartaDayStart(collectionDay).getTime();
      const done = (t: number) => t <= now.getTime() - 10 * MINUTE;
      if (!done(dayStart - 14 * HOUR)) continue;
      await byStaff('check_stock', new Date(dayStart - 14 * HOUR));
      if (!done(dayStart - 13 * HOUR)) continue;
      await byStaff('confirm_pick', new Date(dayStart - 13 * HOUR));
      const handedAt = dayStart + 10 * HOUR + (i % 6) * 20 * MINUTE;
      // Those due later today are ready to pick up, or wait for their driver.
      if (!done(handedAt)) continue;
      if (delivered) {
        const [current] = await queryRows<{ version: number }>(db, sql`select version from orders where id = ${id}`);
        await fulfilment.assignDriver(id, { driver_name: 'Agus Setiawan', driver_phone: '081311112222', delivery_mode: 2, version: Number(current!.version) }, staffAt(new Date(handedAt - HOUR)));
        await byStaff('dispatch', new Date(handedAt - 50 * MINUTE));
        await byStaff('deliver', new Date(handedAt));
      } else {
        await byStaff('hand_over', new Date(handedAt));
      }
      await recordSale({ order_id: id }, { id: `demo-pre-order-sale-${id}`, retryCount: 0, retryLimit: 0, lastAttempt: true });
    }
  }
}
