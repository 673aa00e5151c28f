import { sql } from 'drizzle-orm';
import { TIME_ZONE } from '@portal/contract';
import { queryRows, type Db } from '../db/client.ts';
import { SALES_WATERMARK_LOCK } from '../domains/analytics/sales-rollup.ts';
import { affected, num } from './scale-sql.ts';
import { GENERATED_PREFIX } from './sales-scale.ts';

/** Generated promos and free gifts are coded so, a prefix the cms's own never take. */
const PROMO_PREFIX = 'GENP-';
const GIFT_PREFIX = 'GENG-';
/** A promo runs three weeks; a free gift two. */
const PROMO_DAYS = 21;
const GIFT_DAYS = 14;
/** A promo takes five of the 2,000 best-selling products (the sales generator's popularity order). */
const PROMO_PRODUCTS = 5;
const POPULAR = 2000;
/** One in this many till receipts is an associate's. */
const STAFF_EVERY = 80;

export interface TillScaleOptions {
  /** Promos over the generated period (default one starting every day and a half). */
  promos?: number;
  /** Free-gift programmes (default one starting every week). */
  gifts?: number;
  log?: (message: string) => void;
}

export interface TillScaleResult {
  promos: number;
  promoLines: number;
  gifts: number;
  handovers: number;
  staffPurchases: number;
  skipped: boolean;
}

/**
 * What the stores' tills would have applied on the generated sales (sales-scale.ts), set-based in SQL as the POS would
 * have sent it: offline promos over the period (percentages capped, or amounts with a minimum purchase; a third at fifty
 * stores) on five popular products each, applied to every matching line of a till receipt (`sales_lines.promo_id`,
 * `discount`); weekly free gifts for the biggest tenth of baskets, handed over with every till receipt reaching their
 * minimum; and one till receipt in
 * eighty an associate's of its store with a tenth off (a fifth of those with three tenths, so months pass quotas), each
 * flagged against its month's quota. Then the promo and gift rollups are counted for the receipts the rollups' watermark
 * has already passed (later ones are the catch-up's). Refuses (skipped) when the database holds generated promos already.
 */
export async function generateTillActivity(db: Db, opts: TillScaleOptions = {}): Promise<TillScaleResult> {
  const log = opts.log ?? (() => {});
  const result = { promos: 0, promoLines: 0, gifts: 0, handovers: 0, staffPurchases: 0, skipped: false };
  if ((await queryRows(db, sql`select 1 from promos where code like ${`${PROMO_PREFIX}%`} limit 1`)).length) return { ...result, skipped: true };
  const [range] = await queryRows<{ first: string | null; last: string | null }>(
    db,
    sql`select (min(at) at time zone ${TIME_ZONE})::date::text as first, (max(at) at time zone ${TIME_ZONE})::date::text as last from sales_transactions where transaction_id like ${`${GENERATED_PREFIX}%`}`,
  );
  if (!range?.first || !range.last) throw new Error('generateTillActivity needs generated sales (generateSales first)');
  const days = Math.round((Date.parse(range.last) - Date.parse(range.first)) / 86_400_000) + 1;
  const promos = opts.promos ?? Math.max(1, Math.round(days / 1.5));
  const gifts = opts.gifts ?? Math.max(1, Math.round(days / 7));

  await db.transaction(async (tx) => {
    await tx.execute(sql`set local work_mem = '256MB'`);
    const made = await tx.execute(sql`insert into promos (code, name, promo_type, value, channel, member_scope, start_date, end_date, min_purchase, max_discount)
      select ${PROMO_PREFIX} || lpad(g::text, 4, '0'), 'Generated promo ' || g, case when g % 4 = 0 then 2 else 1 end,
        case when g % 4 = 0 then 2000 else 5 + (g % 4) * 5 end, 1, 0,
        ${range.first}::date + ((g - 1) * ${num(days - PROMO_DAYS)} / greatest(1, ${num(promos - 1)}))::int,
        ${range.first}::date + ((g - 1) * ${num(days - PROMO_DAYS)} / greatest(1, ${num(promos - 1)}))::int + ${num(PROMO_DAYS - 1)},
        case when g % 4 = 0 then 20000 else 0 end, case when g % 4 = 0 then null else 15000 end
      from generate_series(1, ${num(promos)}) g`);
    result.promos = affected(made);
    await tx.execute(sql`with p as (select row_number() over (order by hashint8extended(id, 11), id) as rn, id from products where status = 1 and price > 0),
        pr as (select id, substr(code, 6)::int as g from promos where code like ${`${PROMO_PREFIX}%`})
      insert into promo_products (promo_id, product_id)
      select distinct pr.id, p.id from pr cross join generate_series(1, ${num(PROMO_PRODUCTS)}) k join p on p.rn = 1 + (pr.g * 37 + k * 401) % ${num(POPULAR)}`);
    await tx.execute(sql`with s as (select id, row_number() over (order by hashint8extended(id, 5), id) as rn from stores where status = 1)
      insert into promo_stores (promo_id, store_id)
      select pr.id, s.id from promos pr join s on s.rn <= 50 where pr.code like ${`${PROMO_PREFIX}%`} and substr(pr.code, 6)::int % 3 = 0`);
    log(`${result.promos.toLocaleString('en')} promos`);

    const applied = await tx.execute(sql`with pp as (
        select p.id as promo_id, p.promo_type, p.value, p.max_discount, p.min_purchase, x.product_id,
          (p.start_date::timestamp at time zone ${TIME_ZONE}) as starts, ((p.end_date + 1)::timestamp at time zone ${TIME_ZONE}) as ends,
          (select array_agg(store_id) from promo_stores s where s.promo_id = p.id) as stores
        from promos p join promo_products x on x.promo_id = p.id where p.code like ${`${PROMO_PREFIX}%`}),
      m as (
        select distinct on (l.transaction_pk, l.line_no) l.transaction_pk, l.line_no, pp.promo_id,
          case when pp.promo_type = 1 then least(floor(l.amount * pp.value / 10000.0)::bigint * 100, pp.max_discount) else least(pp.value, l.amount) end as discount
        from sales_lines l join pp on pp.product_id = l.product_id
        join sales_transactions t on t.id = l.transaction_pk and t.channel = 1 and t.at >= pp.starts and t.at < pp.ends and t.total >= pp.min_purchase
          and (pp.stores is null or t.store_id = any(pp.stores))
        where t.transaction_id like ${`${GENERATED_PREFIX}%`}
        order by l.transaction_pk, l.line_no, pp.promo_id)
      update sales_lines l set promo_id = m.promo_id, discount = m.discount from m
      where l.transaction_pk = m.transaction_pk and l.line_no = m.line_no and m.discount > 0`);
    result.promoLines = affected(applied);
    log(`${result.promoLines.toLocaleString('en')} lines with a promo`);

    // A gift's minimum purchase is one of the biggest baskets' (the tenth biggest in a hundred, and a little above).
    const [big] = await queryRows<{ total: string }>(tx, sql`select percentile_disc(0.9) within group (order by total) as total from sales_transactions where transaction_id like ${`${GENERATED_PREFIX}%`}`);
    const minimum = Math.max(50_000, Math.round(Number(big?.total ?? 0) / 10_000) * 10_000);
    const madeGifts = await tx.execute(sql`insert into free_gifts (code, name, min_purchase, start_date, end_date)
      select ${GIFT_PREFIX} || lpad(g::text, 3, '0'), 'Generated free gift ' || g, ${num(minimum)} + (g % 3) * ${num(minimum / 10)},
        ${range.first}::date + (g - 1) * 7, least(${range.first}::date + (g - 1) * 7 + ${num(GIFT_DAYS - 1)}, ${range.last}::date)
      from generate_series(1, ${num(gifts)}) g`);
    result.gifts = affected(madeGifts);
    await tx.execute(sql`with p as (select row_number() over (order by hashint8extended(id, 11), id) as rn, id from products where status = 1 and price > 0)
      insert into free_gift_products (free_gift_id, product_id, quantity)
      select f.id, p.id, 1 + substr(f.code, 6)::int % 2 from free_gifts f join p on p.rn = 1 + (substr(f.code, 6)::int * 53) % 500 where f.code like ${`${GIFT_PREFIX}%`}`);
    await tx.execute(sql`insert into free_gift_regions (free_gift_id, province_code)
      select f.id, r.province_code from free_gifts f cross join (select distinct province_code from stores where status = 1) r where f.code like ${`${GIFT_PREFIX}%`}`);
    // What the customer paid is the gross here: the generated receipts' discounts are small beside the minimums.
    const handed = await tx.execute(sql`insert into sales_gifts (transaction_pk, free_gift_id, product_id, plu, quantity, store_id, consumer_id, at)
      select t.id, f.id, x.product_id, p.plu, x.quantity, t.store_id, t.consumer_id, t.at
      from free_gifts f join free_gift_products x on x.free_gift_id = f.id join products p on p.id = x.product_id
      join sales_transactions t on t.at >= (f.start_date::timestamp at time zone ${TIME_ZONE}) and t.at < ((f.end_date + 1)::timestamp at time zone ${TIME_ZONE})
        and t.channel = 1 and t.total >= f.min_purchase and t.transaction_id like ${`${GENERATED_PREFIX}%`}
      where f.code like ${`${GIFT_PREFIX}%`}
      order by t.at, t.id`);
    result.handovers = affected(handed);
    log(`${result.gifts.toLocaleString('en')} free gifts, ${result.handovers.toLocaleString('en')} hand-overs`);

    const staff = await tx.execute(sql`with a as (
        select id, store_id, monthly_quota, row_number() over (partition by store_id order by id) as rn, count(*) over (partition by store_id) as n
        from associates where status = 1 and store_id is not null)
      insert into associate_history (associate_id, receipt_no, store_id, amount, discount, at, transaction_pk, quota, used_before, over_quota)
      select a.id, t.transaction_id, t.store_id, t.total,
        (t.total * case when hashint8extended(t.id, 23) % 5 = 0 then 3 else 1 end / 1000) * 100, t.at, t.id, a.monthly_quota, 0, false
      from sales_transactions t join a on a.store_id = t.store_id and a.rn = 1 + abs(hashint8extended(t.id, 22)) % a.n
      where t.channel = 1 and abs(hashint8extended(t.id, 21)) % ${num(STAFF_EVERY)} = 0 and t.transaction_id like ${`${GENERATED_PREFIX}%`}
      order by t.at, t.id`);
    result.staffPurchases = affected(staff);
    await tx.execute(sql`with w as (
        select id, coalesce(sum(discount) over (partition by associate_id, date_trunc('month', at at time zone ${TIME_ZONE}) order by at, id
          rows between unbounded preceding and 1 preceding), 0) as before
        from associate_history where receipt_no like ${`${GENERATED_PREFIX}%`})
      update associate_history h set used_before = w.before, over_quota = w.before + h.discount > h.quota from w where h.id = w.id`);
    log(`${result.staffPurchases.toLocaleString('en')} staff purchases`);
  });
  await countTillRollups(db);
  log('promo and gift rollups counted up to the watermark');
  for (const table of ['sales_lines', 'sales_gifts', 'associate_history', 'sales_promo_day', 'sales_promo_month', 'sales_gift_day', 'sales_gift_month']) await db.execute(sql.raw(`analyze ${table}`));
  return result;
}

/** A till family's rows at the three levels, from its keyed source rows (`t`: id, store, province, both day keys, channel). */
const levels = (keys: string) =>
  sql.raw(`group by grouping sets ((t.store_id, t.province_code, t.wib_key, t.local_key, t.channel, ${keys}), (t.province_code, t.wib_key, t.local_key, t.channel, ${keys}), (t.wib_key, t.local_key, t.channel, ${keys}))
    having (grouping(t.store_id) = 1 or t.store_id is not null) and (grouping(t.province_code) = 1 or t.province_code is not null)`);

/** The transactions up to `high` with the rollups' keys, as the rollup engine keys them. */
const keyed = (high: number) => sql`select t0.id, t0.store_id, s.province_code, t0.channel, t0.consumer_id,
    (t0.at at time zone ${TIME_ZONE})::date as wib_key, (t0.at at time zone store_time_zone(coalesce(s.province_code, '31')))::date as local_key
  from sales_transactions t0 left join stores s on s.id = t0.store_id where t0.id <= ${num(high)}`;

/**
 * Recounts the promo and gift rollups (sales_promo_*, sales_gift_*) for the receipts up to the rollups' watermark, as
 * the rollup engine counts them: the watermark has passed those receipts, so what was applied to them afterwards is
 * counted here (later ones are the catch-up's). The watermark's row is held meanwhile.
 */
export async function countTillRollups(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SALES_WATERMARK_LOCK})`);
    const [w] = await queryRows<{ last_id: string }>(tx, sql`select last_id from rollup_watermarks where name = 'sales' for update`);
    const high = Number(w?.last_id ?? 0);
    for (const table of ['sales_promo_day', 'sales_promo_month', 'sales_gift_day', 'sales_gift_month']) await tx.execute(sql.raw(`delete from ${table}`));
    if (!high) return;
    await tx.execute(sql`set local work_mem = '256MB'`);
    await tx.execute(sql`insert into sales_promo_day (store_id, province_code, wib_key, local_key, channel, promo_id, transactions, lines, quantity, gross, discount)
      select coalesce(t.store_id, 0), coalesce(t.province_code, ''), t.wib_key, t.local_key, t.channel, l.promo_id,
        count(distinct t.id), count(*), sum(l.quantity), sum(l.amount), sum(l.discount)
      from (${keyed(high)}) t join sales_lines l on l.transaction_pk = t.id and l.promo_id is not null
      ${levels('l.promo_id')}`);
    await tx.execute(sql`insert into sales_gift_day (store_id, province_code, wib_key, local_key, channel, free_gift_id, handovers, receipts, quantity, member_receipts)
      select coalesce(t.store_id, 0), coalesce(t.province_code, ''), t.wib_key, t.local_key, t.channel, g.free_gift_id,
        count(*), count(distinct t.id), sum(g.quantity), count(distinct t.id) filter (where t.consumer_id is not null)
      from (${keyed(high)}) t join sales_gifts g on g.transaction_pk = t.id
      ${levels('g.free_gift_id')}`);
    // A month's figures are its days' summed: a receipt lies in one day, so distinct counts add up.
    await tx.execute(sql`insert into sales_promo_month (store_id, province_code, wib_key, local_key, channel, promo_id, transactions, lines, quantity, gross, discount)
      select store_id, province_code, date_trunc('month', wib_key)::date, date_trunc('month', local_key)::date, channel, promo_id,
        sum(transactions), sum(lines), sum(quantity), sum(gross), sum(discount)
      from sales_promo_day group by 1, 2, 3, 4, 5, 6`);
    await tx.execute(sql`insert into sales_gift_month (store_id, province_code, wib_key, local_key, channel, free_gift_id, handovers, receipts, quantity, member_receipts)
      select store_id, province_code, date_trunc('month', wib_key)::date, date_trunc('month', local_key)::date, channel, free_gift_id,
        sum(handovers), sum(receipts), sum(quantity), sum(member_receipts)
      from sales_gift_day group by 1, 2, 3, 4, 5, 6`);
  });
}
