import { sql, type SQL } from 'drizzle-orm';
import {
  DELIVERY_MODE,
  FULFIL_DELIVERY,
  FULFIL_PICK_UP,
  ORDER_CANCELLED,
  ORDER_PAYMENT_MINUTES,
  ORDER_UNPICK_REASON,
  ORDER_WAITING_PAYMENT,
  canAssignDriver,
  canEditOrderItems,
  canOrder,
  orderMoveTo,
  type OrderAction,
} from '@portal/contract';
import { queryRows, type Db, type Tx } from '../db/client.ts';
import { rebuildOrderRollup } from '../domains/orders/order-rollup.ts';
import { PAYMENT_STATUS_OF } from '../domains/orders/workflow-move.ts';
import { affected, arr, lit, mix, num } from './scale-sql.ts';

/** Where a generated order stops; pick-up orders have no road (on_road stays ready, incomplete is collected). */
const ENDINGS = ['unpaid', 'expire', 'payment_fail', 'cancel_paid', 'queued', 'checked', 'ready', 'on_road', 'incomplete', 'done', 'cancel_checked'] as const;
type Ending = (typeof ENDINGS)[number];
const E = Object.fromEntries(ENDINGS.map((e, i) => [e, i])) as Record<Ending, number>;

type StepAction = OrderAction | 'place' | 'pick_items' | 'assign_driver';
/** A step and its minutes after the order was placed (before the order's own pace stretches or squeezes them). */
type Step = { action: StepAction; minutes: number };

/** Lines a generated order has: 1 to 9, about 5 on average. */
const MAX_LINES = 9;
/** Products each store's shelf offers the generator (the first ones of a store-specific shuffle). */
const SHELF = 200;
/** A shelf needs more products than this so an order's lines (7 apart on it) are distinct products. */
const MIN_SHELF = 7 * (MAX_LINES - 1) + 1;
const DRIVERS = ['Agus Setiawan', 'Rina Wulandari', 'Dedi Kurniawan', 'Siti Rahmawati', 'Bambang Susilo', 'Yusuf Hidayat', 'Dewi Lestari', 'Eko Prasetyo'];
const STREETS = ['Jl. Melati', 'Jl. Kenanga', 'Jl. Mawar', 'Jl. Anggrek', 'Jl. Cempaka', 'Jl. Flamboyan', 'Jl. Dahlia', 'Jl. Teratai'];
const CANCEL_NOTES = ['Pelanggan membatalkan lewat telepon', 'Pesanan ganda', 'Pelanggan ingin mengganti alamat'];

function stepsOf(ending: Ending, pickUp: boolean, unpick: boolean): Step[] {
  const s: Step[] = [{ action: 'place', minutes: 0 }];
  if (ending === 'unpaid') return s;
  if (ending === 'expire') return [...s, { action: 'expire', minutes: ORDER_PAYMENT_MINUTES + 0.5 }];
  if (ending === 'payment_fail') return [...s, { action: 'payment_fail', minutes: 5 }];
  s.push({ action: 'pay', minutes: 4 }, { action: 'queue', minutes: 4.02 });
  if (ending === 'cancel_paid') return [...s, { action: 'cancel', minutes: 25 }];
  if (ending === 'queued') return s;
  if (unpick && ending !== 'cancel_checked') s.push({ action: 'pick_items', minutes: 15 });
  s.push({ action: 'check_stock', minutes: 20 });
  if (ending === 'cancel_checked') return [...s, { action: 'cancel', minutes: 30 }];
  if (ending === 'checked') return s;
  s.push({ action: 'confirm_pick', minutes: 35 });
  if (ending === 'ready' || (pickUp && ending === 'on_road')) return s;
  if (pickUp) return [...s, { action: 'hand_over', minutes: 180 }];
  s.push({ action: 'assign_driver', minutes: 45 }, { action: 'dispatch', minutes: 50 });
  if (ending === 'on_road') return s;
  return [...s, { action: ending === 'incomplete' ? 'delivery_incomplete' : 'deliver', minutes: 110 }];
}

interface PathStep extends Step {
  from: number | null;
  to: number;
  actor: 'consumer' | 'staff' | 'system';
}
interface Path {
  key: number;
  steps: PathStep[];
  status: number;
  paymentStatus: string;
  payMinutes: number | null;
  driverMinutes: number | null;
  unpicks: boolean;
}

/**
 * Every road a generated order can take, walked through the contract's workflow (canOrder, orderMoveTo, and the item
 * and driver rules), so a path the workflow refuses fails here rather than in the data. Keyed by ending, fulfilment and
 * whether a line is picked short.
 */
export function orderPaths(): Path[] {
  const paths: Path[] = [];
  for (const ending of ENDINGS) {
    for (const pickUp of [false, true]) {
      for (const unpick of [false, true]) {
        const state = { status: ORDER_WAITING_PAYMENT, fulfilment: pickUp ? FULFIL_PICK_UP : FULFIL_DELIVERY };
        const steps: PathStep[] = [];
        let paymentStatus = 'WAITING FOR PAYMENT';
        for (const step of stepsOf(ending, pickUp, unpick)) {
          const from = state.status;
          if (step.action === 'place') {
            steps.push({ ...step, from: null, to: from, actor: 'consumer' });
            continue;
          }
          if (step.action === 'pick_items' || step.action === 'assign_driver') {
            if (!(step.action === 'pick_items' ? canEditOrderItems(state) : canAssignDriver(state))) throw new Error(`order paths: ${step.action} in ${from}`);
            steps.push({ ...step, from, to: from, actor: 'staff' });
            continue;
          }
          if (!canOrder(step.action, state)) throw new Error(`order paths: ${step.action} from ${from}`);
          state.status = orderMoveTo(step.action, state);
          paymentStatus = PAYMENT_STATUS_OF[step.action] ?? paymentStatus;
          steps.push({ ...step, from, to: state.status, actor: ['pay', 'payment_fail', 'expire', 'queue'].includes(step.action) ? 'system' : 'staff' });
        }
        paths.push({
          key: E[ending] * 4 + (pickUp ? 2 : 0) + (unpick ? 1 : 0),
          steps,
          status: state.status,
          paymentStatus,
          payMinutes: steps.find((s) => s.action === 'pay')?.minutes ?? null,
          driverMinutes: steps.find((s) => s.action === 'assign_driver')?.minutes ?? null,
          unpicks: steps.some((s) => s.action === 'pick_items'),
        });
      }
    }
  }
  return paths;
}

export interface OrderScaleOptions {
  orders: number;
  /** The newest order is placed a minute before this, the oldest `days` days before it. */
  now?: Date;
  days?: number;
  log?: (m: string) => void;
}

/**
 * Generates `orders` orders set-based in SQL, consistent with the workflow: each takes one road of `orderPaths` (most
 * delivered or collected; some expired, failed or cancelled with a reason; today's still on their way through the
 * store), and gets its items (1 to 9 distinct products of its store's shelf at the store's price, the first line
 * picked short with a reason on the roads that say so), its timeline (one entry a step, strictly in time), and the
 * columns the services keep: totals from the items, paid_at and the payment status, the driver, the cancel reason,
 * version (one a timeline entry), updated_at and updated_by of the last step. Placed evenly over the last `days` days
 * (ids in time order) by active consumers at active stores; deterministic for the same data and now.
 * Historic orders take no stock: what they sold was restocked since. Runs in one transaction of `db`.
 */
export async function generateOrders(db: Db | Tx, opts: OrderScaleOptions): Promise<{ orders: number; items: number; events: number }> {
  const n = Math.floor(opts.orders);
  const now = opts.now ?? new Date();
  const days = opts.days ?? 365;
  const log = opts.log ?? (() => {});
  const paths = orderPaths();
  return db.transaction(async (tx) => {
    const [ctx] = await queryRows<{ base: number; staff: number | null; reasons: number[] | null; fee1: number | null; fee2: number | null }>(
      tx,
      sql`select (select coalesce(max(id), 0) from orders)::bigint as base,
        (select id from users where username = 'admin.cms') as staff,
        (select array_agg(id order by sort_order, id) from cancel_reasons where status = 1) as reasons,
        (select fee from delivery_methods where delivery_mode = 1 and status = 1 order by position, id limit 1) as fee1,
        (select fee from delivery_methods where delivery_mode = 2 and status = 1 order by position, id limit 1) as fee2`,
    );
    const reasons = (ctx?.reasons ?? []).map(Number);
    if (!ctx || !reasons.length) throw new Error('generateOrders needs the cancel reasons of migration 0025');
    const base = Number(ctx.base);
    const staff = ctx.staff === null ? 'null' : String(Number(ctx.staff));

    log('shelves');
    await tx.execute(sql`create temp table gen_raw_shelf on commit drop as
      select sp.store_id, row_number() over (partition by sp.store_id order by (p.id * 7919) % 1009, p.id)::int as rn, p.id as product_id, p.plu, p.name,
        coalesce(sp.promo_price, sp.price)::bigint as price
      from store_products sp join products p on p.id = sp.product_id join stores s on s.id = sp.store_id
      where sp.is_active and p.status = 1 and s.status = 1`);
    await tx.execute(sql`create temp table gen_stores on commit drop as
      select row_number() over (order by store_id)::int as rn, store_id as id, count(*)::int as cnt, array_agg(price order by rn) as prices
      from gen_raw_shelf where rn <= ${SHELF} group by store_id having count(*) >= ${MIN_SHELF}`);
    await tx.execute(sql`create temp table gen_shelf on commit drop as
      select st.rn as store_rn, r.rn, r.product_id, r.plu, r.name, r.price from gen_raw_shelf r join gen_stores st on st.id = r.store_id where r.rn <= ${SHELF}`);
    await tx.execute(sql`create temp table gen_consumers on commit drop as select row_number() over (order by id)::int as rn, id from consumers where status = 1`);
    const [sizes] = await queryRows<{ stores: number; consumers: number }>(tx, sql`select (select count(*) from gen_stores)::int as stores, (select count(*) from gen_consumers)::int as consumers`);
    const stores = Number(sizes?.stores ?? 0);
    const consumers = Number(sizes?.consumers ?? 0);
    if (!stores || !consumers) throw new Error(`generateOrders needs active consumers and stores carrying at least ${MIN_SHELF} active products`);
    await tx.execute(sql`create temp table gen_paths on commit drop as select * from (values ${sql.raw(
      paths.map((p) => `(${p.key}, ${p.status}, ${lit(p.paymentStatus)}, ${p.payMinutes ?? 'null'}::float8, ${p.driverMinutes ?? 'null'}::float8, ${p.steps.at(-1)!.minutes}::float8, ${p.steps.length}, ${p.steps.at(-1)!.actor === 'staff'}, ${p.unpicks})`).join(', '),
    )}) as x(key, status, payment_status, pay_minutes, driver_minutes, last_minutes, events, last_staff, unpicks)`);
    await tx.execute(sql`create temp table gen_steps on commit drop as select * from (values ${sql.raw(
      paths.flatMap((p) => p.steps.map((s) => `(${p.key}, ${lit(s.action)}, ${s.from ?? 'null'}::smallint, ${s.to}::smallint, ${lit(s.actor)}, ${s.minutes}::float8)`)).join(', '),
    )}) as x(key, action, from_status, to_status, actor_kind, minutes)`);
    for (const t of ['gen_stores', 'gen_shelf', 'gen_consumers', 'gen_paths', 'gen_steps']) await tx.execute(sql`analyze ${sql.identifier(t)}`);

    // Each order's attributes from its number g alone, so the three inserts below agree without a table of 10 million rows.
    const age = sql.raw('extract(epoch from (o0.now - o0.created_at))');
    const endingOf = (r: string) => sql.raw(`case
      when ${r} < 20 then ${E.payment_fail}
      when ${r} < 100 then ${E.expire}
      when ${r} < 140 then ${E.cancel_paid}
      when ${r} < 160 then ${E.cancel_checked}
      when ${r} < 300 then ${E.queued} when ${r} < 420 then ${E.checked} when ${r} < 540 then ${E.ready}
      when ${r} < 660 then ${E.on_road} when ${r} < 700 then ${E.incomplete} else ${E.done} end`);
    const orders = sql`o0 as (
        select g, ${now}::timestamptz as now, 1 + ${sql.raw(mix('g', 1))} % ${num(stores)} as store_rn, 1 + ${sql.raw(mix('g', 2))} % ${num(consumers)} as consumer_rn,
          1 + ${sql.raw(mix('g', 3))} % ${num(MAX_LINES)} as lines, ${sql.raw(mix('g', 4))} as shelf_base, ${sql.raw(mix('g', 5))} % 10 < 3 as pick_up,
          1 + ${sql.raw(mix('g', 6))} % 2 as mode, ${sql.raw(mix('g', 7))} % 1000 as r, ${sql.raw(mix('g', 8))} % 100 < 8 as unpick_roll,
          1 + ${sql.raw(mix('g', 9))} % 100 / 100.0 as pace,
          ${now}::timestamptz - interval '1 minute' - ((${num(n)} - g) + ${sql.raw(mix('g', 10))} % 1000 / 1000.0) * ${num(days * 86_400)} / ${num(n)} * interval '1 second' as created_at
        from generate_series(1, ${num(n)}::bigint) g),
      o1 as (
        select o0.*, ${age} as age, case
          -- Unpaid only within its 30 minutes; an expiry after them; a young order is not far through the store yet.
          when o0.r >= 160 and ${age} >= 86400 then ${num(E.done)}
          when o0.r >= 20 and o0.r < 100 and ${age} < ${num(ORDER_PAYMENT_MINUTES * 60)} then ${num(E.unpaid)}
          when o0.r >= 20 and o0.r < 100 and ${age} < ${num((ORDER_PAYMENT_MINUTES + 3) * 60)} then ${num(E.payment_fail)}
          when ${age} < 1800 and o0.r >= 140 and o0.r < 160 then ${num(E.checked)}
          when ${age} < 1800 and o0.r >= 420 then ${num(E.checked)}
          when ${age} < 7200 and o0.r >= 660 then ${num(E.on_road)}
          else ${endingOf('o0.r')} end as ending
        from o0),
      o2 as (select o1.*, o1.ending * 4 + case when o1.pick_up then 2 else 0 end + case when o1.unpick_roll and o1.lines >= 2 then 1 else 0 end as key from o1),
      o as (
        select o2.*, p.status, p.payment_status, p.pay_minutes, p.driver_minutes, p.last_minutes, p.events, p.last_staff, p.unpicks,
          least(o2.pace, o2.age / 60.0 / greatest(p.last_minutes * 1.05, 0.01)) as scale, ${num(base)}::bigint + o2.g as id
        from o2 join gen_paths p on p.key = o2.key)`;
    const at = (minutes: SQL) => sql`o.created_at + ${minutes} * o.scale * interval '1 minute'`;
    const lineRn = sql.raw(`1 + (o.shelf_base + k * 7) % st.cnt`);
    const qty = sql.raw(`(1 + ${mix('o.g * 16 + k', 11)} % 3)`);
    const picked = sql`case when o.unpicks and k = 1 then ${qty} - 1 else ${qty} end`;
    const orderNo = sql.raw(
      `'ORD-' || to_char(o.created_at at time zone 'Asia/Jakarta', 'YYYYMMDD') || '-' || ${Array.from({ length: 8 }, (_, i) => `substr('ABCDEFGHJKLMNPQRSTUVWXYZ23456789', ((((o.id * 2654435769) % 1099511627776) >> ${35 - 5 * i}) & 31)::int + 1, 1)`).join(' || ')}`,
    );
    const driver = sql.raw(`(${arr(DRIVERS)})[1 + o.g % ${DRIVERS.length}]`);

    log(`${n.toLocaleString('en')} orders`);
    const placed = await tx.execute(sql`with ${orders}
      insert into orders (id, order_no, consumer_id, store_id, status, fulfilment, delivery_mode, delivery_address, driver_name, driver_phone, driver_assigned_at,
        items_total, picked_total, has_unpick, unpick_reasons, delivery_fee, total, payment_status, payment_ref, payment_expires_at, paid_at, cancel_reason_id, cancel_note,
        created_at, updated_at, updated_by, version)
      select o.id, ${orderNo}, c.id, st.id, o.status, case when o.pick_up then ${num(FULFIL_PICK_UP)} else ${num(FULFIL_DELIVERY)} end, case when o.pick_up then null else o.mode end,
        case when o.pick_up then null else (${sql.raw(arr(STREETS))})[1 + o.g % ${num(STREETS.length)}] || ' No. ' || (1 + o.g % 150) end,
        case when o.driver_minutes is not null then ${driver} end, case when o.driver_minutes is not null then '0813' || lpad((o.g * 7919 % 100000000)::text, 8, '0') end,
        case when o.driver_minutes is not null then ${at(sql.raw('o.driver_minutes'))} end,
        t.items_total, t.picked_total, o.unpicks, case when o.unpicks then array[1 + o.g % ${num(ORDER_UNPICK_REASON.values.length)}]::smallint[] else '{}' end, f.fee, t.items_total + f.fee, o.payment_status,
        case when o.pay_minutes is not null then 'PG-' || o.id end, o.created_at + interval '${sql.raw(String(ORDER_PAYMENT_MINUTES))} minutes',
        case when o.pay_minutes is not null then ${at(sql.raw('o.pay_minutes'))} end,
        case when o.status = ${num(ORDER_CANCELLED)} then case when o.ending = ${num(E.cancel_checked)} then ${num(reasons[0] ?? 0)} else (${sql.raw(`array[${reasons.join(', ')}]`)})[1 + o.g % ${num(reasons.length)}] end end,
        case when o.status = ${num(ORDER_CANCELLED)} then (${sql.raw(arr(CANCEL_NOTES))})[1 + o.g % ${num(CANCEL_NOTES.length)}] end,
        o.created_at, ${at(sql.raw('o.last_minutes'))}, case when o.last_staff then ${sql.raw(staff)}::int end, o.events
      from o join gen_stores st on st.rn = o.store_rn join gen_consumers c on c.rn = o.consumer_rn
      cross join lateral (select case when o.pick_up then 0 when o.mode = 1 then ${num(ctx.fee1 ?? 0)}::bigint else ${num(ctx.fee2 ?? 0)}::bigint end as fee) f
      cross join lateral (select sum(st.prices[${lineRn}] * ${qty})::bigint as items_total, sum(st.prices[${lineRn}] * ${picked})::bigint as picked_total
        from generate_series(1, o.lines) k) t`);
    await tx.execute(sql`select setval(pg_get_serial_sequence('orders', 'id'), greatest((select max(id) from orders), 1))`);

    log(`their items`);
    const items = await tx.execute(sql`with ${orders}
      insert into order_items (order_id, product_id, plu, name, price, quantity, picked_quantity, unpick_reason)
      select o.id, sh.product_id, sh.plu, sh.name, sh.price, ${qty}, ${picked}, case when o.unpicks and k = 1 then 1 + o.g % ${num(ORDER_UNPICK_REASON.values.length)} end
      from o join gen_stores st on st.rn = o.store_rn cross join lateral generate_series(1, o.lines) k
      join gen_shelf sh on sh.store_rn = o.store_rn and sh.rn = ${lineRn}`);

    log(`their timelines`);
    const reasonLabels = sql.raw(arr(ORDER_UNPICK_REASON.options.map((o) => o.label)));
    const modeLabels = sql.raw(arr(DELIVERY_MODE.options.map((o) => o.label)));
    const k1 = sql.raw(`(1 + (o.shelf_base + 7) % st.cnt)`);
    const events = await tx.execute(sql`with ${orders}
      insert into order_events (order_id, action, from_status, to_status, actor_kind, actor_id, note, at)
      select o.id, s.action, s.from_status, s.to_status, s.actor_kind,
        case s.actor_kind when 'consumer' then c.id when 'staff' then ${sql.raw(staff)}::int end,
        case s.action
          when 'cancel' then (${sql.raw(arr(CANCEL_NOTES))})[1 + o.g % ${num(CANCEL_NOTES.length)}]
          when 'assign_driver' then ${driver} || ' (' || (${modeLabels})[o.mode] || ')'
          when 'delivery_incomplete' then 'Penerima tidak ada di alamat'
          when 'pick_items' then sh.name || ': ' || (1 + ${sql.raw(mix('o.g * 16 + 1', 11))} % 3) || ' → ' || (${sql.raw(mix('o.g * 16 + 1', 11))} % 3)
            || ' (' || (${reasonLabels})[1 + o.g % ${num(ORDER_UNPICK_REASON.values.length)}] || ')' end,
        ${at(sql.raw('s.minutes'))}
      from o join gen_steps s on s.key = o.key
      join gen_consumers c on c.rn = o.consumer_rn join gen_stores st on st.rn = o.store_rn
      left join gen_shelf sh on s.action = 'pick_items' and sh.store_rn = o.store_rn and sh.rn = ${k1}`);
    await rebuildOrderRollup(tx);
    return { orders: affected(placed), items: affected(items), events: affected(events) };
  });
}
