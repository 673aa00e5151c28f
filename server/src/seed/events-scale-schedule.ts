import { sql } from 'drizzle-orm';
import { addDays } from '@portal/contract';
import { queryRows, type Tx } from '../db/client.ts';
import { unit } from './sales-scale.ts';
import { arr, num } from './scale-sql.ts';

/** A chain's app shows about one planogram a year per hundred products it sells, and content in proportion to them. */
const PRODUCTS_PER_PLANOGRAM = 100;
const MIN_PLANOGRAMS = 20;
/** Shelves that run all year (a category's own shelf); the others run 7 to 42 days each, spread evenly over the year. */
const ALWAYS_ON_SHARE = 0.03;
/** Products a planogram holds: 8 to 32, 70 % from its theme's sub category, the rest the chain's popular products. */
const PLANOGRAM_PRODUCTS = { min: 8, spread: 25, ownCategory: 0.7 };
/** Per planogram of the year: offers, banners, (push) messages and campaigns, each with its run in days. */
const CONTENT = [
  { kind: 'campaign', per: 0.05, min: 4, days: 30, spread: 60 },
  { kind: 'offer', per: 0.6, min: 12, days: 7, spread: 24 },
  { kind: 'banner', per: 0.3, min: 8, days: 14, spread: 47 },
  { kind: 'push-message', per: 0.4, min: 12, days: 1, spread: 3 },
] as const;
/** Offers, banners and messages that belong to a campaign live when they start. */
const IN_CAMPAIGN_SHARE = 0.6;
/** The schedule starts this many days before the first day of events (so the first days have shelves already running) and runs past the last. */
const LEAD_DAYS = 30;
const TAIL_DAYS = 21;

const SHELF_WORDS = ['Hemat', 'Pilihan', 'Serba Murah', 'Terlaris', 'Promo', 'Baru', 'Favorit Keluarga', 'Stok Dapur'];
const BANNER_WORDS = ['Belanja Bulanan', 'Gajian Hemat', 'Akhir Pekan', 'Harga Spesial', 'Serba Hemat'];
const MESSAGE_WORDS = ['Jangan lewatkan', 'Hari ini saja', 'Stok terbatas', 'Baru datang'];
const CAMPAIGN_WORDS = ['Gajian Hemat', 'Belanja Bulanan', 'Serba Hemat', 'Promo Keluarga', 'Pesta Diskon'];
const MONTHS = ['Januari', 'Februari', 'Maret', 'April', 'Mei', 'Juni', 'Juli', 'Agustus', 'September', 'Oktober', 'November', 'Desember'];

export interface EventSchedule {
  planograms: number;
  contents: number;
}

const u = (expr: string, salt: number) => sql.raw(unit(expr, salt));
/** An element of a text array literal picked by a hash. */
const pick = (words: readonly string[], expr: string, salt: number) => sql.raw(`(${arr(words)})[1 + floor(${words.length} * ${unit(expr, salt)})::int]`);

/**
 * The shelves and content the app shows over the days [first, last] (and a little before and after), in proportion to
 * the catalog: planograms with their products (a sub category's popular products and some of the chain's), a few all
 * year and the rest a week to six weeks each; offers, banners and messages, each most of the time inside a campaign
 * live when it starts; all published, with the status their period has at `now`. Deterministic for the same catalog
 * and days. Written in the caller's transaction, the ids taken from the tables' sequences in order.
 */
export async function generateEventSchedule(tx: Tx, first: string, last: string, now: Date): Promise<EventSchedule> {
  const [have] = await queryRows<{ products: number }>(tx, sql`select count(*)::int as products from products where status = 1 and price > 0`);
  const planograms = Math.max(MIN_PLANOGRAMS, Math.round(Number(have?.products ?? 0) / PRODUCTS_PER_PLANOGRAM));
  const alwaysOn = Math.max(3, Math.round(planograms * ALWAYS_ON_SHARE));
  const start = addDays(first, -LEAD_DAYS);
  const span = Math.round((Date.parse(addDays(last, TAIL_DAYS)) - Date.parse(start)) / 86_400_000);

  // Sub categories that have products to show, each with its products in the chain's order of popularity (as sales-scale.ts ranks them).
  await tx.execute(sql`create temp table gen_theme on commit drop as
    select row_number() over (order by c.id) as rn, c.id, c.name, array_agg(p.id order by hashint8extended(p.id, 11), p.id) as products
    from categories c join products p on p.category_id = c.id and p.status = 1 and p.price > 0
    group by c.id, c.name`);
  await tx.execute(sql`create temp table gen_plano on commit drop as
    with n as (select count(*) as themes from gen_theme)
    select nextval(pg_get_serial_sequence('planograms', 'id'))::int as id, g.i, t.name as theme, t.products,
      case when g.i <= ${num(alwaysOn)} then ${start}::date
        else ${start}::date + floor((g.i - ${num(alwaysOn)} - 1) * ${num(span)}::float8 / ${num(planograms - alwaysOn)})::int end as start_date,
      case when g.i <= ${num(alwaysOn)} then ${last}::date + ${num(TAIL_DAYS * 3)}
        else ${start}::date + floor((g.i - ${num(alwaysOn)} - 1) * ${num(span)}::float8 / ${num(planograms - alwaysOn)})::int + 6 + floor(36 * ${u('g.i', 42)})::int end as end_date
    from generate_series(1, ${num(planograms)}) g(i) cross join n join gen_theme t on t.rn = 1 + floor(n.themes * ${u('g.i', 41)})::bigint
    order by g.i`);
  await tx.execute(sql`insert into planograms (id, title, content_type, display_location, member_scope, start_date, end_date, priority, position, description, status, created_at, updated_at)
    select id, case when i <= ${num(alwaysOn)} then 'Rak ' || theme else ${pick(SHELF_WORDS, 'i', 43)} || ' ' || theme || ' · Minggu ' || extract(week from start_date) end,
      floor(8 * ${u('i', 44)})::int, floor(3 * ${u('i', 45)})::int, (${u('i', 46)} < 0.1)::int,
      start_date, end_date, case when i <= ${num(alwaysOn)} then 1 + floor(3 * ${u('i', 47)})::int else 1 + floor(10 * power(${u('i', 47)}, 1.5))::int end,
      i, 'Pilihan ' || lower(theme) || ' untuk aplikasi', 1, start_date - 7, start_date - 7
    from gen_plano order by id`);
  await tx.execute(sql`insert into planogram_products (planogram_id, product_id)
    with popular as (select row_number() over (order by hashint8extended(id, 11), id) as rn, id from products where status = 1 and price > 0),
      n as (select count(*) as products from popular),
      slots as (select g.id, g.i * 64 + k as h, g.products from gen_plano g cross join lateral generate_series(1, ${num(PLANOGRAM_PRODUCTS.min)} + floor(${num(PLANOGRAM_PRODUCTS.spread)} * ${u('g.i', 48)})::int) k)
    select s.id, case when ${u('s.h', 49)} < ${num(PLANOGRAM_PRODUCTS.ownCategory)} then s.products[1 + floor(cardinality(s.products) * power(${u('s.h', 50)}, 1.5))::int] else p.id end
    from slots s cross join n join popular p on p.rn = 1 + floor(n.products * power(${u('s.h', 51)}, 2))::bigint
    order by 1, 2
    on conflict do nothing`);

  // Content: each kind's items spread evenly over the span, their runs from its table; campaigns first, so items can name one.
  const kinds = CONTENT.map((c, k) => ({ ...c, k, n: Math.max(c.min, Math.round(planograms * c.per)) }));
  await tx.execute(sql`create temp table gen_content on commit drop as
    with spec as (select * from json_to_recordset(${JSON.stringify(kinds)}::json) as s(kind text, k int, n int, days int, spread int)),
      n as (select count(*) as themes from gen_theme),
      g as (select s.kind, s.k, i, s.k * 100000 + i as h,
          ((${start}::date + floor((i - 1) * ${num(span)}::float8 / s.n)::int)::timestamp + (6 + floor(4 * ${u('s.k * 100000 + i', 52)})) * interval '1 hour') at time zone 'Asia/Jakarta' as start_at,
          s.days + floor((s.spread + 1) * ${u('s.k * 100000 + i', 53)})::int as run
        from spec s cross join lateral generate_series(1, s.n) i)
    select nextval(pg_get_serial_sequence('content_items', 'id'))::int as id, g.kind, g.i, g.h, t.name as theme, g.start_at, g.start_at + g.run * interval '1 day' as end_at
    from g cross join n join gen_theme t on t.rn = 1 + floor(n.themes * ${u('g.h', 54)})::bigint
    order by g.k, g.i`);
  const jakarta = (column: string) => sql.raw(`(${column} at time zone 'Asia/Jakarta')`);
  await tx.execute(sql`insert into content_items (id, kind, title, description, priority, start_at, end_at, status, campaign_id, content_type, display_location,
      placement_page, banner_type, position, message_kind, message, published_at, created_at, updated_at)
    select g.id, g.kind,
      case g.kind
        when 'campaign' then 'Kampanye ' || ${pick(CAMPAIGN_WORDS, 'g.h', 55)} || ' ' || (${sql.raw(arr(MONTHS))})[extract(month from ${jakarta('g.start_at')})::int] || ' ' || extract(year from ${jakarta('g.start_at')})
        when 'offer' then 'Diskon ' || (5 * (1 + floor(8 * ${u('g.h', 56)})::int)) || '% ' || g.theme
        when 'banner' then 'Banner ' || ${pick(BANNER_WORDS, 'g.h', 57)} || ' ' || g.theme
        else ${pick(MESSAGE_WORDS, 'g.h', 58)} || ': ' || g.theme || ' hemat' end,
      case g.kind when 'campaign' then 'Kampanye aplikasi: ' || lower(g.theme) || ' dan kebutuhan harian.' when 'offer' then 'Penawaran khusus member aplikasi untuk ' || lower(g.theme) || '.' end,
      1 + floor(10 * power(${u('g.h', 59)}, 1.5))::int, g.start_at, g.end_at,
      case when g.end_at <= ${now} then 4 when g.start_at <= ${now} then 3 else 2 end,
      case when g.kind <> 'campaign' and ${u('g.h', 60)} < ${num(IN_CAMPAIGN_SHARE)} then
        (select c.id from gen_content c where c.kind = 'campaign' and c.start_at <= g.start_at and c.end_at > g.start_at order by hashint8extended(c.h * 100000 + g.h, 61) limit 1) end,
      case when g.kind = 'offer' then floor(8 * ${u('g.h', 62)})::int end, case when g.kind = 'offer' then floor(3 * ${u('g.h', 63)})::int end,
      case when g.kind = 'banner' then 'homepage' end, case when g.kind = 'banner' then (array[1, 6, 7])[1 + floor(3 * ${u('g.h', 64)})::int] end,
      case when g.kind = 'banner' then g.i end,
      case when g.kind = 'push-message' then 0 end, case when g.kind = 'push-message' then 'Cek promo ' || lower(g.theme) || ' di aplikasi hari ini.' end,
      g.start_at - interval '1 day', g.start_at - interval '3 days', g.start_at - interval '1 day'
    from gen_content g order by g.id`);
  const contents = kinds.reduce((n, k) => n + k.n, 0);
  return { planograms, contents };
}
