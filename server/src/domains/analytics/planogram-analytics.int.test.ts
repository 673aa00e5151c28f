import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, denseRank, jakartaDay, posSalesSignedText, type AppEvent, type PlanogramRankRow, type PlanogramSummary, type PosSale, type ProductRankRow } from '@portal/contract';
import { queryRows } from '../../db/client.ts';
import { signWebhook } from '../../platform/webhook-signature.ts';
import { DEMO_PASSWORD, useHarness } from '../../../test/harness.ts';
import { createStaff } from '../../../test/staff.ts';
import { seededRandom } from '../../seed/demo-sales.ts';
import { catchUpEventRollups } from './event-rollup.ts';
import { posSalesSecretOf } from './pos-sales.service.ts';
import { catchUpSalesRollups } from './sales-rollup.ts';

const TYPES = ['impression', 'click', 'add_to_cart'] as const;

describe('planogram analytics: the app’s events counted once, ranked as the raw events and sales are', () => {
  const h = useHarness();
  const db = () => h.testDb.database.db;
  let token: string;
  let consumer: string;
  let store: string;
  let planograms: { id: number; title: string; plus: string[] }[];
  const random = seededRandom(11);
  const now = () => h.clock.now();

  const send = async (events: Partial<AppEvent>[], as = consumer) => h.call('POST', '/api/v1/app/events', { token: as, body: { events } });
  const get = async <T>(path: string, query: Record<string, string | number>) => {
    const res = await h.call('GET', `/api/v1/analytics/planograms/${path}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString()}`, { token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: T }>().data;
  };

  beforeAll(async () => {
    const [person] = await queryRows<{ phone: string }>(
      db(),
      sql`select c.phone from consumers c join consumer_credentials k on k.consumer_id = c.id where c.status = 1
        and not exists (select 1 from consumers d where d.phone = c.phone and d.id <> c.id) order by c.id limit 1`,
    );
    consumer = (await h.call('POST', '/api/v1/app/auth/sign-in', { body: { phone: person!.phone, password: DEMO_PASSWORD } })).json<{ data: { token: string } }>().data.token;
    store = (await queryRows<{ code: string }>(db(), sql`select code from stores where status = 1 order by id limit 1`))[0]!.code;
    // Three planograms shown today, each holding three products of its own.
    const products = await queryRows<{ id: number; plu: string }>(db(), sql`select id, plu from products where status = 1 and price > 0 order by id limit 9`);
    planograms = [];
    for (let i = 0; i < 3; i++) {
      const [p] = await queryRows<{ id: number }>(
        db(),
        sql`insert into planograms (title, content_type, display_location, start_date, end_date) values (${`Rak Uji ${i + 1}`}, 1, 1, current_date - 60, current_date + 30) returning id`,
      );
      const mine = products.slice(i * 3, i * 3 + 3);
      for (const m of mine) await db().execute(sql`insert into planogram_products (planogram_id, product_id) values (${p!.id}, ${m.id})`);
      planograms.push({ id: Number(p!.id), title: `Rak Uji ${i + 1}`, plus: mine.map((m) => m.plu) });
    }
    await createStaff(db(), 'planogram.viewer', [{ entry: 'pandora.planogram-analytics', action: 'view' }]);
    token = await h.tokenOf('planogram.viewer');
  });

  it('counts a batch once by event id, ignores clocks gone astray, and refuses without a consumer token or with a bad event', async () => {
    const at = new Date(now().getTime() - 3_600_000).toISOString();
    const events = [
      { event_id: randomUUID(), type: 'impression' as const, planogram_id: planograms[0]!.id, store_code: store, at },
      { event_id: randomUUID(), type: 'click' as const, planogram_id: planograms[0]!.id, plu: planograms[0]!.plus[0]!, store_code: store, at },
    ];
    expect((await send(events)).json().data).toEqual({ accepted: 2, duplicates: 0, ignored: 0 });
    const stale = { event_id: randomUUID(), type: 'impression' as const, planogram_id: planograms[0]!.id, at: new Date(now().getTime() - 40 * 86_400_000).toISOString() };
    expect((await send([...events, stale])).json().data).toEqual({ accepted: 0, duplicates: 2, ignored: 1 });
    expect((await send(events, '')).statusCode).toBe(401);
    const bad = await send([{ event_id: randomUUID(), type: 'add_to_cart', planogram_id: planograms[0]!.id, at }]);
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('An add_to_cart event names its product (plu)');
  });

  it('ranks planograms and their products by each measure as the raw events and sales do, top and bottom, with the period before', async () => {
    const events: Partial<AppEvent>[] = [];
    for (let i = 0; i < 400; i++) {
      const pl = planograms[Math.floor(random() ** 1.5 * 3)]!;
      const type = TYPES[Math.floor(random() ** 2 * 3)]!;
      const plu = type === 'impression' && random() < 0.5 ? null : pl.plus[Math.floor(random() * 3)]!;
      events.push({ event_id: randomUUID(), type, planogram_id: pl.id, plu, store_code: store, at: new Date(now().getTime() - Math.floor(random() * 20 * 86_400_000) - 60_000).toISOString() });
    }
    for (let i = 0; i < events.length; i += 100) expect((await send(events.slice(i, i + 100))).statusCode).toBe(200);
    // A few sales of the planograms' products.
    const sales: PosSale[] = planograms.flatMap((pl, i) =>
      pl.plus.map((plu, k) => ({ transaction_id: `PLANO-${i}-${k}`, store_code: store, channel: 1 as const, card_id: null, at: new Date(now().getTime() - 86_400_000).toISOString(), lines: [{ plu, quantity: 1 + i + k, price: 10_000 }] })),
    );
    expect((await h.call('POST', '/api/v1/pos/sales', { body: { transactions: sales, signature: signWebhook(posSalesSecretOf(h.services.config), posSalesSignedText(sales)) } })).statusCode).toBe(200);
    await catchUpEventRollups(db(), now());
    await catchUpSalesRollups(db(), now());

    const today = jakartaDay(now());
    const from = addDays(today, -25);
    const raw = await queryRows<{ planogram_id: number; impressions: string; clicks: string; carts: string }>(
      db(),
      sql`select planogram_id, count(*) filter (where type = 1) as impressions, count(*) filter (where type = 2) as clicks, count(*) filter (where type = 3) as carts
        from app_events where planogram_id in (${sql.join(planograms.map((p) => sql`${p.id}`), sql`, `)}) group by planogram_id`,
    );
    const rawSales = new Map<number, number>();
    for (const p of planograms) {
      const [r] = await queryRows<{ sales: string }>(
        db(),
        sql`select coalesce(sum(l.amount), 0) as sales from sales_lines l join sales_transactions t on t.id = l.transaction_pk
          where l.plu in (select json_array_elements_text(${JSON.stringify(p.plus)}::json)) and (t.at at time zone 'Asia/Jakarta')::date between ${from}::date and ${today}::date`,
      );
      rawSales.set(p.id, Number(r!.sales));
    }
    for (const measure of ['impressions', 'clicks', 'carts', 'sales'] as const) {
      for (const order of ['desc', 'asc'] as const) {
        const page = await get<{ data: PlanogramRankRow[] }>('planograms', { from, to: today, measure, order, limit: 100 });
        const mine = page.data.filter((r) => planograms.some((p) => p.id === r.planogram_id));
        for (const r of mine) {
          const e = raw.find((x) => Number(x.planogram_id) === r.planogram_id);
          expect({ impressions: r.impressions, clicks: r.clicks, carts: r.carts, sales: r.sales }).toEqual({
            impressions: Number(e?.impressions ?? 0),
            clicks: Number(e?.clicks ?? 0),
            carts: Number(e?.carts ?? 0),
            sales: rawSales.get(r.planogram_id),
          });
        }
        const values = page.data.map((r) => r[measure]);
        expect(values).toEqual([...values].sort((a, b) => (order === 'desc' ? b - a : a - b)));
        expect(page.data.map((r) => r.rank)).toEqual(denseRank(page.data, (r) => r[measure]).map((r) => r.rank));
      }
    }

    const pl = planograms[0]!;
    const items = await get<{ data: ProductRankRow[]; meta: { total: number } }>('products', { from, to: today, planogram_id: pl.id, measure: 'clicks' });
    expect(items.meta.total).toBe(3);
    const rawItems = await queryRows<{ plu: string; clicks: string }>(
      db(),
      sql`select p.plu, count(*) filter (where e.type = 2) as clicks from app_events e join products p on p.id = e.product_id where e.planogram_id = ${pl.id} group by p.plu`,
    );
    for (const it of items.data) expect(it.clicks, it.plu).toBe(Number(rawItems.find((r) => r.plu === it.plu)?.clicks ?? 0));

    const summary = await get<PlanogramSummary>('summary', { from, to: today });
    const rawImpressions = async (p: { from: string; to: string }) =>
      Number(
        (
          await queryRows<{ n: string }>(
            db(),
            sql`select count(*) filter (where type = 1) as n from app_events where planogram_id is not null and (at at time zone 'Asia/Jakarta')::date between ${p.from}::date and ${p.to}::date`,
          )
        )[0]!.n,
      );
    expect(summary.current.impressions).toBe(await rawImpressions(summary.period));
    expect(summary.previous.impressions).toBe(await rawImpressions(summary.previous_period));
  });

  it('ranks offers, banners and messages by impressions and clicks as the raw events do', async () => {
    const [campaign] = await queryRows<{ id: number }>(
      db(),
      sql`insert into content_items (kind, title, start_at, end_at, status) values ('campaign', 'Kampanye Uji', now() - interval '10 days', now() + interval '10 days', 1) returning id`,
    );
    const [offer] = await queryRows<{ id: number }>(
      db(),
      sql`insert into content_items (kind, title, start_at, end_at, status, campaign_id) values ('offer', 'Promo Uji', now() - interval '10 days', now() + interval '10 days', 1, ${campaign!.id}) returning id`,
    );
    const at = new Date(now().getTime() - 2 * 3_600_000).toISOString();
    const events = [...Array.from({ length: 7 }, () => ({ type: 'impression' as const })), ...Array.from({ length: 3 }, () => ({ type: 'click' as const }))].map((e) => ({
      ...e,
      event_id: randomUUID(),
      content_id: Number(offer!.id),
      store_code: store,
      at,
    }));
    expect((await send(events)).statusCode).toBe(200);
    await catchUpEventRollups(db(), now());
    await createStaff(db(), 'content.viewer', [{ entry: 'pandora.dashboard-analytics/content', action: 'view' }]);
    const viewer = await h.tokenOf('content.viewer');
    const today = jakartaDay(now());
    const res = await h.call('GET', `/api/v1/analytics/content/ranking?kind=offer&measure=clicks&from=${addDays(today, -6)}&to=${today}&limit=100`, { token: viewer });
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json<{ data: { data: { content_id: number; impressions: number; clicks: number; rank: number }[] } }>().data.data;
    const raw = await queryRows<{ content_id: number; impressions: string; clicks: string }>(
      db(),
      sql`select content_id, count(*) filter (where type = 1) as impressions, count(*) filter (where type = 2) as clicks from app_events
        where content_id is not null and (at at time zone 'Asia/Jakarta')::date between ${addDays(today, -6)}::date and ${today}::date group by content_id`,
    );
    for (const r of rows) {
      const e = raw.find((x) => Number(x.content_id) === r.content_id);
      expect([r.impressions, r.clicks], String(r.content_id)).toEqual([Number(e?.impressions ?? 0), Number(e?.clicks ?? 0)]);
    }
    expect(rows.find((r) => r.content_id === Number(offer!.id))).toMatchObject({ impressions: 7, clicks: 3 });
    expect(rows.map((r) => r.rank)).toEqual(denseRank(rows, (r) => r.clicks).map((r) => r.rank));
    const summary = await h.call('GET', `/api/v1/analytics/content/summary?kind=offer&from=${addDays(today, -6)}&to=${today}`, { token: viewer });
    const offers = summary.json<{ data: { current: { kind: string; clicks: number; live: number }[] } }>().data.current[0]!;
    expect(offers.clicks).toBe(raw.reduce((n, r) => n + Number(r.clicks) * (rows.some((x) => x.content_id === Number(r.content_id)) ? 1 : 0), 0));
    expect(offers.live).toBeGreaterThan(0);
    expect((await h.call('GET', '/api/v1/analytics/content/ranking?kind=flyer', { token: viewer })).statusCode).toBe(400);
    const campaigns = await h.call('GET', `/api/v1/analytics/content/campaigns?from=${addDays(today, -6)}&to=${today}&limit=100`, { token: viewer });
    expect(campaigns.statusCode, campaigns.body).toBe(200);
    expect(campaigns.json<{ data: { data: { campaign_id: number }[] } }>().data.data.find((c) => c.campaign_id === Number(campaign!.id))).toMatchObject({ items: 1, impressions: 7, clicks: 3, rank: expect.any(Number) });

    // The offer top average: what its openers (this consumer) spent per transaction in the period.
    const [me] = await queryRows<{ id: number; app_card_id: string }>(db(), sql`select c.id, c.app_card_id from consumers c join consumer_sessions s on s.consumer_id = c.id order by s.id desc limit 1`);
    const baskets: PosSale[] = [150_000, 90_000].map((price, i) => ({ transaction_id: `OFFER-${i}`, store_code: store, channel: 1, card_id: me!.app_card_id, at: at, lines: [{ plu: planograms[0]!.plus[0]!, quantity: 1, price }] }));
    expect((await h.call('POST', '/api/v1/pos/sales', { body: { transactions: baskets, signature: signWebhook(posSalesSecretOf(h.services.config), posSalesSignedText(baskets)) } })).statusCode).toBe(200);
    await catchUpSalesRollups(db(), now());
    const top = await h.call('GET', `/api/v1/analytics/content/offer-top-average?from=${addDays(today, -6)}&to=${today}&limit=100`, { token: viewer });
    expect(top.statusCode, top.body).toBe(200);
    const ranked = top.json<{ data: { data: { content_id: number; total_avg_sales: number; openers: number; transactions: number; rank: number }[] } }>().data.data;
    const [spent] = await queryRows<{ sales: string; n: string }>(
      db(),
      sql`select sum(total) as sales, count(*) as n from sales_transactions where consumer_id = ${me!.id} and (at at time zone 'Asia/Jakarta')::date between ${addDays(today, -6)}::date and ${today}::date`,
    );
    expect(ranked.find((o) => o.content_id === Number(offer!.id))).toMatchObject({ openers: 1, transactions: Number(spent!.n), total_avg_sales: Math.round(Number(spent!.sales) / Number(spent!.n)) });
    expect(ranked.map((o) => o.total_avg_sales)).toEqual(ranked.map((o) => o.total_avg_sales).sort((a, b) => b - a));
    expect(ranked.map((o) => o.rank)).toEqual(denseRank(ranked, (o) => o.total_avg_sales).map((o) => o.rank));

    // Each page's export: the whole ranking in the screen's order, under the export right only.
    const period = `from=${addDays(today, -6)}&to=${today}`;
    expect((await h.call('GET', `/api/v1/analytics/content/ranking/export?kind=offer&${period}&format=csv`, { token: viewer })).statusCode).toBe(403);
    await createStaff(db(), 'content.exporter', [
      { entry: 'pandora.dashboard-analytics/content', action: 'export' },
      { entry: 'pandora.dashboard-analytics/marketing-campaign', action: 'export' },
      { entry: 'pandora.planogram-analytics', action: 'export' },
    ]);
    const exporter = await h.tokenOf('content.exporter');
    const csv = async (path: string, query: string, name: string) => {
      const res = await h.call('GET', `/api/v1/analytics/${path}/export?${query}&${period}&format=csv`, { token: exporter });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-disposition']).toMatch(new RegExp(`${name}_\\d{8}_\\d{6}\\.csv`));
      return res.body.replace(/^\uFEFF/, '').trim().split(/\r?\n/).slice(1).map((line) => line.split(','));
    };
    const contentRows = await csv('content/ranking', 'kind=offer&measure=clicks', 'Export-content_analytics');
    expect(contentRows.map((r) => [Number(r[0]), Number(r.at(-2)), Number(r.at(-1))])).toEqual(rows.map((r) => [r.rank, r.clicks, expect.any(Number)]));
    const campaignRows = await csv('content/campaigns', 'measure=impressions', 'Export-marketing_campaign');
    expect(campaignRows.some((r) => r[1] === 'Kampanye Uji' && Number(r.at(-3)) === 7)).toBe(true);
    const averageRows = await csv('content/offer-top-average', 'limit=10', 'Export-offer_top_average');
    expect(averageRows.map((r) => [Number(r[0]), Number(r.at(-1))])).toEqual(ranked.map((o) => [o.rank, o.total_avg_sales]));
    const summaryRows = await csv('planograms/summary', 'basis=wib', 'Export-planogram_summary');
    const planogramSummary = (await h.call('GET', `/api/v1/analytics/planograms/summary?${period}`, { token })).json<{ data: { current: Record<string, number>; previous: Record<string, number> } }>().data;
    expect(summaryRows.map((r) => [r[0], Number(r[1]), Number(r[2])])).toEqual([
      ['Impressions', planogramSummary.current.impressions, planogramSummary.previous.impressions],
      ['Clicks', planogramSummary.current.clicks, planogramSummary.previous.clicks],
      ['Add to Cart', planogramSummary.current.carts, planogramSummary.previous.carts],
      ['Sales (Rp)', planogramSummary.current.sales, planogramSummary.previous.sales],
    ]);
  });

  it('is refused to a user without planogram analytics', async () => {
    await createStaff(db(), 'no.planograms', [{ entry: 'pandora.sales-dashboard', action: 'view' }]);
    const res = await h.call('GET', '/api/v1/analytics/planograms/summary', { token: await h.tokenOf('no.planograms') });
    expect(res.statusCode).toBe(403);
  });
});
