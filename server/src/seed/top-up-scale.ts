import { sql } from 'drizzle-orm';
import {
  MOBILE_OPERATOR,
  TOP_UP_PAYMENT_MINUTES,
  TOP_UP_STAFF_ACTIONS,
  TOP_UP_TRANSITIONS,
  TOP_UP_WAITING_PAYMENT,
  canTopUp,
  operatorServes,
  type TopUpAction,
} from '@portal/contract';
import { queryRows, type Db, type Tx } from '../db/client.ts';
import { BILLER_MESSAGE } from '../domains/orders/biller.ts';
import { PAYMENT_STATUS_OF } from '../domains/orders/workflow-move.ts';
import { affected, arr, lit, mix, num } from './scale-sql.ts';

/** Where a generated top-up stops, with its moves and their minutes after the purchase (before its pace stretches or squeezes them). */
const ROADS = {
  unpaid: [],
  expired: [['expire', TOP_UP_PAYMENT_MINUTES + 0.5]],
  payment_failed: [['payment_fail', 3]],
  success: [['pay', 2], ['send', 2.02], ['biller_success', 3]],
  retried: [['pay', 2], ['send', 2.02], ['system_fail', 2.5], ['retry', 40], ['biller_success', 41]],
  refunded: [['pay', 2], ['send', 2.02], ['biller_fail', 4], ['cancel', 90]],
  resolved: [['pay', 2], ['send', 2.02], ['biller_pending', 4], ['resolve_success', 240]],
  failed: [['pay', 2], ['send', 2.02], ['biller_fail', 4]],
  pending: [['pay', 2], ['send', 2.02], ['biller_pending', 4]],
  on_hold: [['pay', 2], ['send', 2.02], ['biller_hold', 5]],
  system_failed: [['pay', 2], ['send', 2.02], ['system_fail', 2.5]],
  in_process: [['pay', 2], ['send', 2.02]],
} as const satisfies Record<string, readonly (readonly [TopUpAction, number])[]>;
type Road = keyof typeof ROADS;
const ROAD_NAMES = Object.keys(ROADS) as Road[];
const R = Object.fromEntries(ROAD_NAMES.map((r, i) => [r, i])) as Record<Road, number>;
/** A road left open (the biller or the staff still owe an answer) is only taken by a top-up younger than this; older ones took its closed twin. */
const OPEN_SECONDS = 2 * 86_400;
const CLOSED: Partial<Record<Road, Road>> = { failed: 'refunded', pending: 'resolved', on_hold: 'resolved', system_failed: 'retried', in_process: 'success' };

/** What the simulated biller says (biller.ts) and what the staff write, per move. */
const NOTE_OF: Partial<Record<TopUpAction, string | null>> = {
  biller_fail: BILLER_MESSAGE.FAILED,
  biller_pending: BILLER_MESSAGE.PENDING,
  biller_hold: BILLER_MESSAGE.ON_HOLD,
  system_fail: 'simulated biller: connect ETIMEDOUT',
  retry: 'Dikirim ulang setelah operator normal kembali',
  cancel: 'Nomor tujuan tidak aktif, dana dikembalikan',
  resolve_success: 'Berhasil menurut laporan rekonsiliasi biller',
};
const BILLER_MESSAGE_MOVES: readonly TopUpAction[] = ['biller_fail', 'biller_pending', 'biller_hold', 'biller_success'];

interface RoadStep {
  action: TopUpAction | 'buy';
  minutes: number;
  from: number | null;
  to: number;
  actor: 'consumer' | 'staff' | 'system';
  note: string | null;
}

/** Each road walked through the contract's workflow, so a road the workflow refuses fails here rather than in the data. */
export function topUpRoads(): { road: Road; steps: RoadStep[] }[] {
  return ROAD_NAMES.map((road) => {
    let status = TOP_UP_WAITING_PAYMENT;
    const steps: RoadStep[] = [{ action: 'buy', minutes: 0, from: null, to: status, actor: 'consumer', note: null }];
    for (const [action, minutes] of ROADS[road]) {
      if (!canTopUp(action, status)) throw new Error(`top-up roads: ${action} from ${status}`);
      const to = TOP_UP_TRANSITIONS[action].to;
      steps.push({ action, minutes, from: status, to, actor: (TOP_UP_STAFF_ACTIONS as readonly string[]).includes(action) ? 'staff' : 'system', note: NOTE_OF[action] ?? null });
      status = to;
    }
    return { road, steps };
  });
}

/** The number prefixes each operator's products fill (a Telkomsel product, a Telkomsel number). */
function prefixesOf(operator: number): string[] {
  const all = Array.from({ length: 90 }, (_, i) => `08${String(10 + i)}`);
  return all.filter((p) => operatorServes(operator, `${p}12345678`));
}

export interface TopUpScaleOptions {
  topUps: number;
  /** The newest top-up is bought a minute before this, the oldest `days` days before it. */
  now?: Date;
  days?: number;
  log?: (m: string) => void;
}

/**
 * Generates `topUps` top-ups set-based in SQL, consistent with the workflow: each takes one road of `topUpRoads` (most
 * filled by the biller at once; some expired or failed at payment, failed by the system and sent again, refused and
 * cancelled with a refund due, resolved from the biller's report; the last two days' still with the biller, pending, on
 * hold or failed),
 * with its timeline (one entry a move, strictly in time) and the columns the services keep: the product as bought,
 * a number of its operator, payment status and time, attempts and the current attempt's biller reference, the serial
 * number of a fill, the biller's last message, the cancel reason, version (one a timeline entry), updated_at and
 * updated_by of the last move. Bought evenly over the last `days` days (ids in time order) by active consumers, for
 * active products; deterministic for the same data and now. The gateway's and biller's callback rows are not written.
 * Runs in one transaction of `db`.
 */
export async function generateTopUps(db: Db | Tx, opts: TopUpScaleOptions): Promise<{ topUps: number; events: number }> {
  const n = Math.floor(opts.topUps);
  const now = opts.now ?? new Date();
  const days = opts.days ?? 365;
  const log = opts.log ?? (() => {});
  const roads = topUpRoads();
  return db.transaction(async (tx) => {
    const [ctx] = await queryRows<{ base: number; numbered: number; staff: number | null }>(
      tx,
      sql`select (select coalesce(max(id), 0) from top_ups)::bigint as base, (select case when is_called then last_value else 0 end from top_up_no_seq)::bigint as numbered,
        (select id from users where username = 'admin.cms') as staff`,
    );
    const base = Number(ctx?.base ?? 0);
    // Transaction numbers go on from the sequence the consumer API numbers top-ups by, which then goes on after them.
    const numbered = Number(ctx?.numbered ?? 0);
    const staff = ctx?.staff === null || ctx?.staff === undefined ? 'null' : String(Number(ctx.staff));
    await tx.execute(sql`create temp table gen_products on commit drop as
      select row_number() over (order by id)::int as rn, id, product_type, operator, name, denomination, biller_code, price from digital_products where status = 1`);
    await tx.execute(sql`create temp table gen_consumers on commit drop as select row_number() over (order by id)::int as rn, id from consumers where status = 1`);
    const [sizes] = await queryRows<{ products: number; consumers: number }>(tx, sql`select (select count(*) from gen_products)::int as products, (select count(*) from gen_consumers)::int as consumers`);
    const products = Number(sizes?.products ?? 0);
    const consumers = Number(sizes?.consumers ?? 0);
    if (!products || !consumers) throw new Error('generateTopUps needs active consumers and active digital products');
    await tx.execute(sql`create temp table gen_roads on commit drop as select * from (values ${sql.raw(
      roads
        .map(({ road, steps }) => {
          const last = steps.at(-1)!;
          const pay = steps.find((s) => s.action === 'pay' || s.action === 'payment_fail');
          const sends = steps.filter((s) => s.action === 'send' || s.action === 'retry').length;
          // The biller job stores the attempt's reference once the biller took it; a system failure means it never did.
          const sentOk = steps.reduce((has, s) => (s.action === 'send' || s.action === 'retry' ? true : s.action === 'system_fail' ? false : has), false);
          const payment = steps.reduce((p, s) => PAYMENT_STATUS_OF[s.action] ?? p, 'WAITING FOR PAYMENT');
          const message = [...steps].reverse().find((s) => s.action === 'send' || s.action === 'retry' || BILLER_MESSAGE_MOVES.includes(s.action as TopUpAction) || s.action === 'system_fail');
          const billerMessage = message && message.action !== 'send' && message.action !== 'retry' ? message.note : null;
          const cancel = steps.find((s) => s.action === 'cancel')?.note ?? null;
          return `(${R[road]}, ${last.to}, ${lit(payment)}, ${pay ? pay.minutes : 'null'}::float8, ${steps.some((s) => s.action === 'pay')}, ${last.minutes}::float8, ${steps.length}, ${last.actor === 'staff'}, ${sends}, ${sentOk}, ${steps.some((s) => s.action === 'biller_success')}, ${lit(billerMessage)}, ${lit(cancel)})`;
        })
        .join(', '),
    )}) as x(key, status, payment_status, pay_minutes, paid, last_minutes, events, last_staff, attempts, has_ref, filled, biller_message, cancel_reason)`);
    await tx.execute(sql`create temp table gen_steps on commit drop as select * from (values ${sql.raw(
      roads.flatMap(({ road, steps }) => steps.map((s) => `(${R[road]}, ${lit(s.action)}, ${s.from ?? 'null'}::smallint, ${s.to}::smallint, ${lit(s.actor)}, ${s.minutes}::float8, ${lit(s.note)})`)).join(', '),
    )}) as x(key, action, from_status, to_status, actor_kind, minutes, note)`);
    for (const t of ['gen_products', 'gen_consumers', 'gen_roads', 'gen_steps']) await tx.execute(sql`analyze ${sql.identifier(t)}`);

    const operators = MOBILE_OPERATOR.values.map((op) => `when ${op} then (${arr(prefixesOf(op))})[1 + t.g % ${prefixesOf(op).length}]`).join(' ');
    const roadOf = (r: string) => sql.raw(`case when ${r} < 20 then ${R.payment_failed} when ${r} < 90 then ${R.expired} when ${r} < 120 then ${R.refunded}
      when ${r} < 130 then ${R.failed} when ${r} < 170 then ${R.retried} when ${r} < 195 then ${R.resolved} when ${r} < 205 then ${R.pending}
      when ${r} < 215 then ${R.on_hold} when ${r} < 225 then ${R.system_failed} when ${r} < 230 then ${R.in_process} else ${R.success} end`);
    const closed = sql.raw(Object.entries(CLOSED).map(([open, to]) => `when ${R[open as Road]} then ${R[to]}`).join(' '));
    // Each top-up's attributes from its number g alone, so the two inserts below agree without a table of them.
    const topUps = sql`t0 as (
        select g, ${num(base)}::bigint + g as id, 1 + ${sql.raw(mix('g', 1))} % ${num(consumers)} as consumer_rn, 1 + ${sql.raw(mix('g', 2))} % ${num(products)} as product_rn,
          ${roadOf(mix('g', 3) + ' % 1000')} as road0, 1 + ${sql.raw(mix('g', 4))} % 100 / 100.0 as pace, ${sql.raw(mix('g', 5))} as digits,
          ${now}::timestamptz - interval '1 minute' - ((${num(n)} - g) + ${sql.raw(mix('g', 6))} % 1000 / 1000.0) * ${num(days * 86_400)} / ${num(n)} * interval '1 second' as created_at
        from generate_series(1, ${num(n)}::bigint) g),
      t1 as (
        select t0.*, extract(epoch from (${now}::timestamptz - t0.created_at)) as age from t0),
      t2 as (
        select t1.*, case
          -- Still payable within its window (and an expiry only after it); open with the biller or the staff only while young.
          when t1.road0 = ${num(R.expired)} and t1.age < ${num(TOP_UP_PAYMENT_MINUTES * 60)} then ${num(R.unpaid)}
          when t1.road0 = ${num(R.expired)} and t1.age < ${num((TOP_UP_PAYMENT_MINUTES + 3) * 60)} then ${num(R.payment_failed)}
          when t1.age >= ${num(OPEN_SECONDS)} then case t1.road0 ${closed} else t1.road0 end
          else t1.road0 end as key
        from t1),
      t as (
        select t2.*, r.status, r.payment_status, r.pay_minutes, r.paid, r.last_minutes, r.events, r.last_staff, r.attempts, r.has_ref, r.filled, r.biller_message, r.cancel_reason,
          -- The expiry job ends an unpaid one as its window closes, whatever the pace.
          case when t2.key = ${num(R.expired)} then 1 else least(t2.pace, t2.age / 60.0 / greatest(r.last_minutes * 1.05, 0.01)) end as scale,
          'TU-' || to_char(t2.created_at at time zone 'Asia/Jakarta', 'YYYYMMDD') || '-' || lpad((${num(numbered)}::bigint + t2.g)::text, 6, '0') as transaction_no
        from t2 join gen_roads r on r.key = t2.key)`;
    const at = (minutes: string) => sql.raw(`t.created_at + ${minutes} * t.scale * interval '1 minute'`);

    log(`${n.toLocaleString('en')} top-ups`);
    const bought = await tx.execute(sql`with ${topUps}
      insert into top_ups (id, transaction_no, consumer_id, product_id, product_type, operator, product_name, denomination, biller_code, amount, phone_number,
        status, payment_status, payment_ref, payment_expires_at, paid_at, biller_ref, serial_number, biller_message, attempts, cancel_reason, created_at, updated_at, updated_by, version)
      select t.id, t.transaction_no, c.id, p.id, p.product_type, p.operator, p.name, p.denomination, p.biller_code, p.price,
        (case p.operator ${sql.raw(operators)} end) || lpad((t.digits * 97 % 100000000)::text, 8, '0'),
        t.status, t.payment_status, case when t.pay_minutes is not null then 'PG-' || t.transaction_no end,
        t.created_at + interval '${sql.raw(String(TOP_UP_PAYMENT_MINUTES))} minutes', case when t.paid then ${at('t.pay_minutes')} end,
        case when t.has_ref then 'SIM-' || t.transaction_no || '-' || t.attempts end, case when t.filled then 'SN' || upper(substr(md5(t.transaction_no), 1, 16)) end,
        t.biller_message, t.attempts, t.cancel_reason, t.created_at, ${at('t.last_minutes')}, case when t.last_staff then ${sql.raw(staff)}::int end, t.events
      from t join gen_consumers c on c.rn = t.consumer_rn join gen_products p on p.rn = t.product_rn`);
    await tx.execute(sql`select setval(pg_get_serial_sequence('top_ups', 'id'), greatest((select max(id) from top_ups), 1))`);
    if (n > 0) await tx.execute(sql`select setval('top_up_no_seq', ${num(numbered + n)})`);

    log('their timelines');
    const events = await tx.execute(sql`with ${topUps}
      insert into top_up_events (top_up_id, action, from_status, to_status, actor_kind, actor_id, note, at)
      select t.id, s.action, s.from_status, s.to_status, s.actor_kind, case s.actor_kind when 'consumer' then c.id when 'staff' then ${sql.raw(staff)}::int end, s.note, ${at('s.minutes')}
      from t join gen_steps s on s.key = t.key join gen_consumers c on c.rn = t.consumer_rn
      order by t.id, s.minutes`);
    return { topUps: affected(bought), events: affected(events) };
  });
}
