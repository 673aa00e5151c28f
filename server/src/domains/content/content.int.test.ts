import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApprovalDetail, ContentRow } from '@portal/contract';
import { useHarness } from '../../../test/harness.ts';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { multipart } from '../../../test/import-files.ts';
import { queryRows } from '../../db/client.ts';
import { createStaff } from '../../../test/staff.ts';
import { APPROVER_GRANTS } from '../../../test/fixtures/content.fixtures.ts';
import { ContentPublishingService } from './content-publishing.service.ts';

interface List<T> {
  data: T[];
  meta: { page: number; limit: number; total: number };
}

const HOUR = 3_600_000;

describe('cms Campaign content: offers, banners, campaigns, push messages with maker-checker approval', () => {
  const h = useHarness({ DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'content-test-')) }, { scale: 0.05 });
  let admin: string;
  let approver: string;
  let viewer: string;
  let agent: string;

  beforeAll(async () => {
    await createStaff(h.testDb.database.db, 'approver.test', APPROVER_GRANTS);
    admin = await h.tokenOf('admin.cms');
    approver = await h.tokenOf('approver.test');
    viewer = await h.tokenOf('viewer');
    agent = await h.tokenOf('cs.agent');
  });

  const call = async (method: string, url: string, body?: unknown, token = admin) => h.call(method, url, { token, body });
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
  const latestAudit = async (entity: string) => {
    const [first] = (await ok<List<{ id: number }>>('GET', `/api/v1/log-history?entity=${entity}&limit=1`)).data;
    return ok<{ action: string; entity_id: string; actor_name: string | null; before: unknown; after: unknown }>('GET', `/api/v1/log-history/${first!.id}`);
  };
  const at = (hoursFromNow: number) => new Date(h.clock.now().getTime() + hoursFromNow * HOUR).toISOString();
  const offer = (extra: Record<string, unknown> = {}) => ({ title: 'Promo Teh Celup', content_type: 0, display_location: 0, start_at: at(24), end_at: at(24 * 8), ...extra });

  describe('lists', () => {
    it('lists the seeded offers by displayed status, search and Jakarta date range', async () => {
      const all = await ok<List<ContentRow>>('GET', '/api/v1/offers?limit=100');
      expect(all.data.every((o) => o.kind === 'offer')).toBe(true);
      expect(new Set(all.data.map((o) => o.status))).toEqual(new Set([0, 1, 2, 3, 4, 5, 6]));
      for (const status of [0, 1, 2, 3, 4, 5, 6]) {
        const page = await ok<List<ContentRow>>('GET', `/api/v1/offers?status=${status}&limit=100`);
        expect(page.data.length, `status ${status}`).toBeGreaterThan(0);
        expect(page.data.every((o) => o.status === status)).toBe(true);
      }
      const found = await ok<List<ContentRow>>('GET', '/api/v1/offers?search=minyak');
      expect(found.data.map((o) => o.title)).toEqual(['Hemat Minyak Goreng 2 Liter']);
      // Items whose period overlaps a day 25 days ago (Jakarta calendar): only the expired Independence Day promo.
      const day = new Date(h.clock.now().getTime() + 7 * HOUR - 25 * 24 * HOUR).toISOString().slice(0, 10);
      const then = await ok<List<ContentRow>>('GET', `/api/v1/offers?date_from=${day}&date_to=${day}`);
      expect(then.data.map((o) => o.title)).toEqual(['Promo Kemerdekaan']);
      await refused('GET', '/api/v1/offers?status=9', undefined, 400);
      await refused('GET', '/api/v1/offers?date_from=2026-02-30', undefined, 400);
      await refused('GET', '/api/v1/offers?sort_by=status', undefined, 400);
      const banners = await ok<List<ContentRow>>('GET', '/api/v1/banners?placement_page=homepage&sort_by=position&sort_dir=asc');
      expect(banners.data.map((b) => b.position)).toEqual([1, 2]);
      const push = await ok<List<ContentRow>>('GET', '/api/v1/push-messages?message_kind=1');
      expect(push.data.map((p) => p.recurrence)).toEqual(['weekly']);
    });
  });

  describe('workflow', () => {
    it('creates a draft, edits it, submits it; an item in review cannot be edited or deleted', async () => {
      const created = await ok<ContentRow>('POST', '/api/v1/offers', offer());
      expect(created).toMatchObject({ status: 0, kind: 'offer', priority: 5, targeting: 2, version: 1 });
      expect((await latestAudit('offer')).action).toBe('create');
      const edited = await ok<ContentRow>('PUT', `/api/v1/offers/${created.id}`, { ...offer({ title: 'Promo Teh Celup 2+1', priority: 2 }), version: 1 });
      expect(edited).toMatchObject({ title: 'Promo Teh Celup 2+1', priority: 2, version: 2 });
      const submitted = await ok<ContentRow>('POST', `/api/v1/offers/${created.id}/submit`, { version: 2 });
      expect(submitted).toMatchObject({ status: 1, version: 3, submitted_by_name: 'Budi Santoso' });
      const audit = await latestAudit('offer');
      expect(audit).toMatchObject({ action: 'submit', entity_id: String(created.id), actor_name: 'Budi Santoso' });
      expect(audit.before).toMatchObject({ status: 0 });
      expect(audit.after).toMatchObject({ status: 1 });
      expect((await refused('PUT', `/api/v1/offers/${created.id}`, { ...offer(), version: 3 }, 409)).message).toContain('Pending Approval and cannot be edited');
      await refused('DELETE', `/api/v1/offers/${created.id}?version=${created.version}`, undefined, 409);
      await refused('POST', `/api/v1/offers/${created.id}/submit`, { version: 3 }, 409);
    });

    it('refuses self-approval, approves by another person with approve, and answers 409 on a stale version or a forbidding state', async () => {
      const { id } = await ok<ContentRow>('POST', '/api/v1/offers', offer({ title: 'Diskon Gula Pasir' }));
      await ok('POST', `/api/v1/offers/${id}/submit`, { version: 1 });
      // admin.cms holds approve, but submitted it.
      expect((await refused('POST', `/api/v1/offers/${id}/approve`, { version: 2 }, 403)).message).toContain('You submitted this offer');
      await refused('POST', `/api/v1/offers/${id}/reject`, { version: 2, reason: 'Sendiri' }, 403);
      await refused('POST', `/api/v1/offers/${id}/approve`, { version: 1 }, 409, approver);
      const approved = await ok<ContentRow>('POST', `/api/v1/offers/${id}/approve`, { version: 2 }, approver);
      expect(approved).toMatchObject({ status: 2, version: 3, reviewed_by_name: 'approver.test' });
      expect((await latestAudit('offer')).action).toBe('approve');
      expect((await refused('POST', `/api/v1/offers/${id}/approve`, { version: 3 }, 409, approver)).message).toContain('Published - Upcoming and cannot be approved');
      await refused('PUT', `/api/v1/offers/${id}`, { ...offer(), version: 3 }, 409);
      await refused('POST', `/api/v1/offers/${id}/submit`, { version: 3 }, 409);
    });

    it('publishes an item whose period has begun straight to Live', async () => {
      const { id } = await ok<ContentRow>('POST', '/api/v1/offers', offer({ title: 'Promo Hari Ini', start_at: at(-1), end_at: at(5) }));
      await ok('POST', `/api/v1/offers/${id}/submit`, { version: 1 });
      expect((await ok<ContentRow>('POST', `/api/v1/offers/${id}/approve`, { version: 2 }, approver)).status).toBe(3);
    });

    it('rejects with a reason; the maker edits and submits again', async () => {
      const { id } = await ok<ContentRow>('POST', '/api/v1/offers', offer({ title: 'Cashback Telur' }));
      await ok('POST', `/api/v1/offers/${id}/submit`, { version: 1 });
      expect((await refused('POST', `/api/v1/offers/${id}/reject`, { version: 2 }, 400, approver)).details?.[0]?.path).toBe('reason');
      const rejected = await ok<ContentRow>('POST', `/api/v1/offers/${id}/reject`, { version: 2, reason: 'Gambar belum ada' }, approver);
      expect(rejected).toMatchObject({ status: 5, reject_reason: 'Gambar belum ada' });
      expect((await latestAudit('offer')).action).toBe('reject');
      await ok('PUT', `/api/v1/offers/${id}`, { ...offer({ title: 'Cashback Telur', image_url: '/images/telur.png' }), version: 3 });
      const again = await ok<ContentRow>('POST', `/api/v1/offers/${id}/submit`, { version: 4 });
      expect(again).toMatchObject({ status: 1, reject_reason: null });
    });

    it('deactivates a published item, which is then edited and submitted again; only published items deactivate', async () => {
      const { id } = await ok<ContentRow>('POST', '/api/v1/offers', offer({ title: 'Promo Beras 5 kg' }));
      await refused('POST', `/api/v1/offers/${id}/deactivate`, { version: 1 }, 409);
      await ok('POST', `/api/v1/offers/${id}/submit`, { version: 1 });
      await refused('POST', `/api/v1/offers/${id}/deactivate`, { version: 2 }, 409);
      await ok('POST', `/api/v1/offers/${id}/approve`, { version: 2 }, approver);
      const inactive = await ok<ContentRow>('POST', `/api/v1/offers/${id}/deactivate`, { version: 3 });
      expect(inactive.status).toBe(6);
      expect((await latestAudit('offer')).action).toBe('deactivate');
      await ok('PUT', `/api/v1/offers/${id}`, { ...offer({ title: 'Promo Beras 5 kg Baru' }), version: 4 });
      expect((await ok<ContentRow>('POST', `/api/v1/offers/${id}/submit`, { version: 5 })).status).toBe(1);
      // The queue compares it with what was approved before.
      const cmp = await ok<ApprovalDetail>('GET', `/api/v1/approval-messages/${id}/compare`, undefined, approver);
      expect(cmp.published_at).not.toBeNull();
      expect(cmp.changes.filter((c) => c.changed).map((c) => c.field)).toEqual(['title']);
      expect(cmp.changes.find((c) => c.field === 'title')).toMatchObject({ published: 'Promo Beras 5 kg', pending: 'Promo Beras 5 kg Baru' });
    });

    it('duplicates any item as a draft copy', async () => {
      const live = (await ok<List<ContentRow>>('GET', '/api/v1/offers?status=3&search=minyak')).data[0]!;
      const copy = await ok<ContentRow>('POST', `/api/v1/offers/${live.id}/duplicate`);
      expect(copy).toMatchObject({ status: 0, title: `${live.title} (copy)`, content_type: live.content_type, campaign_id: live.campaign_id, submitted_by: null });
      expect(copy.id).not.toBe(live.id);
      expect((await latestAudit('offer')).action).toBe('duplicate');
      await refused('POST', '/api/v1/offers/999999/duplicate', undefined, 404);
      // A banner's copy goes last on its page.
      const banner = (await ok<List<ContentRow>>('GET', '/api/v1/banners?placement_page=homepage&sort_by=position&sort_dir=asc')).data[0]!;
      expect((await ok<ContentRow>('POST', `/api/v1/banners/${banner.id}/duplicate`)).position).toBe(3);
    });

    it('deletes only what nobody reviews and the app does not show', async () => {
      const { id, version } = await ok<ContentRow>('POST', '/api/v1/campaigns', { title: 'Kampanye Uji', start_at: at(1), end_at: at(48) });
      await ok('DELETE', `/api/v1/campaigns/${id}?version=${version}`);
      await refused('GET', `/api/v1/campaigns/${id}`, undefined, 404);
      const live = (await ok<List<ContentRow>>('GET', '/api/v1/campaigns?status=3')).data[0]!;
      await refused('DELETE', `/api/v1/campaigns/${live.id}?version=${live.version}`, undefined, 409);
    });
  });

  describe('bodies', () => {
    it('refuses bad bodies with 400 on the field, never 500', async () => {
      expect((await refused('POST', '/api/v1/offers', offer({ status: 3 }), 400)).message).toMatch(/status|Unrecognized/i);
      expect((await refused('POST', '/api/v1/offers', offer({ end_at: at(1), start_at: at(2) }), 400)).details?.[0]?.path).toBe('end_at');
      expect((await refused('POST', '/api/v1/offers', offer({ priority: 0 }), 400)).details?.[0]?.path).toBe('priority');
      expect((await refused('POST', '/api/v1/offers', offer({ targeting: 1 }), 400)).details?.[0]?.path).toBe('consumer_tag_ids');
      expect((await refused('POST', '/api/v1/offers', offer({ targeting: 1, province_codes: ['99'] }), 400)).details?.[0]?.path).toBe('province_codes');
      expect((await refused('POST', '/api/v1/offers', offer({ targeting: 1, consumer_tag_ids: [999999] }), 400)).details?.[0]?.path).toBe('consumer_tag_ids');
      const anOffer = (await ok<List<ContentRow>>('GET', '/api/v1/offers?limit=1')).data[0]!;
      expect((await refused('POST', '/api/v1/offers', offer({ campaign_id: anOffer.id }), 400)).details?.[0]?.path).toBe('campaign_id');
      await refused('POST', '/api/v1/banners', { title: 'x', placement_page: 'nowhere', banner_type: 7, start_at: at(1), end_at: at(2) }, 400);
      await refused('POST', '/api/v1/push-messages', { title: 'x', message: 'y', message_kind: 1, start_at: at(1), end_at: at(2) }, 400);
      await refused('POST', '/api/v1/offers/1/submit', { version: 1, extra: true }, 400);
      await refused('POST', '/api/v1/offers/abc/submit', { version: 1 }, 400);
      await refused('PUT', '/api/v1/offers/999999', { ...offer(), version: 1 }, 404);
    });

    it('sanitises the rich-text description and keeps null when no text is left', async () => {
      const html = '<p onclick="x()">Resep <b>mudah</b></p><script>alert(1)</script><ol start="0"><li>a</li></ol>';
      expect((await refused('POST', '/api/v1/offers', offer({ description: html }), 400)).details?.[0]?.path).toBe('description');
      const created = await ok<ContentRow>('POST', '/api/v1/offers', offer({ description: '<p onclick="x()">Resep <b>mudah</b></p><script>alert(1)</script>' }));
      expect(created.description).toBe('<p>Resep <strong>mudah</strong></p>');
      const empty = await ok<ContentRow>('PUT', `/api/v1/offers/${created.id}`, { ...offer({ description: '<p><script>x</script></p>' }), version: 1 });
      expect(empty.description).toBeNull();
    });

    it('targets consumer tags and regions', async () => {
      const tags = (await ok<List<{ id: number }>>('GET', '/api/v1/custom-consumer-tags?limit=2')).data;
      const created = await ok<ContentRow>('POST', '/api/v1/offers', offer({ targeting: 1, member_scope: 1, consumer_tag_ids: tags.map((t) => t.id), province_codes: ['31', '32'] }));
      expect(created).toMatchObject({ targeting: 1, member_scope: 1, consumer_tag_ids: tags.map((t) => t.id), province_codes: ['31', '32'] });
    });
  });

  describe('approval messages', () => {
    it('lists pending items of every kind and approves or rejects in bulk, all or none', async () => {
      const queue = await ok<List<ContentRow>>('GET', '/api/v1/approval-messages?limit=100', undefined, approver);
      expect(queue.data.every((i) => i.status === 1)).toBe(true);
      expect(new Set(queue.data.map((i) => i.kind))).toEqual(new Set(['offer', 'banner', 'push-message']));
      const banners = await ok<List<ContentRow>>('GET', '/api/v1/approval-messages?kind=banner', undefined, approver);
      expect(banners.data.map((b) => b.title)).toEqual(['Mini Banner Belanja Hemat']);
      const seeded = queue.data.filter((i) => i.submitted_by_name === 'Siti Rahmawati');
      expect(seeded.length).toBeGreaterThanOrEqual(3);
      // The demo's re-submitted milk offer differs from its published version in four fields.
      const milk = seeded.find((i) => i.title === 'Diskon Susu UHT 20%')!;
      const cmp = await ok<ApprovalDetail>('GET', `/api/v1/approval-messages/${milk.id}/compare`, undefined, approver);
      expect(cmp.changes.filter((c) => c.changed).map((c) => c.field)).toEqual(['title', 'description', 'priority', 'member_scope']);

      // One stale version refuses the whole batch.
      const [a, b, c] = seeded;
      const stale = await refused('POST', '/api/v1/approval-messages/bulk/approve', { items: [{ id: a!.id, version: a!.version }, { id: b!.id, version: b!.version + 5 }] }, 409, approver);
      expect(stale.message).toContain('Item 2');
      expect((await ok<ContentRow>('GET', `/api/v1/offers/${milk.id}`)).status).toBe(1);
      const approved = await ok<ContentRow[]>('POST', '/api/v1/approval-messages/bulk/approve', { items: [a, b].map((i) => ({ id: i!.id, version: i!.version })) }, approver);
      expect(approved.map((i) => i.status).every((s) => s === 2 || s === 3)).toBe(true);
      const rejected = await ok<ContentRow[]>('POST', '/api/v1/approval-messages/bulk/reject', { items: [{ id: c!.id, version: c!.version }], reason: 'Periode terlalu pendek' }, approver);
      expect(rejected[0]).toMatchObject({ status: 5, reject_reason: 'Periode terlalu pendek' });
      await refused('POST', '/api/v1/approval-messages/bulk/reject', { items: [{ id: c!.id, version: 1 }] }, 400, approver);
      await refused('GET', `/api/v1/approval-messages/${c!.id}/compare`, undefined, 404, approver);
    });

    it('approves from the queue any kind, never one of its own', async () => {
      const { id } = await ok<ContentRow>('POST', '/api/v1/push-messages', { title: 'Broadcast Uji', message: 'Halo', message_kind: 0, start_at: at(2), end_at: at(3) });
      await ok('POST', `/api/v1/push-messages/${id}/submit`, { version: 1 });
      await refused('POST', `/api/v1/approval-messages/${id}/approve`, { version: 2 }, 403);
      expect((await ok<ContentRow>('POST', `/api/v1/approval-messages/${id}/approve`, { version: 2 }, approver)).status).toBe(2);
    });
  });

  describe('permissions', () => {
    it('lets viewers read but not write, and keeps other roles out', async () => {
      await ok('GET', '/api/v1/offers', undefined, viewer);
      await refused('POST', '/api/v1/offers', offer(), 403, viewer);
      const pending = (await ok<List<ContentRow>>('GET', '/api/v1/offers?status=1', undefined, viewer)).data[0]!;
      await refused('POST', `/api/v1/offers/${pending.id}/approve`, { version: pending.version }, 403, viewer);
      await refused('POST', '/api/v1/approval-messages/bulk/approve', { items: [{ id: pending.id, version: pending.version }] }, 403, viewer);
      await refused('GET', '/api/v1/offers', undefined, 403, agent);
      await refused('GET', '/api/v1/approval-messages', undefined, 403, agent);
      // The approver may not make content.
      await refused('POST', '/api/v1/offers', offer(), 403, approver);
      await refused('POST', `/api/v1/offers/${pending.id}/submit`, { version: pending.version }, 403, approver);
      expect((await h.call('GET', '/api/v1/offers')).statusCode).toBe(401);
    });
  });

  describe('banner positions', () => {
    it('reorders the banners of a page as dragged; a list that changed answers 409', async () => {
      const page = async () => (await ok<List<ContentRow>>('GET', '/api/v1/banners?placement_page=homepage&sort_by=position&sort_dir=asc&limit=50')).data;
      const before = await page();
      const ids = before.map((b) => b.id).reverse();
      const after = await ok<ContentRow[]>('PUT', '/api/v1/banners/positions', { placement_page: 'homepage', ids });
      expect(after.map((b) => b.id)).toEqual(ids);
      expect((await page()).map((b) => b.id)).toEqual(ids);
      await refused('PUT', '/api/v1/banners/positions', { placement_page: 'homepage', ids: ids.slice(1) }, 409);
      await refused('PUT', '/api/v1/banners/positions', { placement_page: 'homepage', ids }, 403, viewer);
    });
  });

  describe('push test send', () => {
    it('e-mails a push message to staff members only, audited', async () => {
      const push = (await ok<List<ContentRow>>('GET', '/api/v1/push-messages?message_kind=1')).data[0]!;
      const sent = await ok<{ sent: number }>('POST', `/api/v1/push-messages/${push.id}/test-send`, { emails: ['Viewer@demo.local', 'cs.agent@demo.local'] });
      expect(sent).toEqual({ sent: 2 });
      const mail = (await h.services.mailer.outbox(5))!.find((m) => m.to === 'viewer@demo.local')!;
      expect(mail.subject).toBe(`[Test] Push message: ${push.title}`);
      expect(mail.text).toContain(push.message!);
      expect((await latestAudit('push-message')).action).toBe('test-send');
      const outsider = await refused('POST', `/api/v1/push-messages/${push.id}/test-send`, { emails: ['someone@example.com'] }, 400);
      expect(outsider.details?.[0]?.path).toBe('emails');
      await refused('POST', `/api/v1/push-messages/${push.id}/test-send`, { emails: [] }, 400);
      await refused('POST', `/api/v1/push-messages/${push.id}/test-send`, { emails: ['viewer@demo.local'] }, 403, viewer);
      const offerId = (await ok<List<ContentRow>>('GET', '/api/v1/offers?limit=1')).data[0]!.id;
      await refused('POST', `/api/v1/push-messages/${offerId}/test-send`, { emails: ['viewer@demo.local'] }, 404);
    });
  });

  describe('images', () => {
    const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 1)]);
    const upload = (name: string, content: Buffer | string, type: string, token = admin) => {
      const body = multipart(name, content, type);
      return h.app.inject({ method: 'POST', url: '/api/v1/content-images', headers: { ...body.headers, authorization: `Bearer ${token}` }, payload: body.payload });
    };

    it('keeps an uploaded image and serves it from /images; refuses what is not an image, too large, or not allowed', async () => {
      const res = await upload('promo.png', PNG, 'image/png');
      expect(res.statusCode, res.body).toBe(200);
      const { url, content_type, size } = res.json<{ data: { url: string; content_type: string; size: number } }>().data;
      expect(url).toMatch(/^\/images\/[a-f0-9]{32}\.png$/);
      expect({ content_type, size }).toEqual({ content_type: 'image/png', size: PNG.length });
      const served = await h.app.inject({ method: 'GET', url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.rawPayload.equals(PNG)).toBe(true);
      expect((await latestAudit('image')).action).toBe('upload');
      // The offer takes the served address.
      expect((await ok<ContentRow>('POST', '/api/v1/offers', offer({ image_url: url }))).image_url).toBe(url);

      expect((await upload('fake.png', 'just text', 'image/png')).statusCode).toBe(400);
      expect((await upload('notes.txt', PNG, 'text/plain')).statusCode).toBe(400);
      expect((await upload('drawing.svg', '<svg onload="alert(1)"/>', 'image/svg+xml')).statusCode).toBe(400);
      expect((await upload('huge.png', Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]), 'image/png')).statusCode).toBe(413);
      expect((await upload('promo.png', PNG, 'image/png', viewer)).statusCode).toBe(403);
      expect((await h.call('POST', '/api/v1/content-images', { token: admin, body: {} })).statusCode).toBe(415);
      for (const bad of ['/images/..%2F..%2Fetc%2Fpasswd', '/images/nothing.png', `/images/${'0'.repeat(32)}.png`]) {
        expect((await h.app.inject({ method: 'GET', url: bad })).statusCode, bad).toBe(404);
      }
    });
  });

  describe('top-up banners (banner-digital-product) share the banner machinery', () => {
    it('creates them last in order, reorders them, and runs them through the same approval', async () => {
      const list = async () => (await ok<List<ContentRow>>('GET', '/api/v1/banner-digital-products?sort_by=position&sort_dir=asc&limit=50')).data;
      const before = await list();
      expect(before.map((b) => b.title)).toEqual(['Isi Pulsa Bonus 10%', 'Paket Data Hemat Akhir Pekan']);
      const created = await ok<ContentRow>('POST', '/api/v1/banner-digital-products', { title: 'Promo Paket Data Malam', digital_product_type: 2, start_at: at(2), end_at: at(30) });
      expect(created).toMatchObject({ kind: 'banner-digital-product', position: 3, digital_product_type: 2, status: 0 });
      await refused('POST', '/api/v1/banner-digital-products', { title: 'x', digital_product_type: 3, start_at: at(2), end_at: at(3) }, 400);
      const ids = [created.id, ...before.map((b) => b.id)];
      expect((await ok<ContentRow[]>('PUT', '/api/v1/banner-digital-products/positions', { ids })).map((b) => b.id)).toEqual(ids);
      await refused('PUT', '/api/v1/banner-digital-products/positions', { ids: ids.slice(0, 2) }, 409);
      await ok('POST', `/api/v1/banner-digital-products/${created.id}/submit`, { version: 1 });
      const queue = await ok<List<ContentRow>>('GET', '/api/v1/approval-messages?kind=banner-digital-product', undefined, approver);
      expect(queue.data.map((b) => b.id)).toEqual([created.id]);
      expect((await ok<ContentRow>('POST', `/api/v1/approval-messages/${created.id}/approve`, { version: 2 }, approver)).status).toBe(2);
      expect((await ok<List<ContentRow>>('GET', '/api/v1/banner-digital-products?digital_product_type=1')).data.map((b) => b.title)).toEqual(['Isi Pulsa Bonus 10%']);
    });
  });

  describe('scheduled publishing (last: it moves the clock past every session)', () => {
    it('moves approved items live at their start and expired at their end, audited as the system', async () => {
      const { id } = await ok<ContentRow>('POST', '/api/v1/offers', offer({ title: 'Promo Jam Tayang', start_at: at(1), end_at: at(2) }));
      await ok('POST', `/api/v1/offers/${id}/submit`, { version: 1 });
      await ok('POST', `/api/v1/offers/${id}/approve`, { version: 2 }, approver);
      const publishing = new ContentPublishingService(h.testDb.database.db, h.jobs, h.clock);
      const stored = async () => (await queryRows<{ status: number }>(h.testDb.database.db, sql`select status from content_items where id = ${id}`))[0]?.status;
      expect(await stored()).toBe(2);

      h.clock.advance(HOUR);
      admin = await h.tokenOf('admin.cms');
      // The row and the list filter agree before the job has run ...
      expect((await ok<ContentRow>('GET', `/api/v1/offers/${id}`)).status).toBe(3);
      expect((await ok<List<ContentRow>>('GET', '/api/v1/offers?status=3&search=jam%20tayang')).data.map((o) => o.id)).toEqual([id]);
      // So does the export, whose status the database works out at the clock's time (CSV through COPY on PostgreSQL, TXT batched).
      for (const [format, sep] of [['csv', ','], ['txt', '\t']] as const) {
        const file = await call('GET', `/api/v1/offers/export?format=${format}&search=jam%20tayang`);
        expect(file.statusCode, file.body).toBe(200);
        const [header, row, ...rest] = parse(file.body.replace(/^\uFEFF/, ''), { delimiter: sep }) as string[][];
        expect(rest).toEqual([]);
        expect([row![header!.indexOf('ID')], row![header!.indexOf('Status')]]).toEqual([String(id), 'Published - Live']);
      }
      // ... and the sweep brings the stored state in step, once.
      expect(await publishing.sweep()).toEqual({ live: 1, expired: 0 });
      expect(await stored()).toBe(3);
      expect(await publishing.sweep()).toEqual({ live: 0, expired: 0 });
      const audit = await latestAudit('offer');
      expect(audit).toMatchObject({ action: 'go-live', entity_id: String(id), actor_name: null, after: { status: 3 } });

      h.clock.advance(HOUR);
      admin = await h.tokenOf('admin.cms');
      expect((await ok<List<ContentRow>>('GET', '/api/v1/offers?status=4&search=jam%20tayang')).data.map((o) => o.id)).toEqual([id]);
      expect((await publishing.sweep()).expired).toBe(1);
      expect(await stored()).toBe(4);
      expect((await latestAudit('offer')).action).toBe('expire');
    });
  });
});
