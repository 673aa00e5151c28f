import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { NotificationOfferRow } from '@portal/contract';
import { useHarness } from '../../../test/harness.ts';
import { queryRows } from '../../db/client.ts';

interface List<T> {
  data: T[];
  meta: { page: number; limit: number; total: number };
}

const HOUR = 3_600_000;
const URL = '/api/v1/notification-offers';

describe('Notification Offer: the notification announcing each offer, listed and edited', () => {
  const h = useHarness({}, { scale: 0.05 });
  let admin: string;
  let viewer: string;
  let nobody: string;

  beforeAll(async () => {
    [admin, viewer, nobody] = (await Promise.all(['admin.cms', 'viewer', 'no.access'].map((u) => h.tokenOf(u)))) as [string, string, string];
  });

  const call = (method: string, url: string, body?: unknown, token = admin) => h.call(method, url, { token, body });
  const ok = async <T>(method: string, url: string, body?: unknown, token = admin): Promise<T> => {
    const res = await call(method, url, body, token);
    expect(res.statusCode, `${method} ${url} → ${res.body}`).toBe(200);
    return res.json<{ data: T }>().data;
  };
  const refused = async (method: string, url: string, body: unknown, status: number, token = admin) => {
    const res = await call(method, url, body, token);
    expect(res.statusCode, `${method} ${url} ${JSON.stringify(body)} → ${res.body}`).toBe(status);
    return res.json<{ message: string; details?: { path: string }[] }>();
  };
  const byTitle = async (title: string) => (await ok<List<NotificationOfferRow>>('GET', `${URL}?search=${encodeURIComponent(title)}`)).data.find((r) => r.offer_title === title)!;
  const at = (hoursFromNow: number) => new Date(h.clock.now().getTime() + hoursFromNow * HOUR).toISOString();
  /** An offer published straight into the database, its period around now. */
  const publishedOffer = async (title: string, fromHours: number, toHours: number) => {
    const [row] = await queryRows<{ id: number }>(
      h.testDb.database.db,
      sql`insert into content_items (kind, title, start_at, end_at, status, content_type, display_location)
          values ('offer', ${title}, ${at(fromHours)}, ${at(toHours)}, ${fromHours <= 0 ? 3 : 2}, 0, 0) returning id`,
    );
    return row!.id;
  };

  it('lists every offer with its notification, filtered by state, offer status and search, sorted by send moment', async () => {
    const all = await ok<List<NotificationOfferRow>>('GET', `${URL}?limit=100`);
    const offers = await ok<List<{ id: number }>>('GET', '/api/v1/offers?limit=100');
    expect(all.meta.total).toBe(offers.meta.total);
    const state = Object.fromEntries(all.data.map((r) => [r.offer_title, r.state]));
    expect(state).toMatchObject({ 'Promo Kopi Pagi': 0, 'Diskon Susu UHT 20%': 1, 'Beli 2 Gratis 1 Mi Instan': 2, 'Hemat Minyak Goreng 2 Liter': 3, 'Promo Kemerdekaan': 0 });
    for (const s of [0, 1, 2, 3]) {
      const page = await ok<List<NotificationOfferRow>>('GET', `${URL}?state=${s}&limit=100`);
      expect(page.data.length, `state ${s}`).toBeGreaterThan(0);
      expect(page.data.every((r) => r.state === s)).toBe(true);
    }
    expect((await ok<List<NotificationOfferRow>>('GET', `${URL}?state=2`)).data.map((r) => r.offer_title)).toEqual(['Beli 2 Gratis 1 Mi Instan']);
    const live = await ok<List<NotificationOfferRow>>('GET', `${URL}?offer_status=3`);
    expect(live.data.map((r) => r.offer_title)).toEqual(['Hemat Minyak Goreng 2 Liter']);
    // Search reads the notification's title too.
    expect((await ok<List<NotificationOfferRow>>('GET', `${URL}?search=lebih hemat`)).data.map((r) => r.offer_title).sort()).toEqual(['Hemat Minyak Goreng 2 Liter', 'Promo Kopi Pagi']);
    const sorted = await ok<List<NotificationOfferRow>>('GET', `${URL}?sort_by=send_moment&sort_dir=asc&limit=100`);
    const moments = sorted.data.map((r) => r.send_moment ?? r.offer_start_at);
    expect(moments).toEqual([...moments].sort());
    expect(all.data.find((r) => r.offer_title === 'Hemat Minyak Goreng 2 Liter')).toMatchObject({ enabled: true, send_mode: 2 });
    await refused('GET', `${URL}?state=9`, undefined, 400);
    await refused('GET', `${URL}?sort_by=title`, undefined, 400);
  });

  it('edits the notification of an offer that had none: validated, versioned, audited', async () => {
    const row = await byTitle('Cashback Belanja Sayur');
    expect(row).toMatchObject({ enabled: false, title: null, send_mode: 1, version: 1, state: 0 });
    const body = { enabled: true, title: '  Cashback sayur 10%  ', message: 'Belanja sayur, dapat cashback 10%.', send_mode: 1, version: 1 };
    for (const [bad, path] of [
      [{ ...body, title: '' }, 'title'],
      [{ ...body, message: null }, 'message'],
      [{ ...body, title: 'x'.repeat(61) }, 'title'],
      [{ ...body, message: 'x'.repeat(181) }, 'message'],
      [{ ...body, send_mode: 2 }, 'send_at'],
      [{ ...body, send_mode: 3 }, 'send_mode'],
      [{ ...body, send_at: row.offer_start_at }, 'send_at'],
      [{ ...body, send_mode: 2, send_at: at(24 * 60) }, 'send_at'],
      [{ ...body, version: undefined }, 'version'],
    ] as const) {
      const res = await refused('PUT', `${URL}/${row.id}`, bad, 400);
      expect(res.details?.map((d) => d.path), JSON.stringify(bad)).toContain(path);
    }
    await refused('PUT', `${URL}/${row.id}`, { ...body, audience: 1 }, 400);

    const saved = await ok<NotificationOfferRow>('PUT', `${URL}/${row.id}`, body);
    expect(saved).toMatchObject({ enabled: true, title: 'Cashback sayur 10%', version: 2, updated_by_name: 'Budi Santoso', send_moment: row.offer_start_at });
    // Enabled, but the offer is rejected: it waits for the offer's approval.
    expect(saved.state).toBe(1);
    const stale = await refused('PUT', `${URL}/${row.id}`, { ...body, title: 'Lagi' }, 409);
    expect(stale.message).toContain('Budi Santoso');

    const [entry] = (await ok<List<{ id: number }>>('GET', '/api/v1/log-history?entity=notification-offer&limit=1')).data;
    const audit = await ok<{ action: string; entity_id: string; before: { enabled: boolean }; after: { enabled: boolean; title: string } }>('GET', `/api/v1/log-history/${entry!.id}`);
    expect(audit).toMatchObject({ action: 'update', entity_id: String(row.id), before: { enabled: false }, after: { enabled: true, title: 'Cashback sayur 10%' } });

    // Turned off, it keeps its words; a chosen time within the period is kept.
    const off = await ok<NotificationOfferRow>('PUT', `${URL}/${row.id}`, { ...body, enabled: false, send_mode: 2, send_at: at(24 * 4), version: 2 });
    expect(off).toMatchObject({ enabled: false, title: 'Cashback sayur 10%', send_mode: 2, state: 0, version: 3 });
    expect(new Date(off.send_at!).getTime()).toBe(new Date(at(24 * 4)).getTime());
  });

  it('schedules on a published offer, refuses a moment already past, and locks a notification once due', async () => {
    const id = await publishedOffer('Offer Live Now', -1, 24 * 5);
    const body = { enabled: true, title: 'Sudah tayang', message: 'Promo sudah tayang.', send_mode: 1, version: 1 };
    const live = await refused('PUT', `${URL}/${id}`, body, 400);
    expect(live.details?.map((d) => d.path)).toEqual(['send_mode']);
    await refused('PUT', `${URL}/${id}`, { ...body, send_mode: 2, send_at: at(-0.5) }, 400);
    const scheduled = await ok<NotificationOfferRow>('PUT', `${URL}/${id}`, { ...body, send_mode: 2, send_at: at(2) });
    expect(scheduled.state).toBe(2);
    // Its moment passes (moved back into the past here rather than moving the clock, which would end the sessions).
    await h.testDb.database.db.execute(sql`update offer_notifications set send_at = ${at(-0.5)} where id = ${id}`);
    const due = await ok<NotificationOfferRow>('GET', `${URL}/${id}`);
    expect(due.state).toBe(3);
    expect((await ok<List<NotificationOfferRow>>('GET', `${URL}?state=3&limit=100`)).data.map((r) => r.id)).toContain(id);
    const locked = await refused('PUT', `${URL}/${id}`, { ...body, send_mode: 2, send_at: at(5), version: 2 }, 409);
    expect(locked.message).toContain('cannot be edited');
  });

  it('reads and edits only offers, under the Notification Offer entry', async () => {
    const row = await byTitle('Promo Kemerdekaan');
    expect((await ok<NotificationOfferRow>('GET', `${URL}/${row.id}`, undefined, viewer)).offer_title).toBe('Promo Kemerdekaan');
    const body = { enabled: false, title: null, message: null, send_mode: 1, version: 1 };
    await refused('PUT', `${URL}/${row.id}`, body, 403, viewer);
    await refused('GET', URL, undefined, 403, nobody);
    expect((await h.call('GET', URL)).statusCode).toBe(401);
    const [banner] = (await ok<List<{ id: number }>>('GET', '/api/v1/banners?limit=1')).data;
    await refused('GET', `${URL}/${banner!.id}`, undefined, 404);
    await refused('PUT', `${URL}/${banner!.id}`, body, 404);
    await refused('PUT', `${URL}/999999`, body, 404);
    const none = await queryRows<{ n: number }>(h.testDb.database.db, sql`select count(*)::int as n from offer_notifications where id = ${banner!.id}`);
    expect(Number(none[0]?.n)).toBe(0);
  });
});
