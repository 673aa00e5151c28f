import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ConsumerRow, MemberRow, PersonalDataAccessRow, PromoDetail } from '@portal/contract';
import { queryRows } from '../../db/client.ts';
import { useHarness } from '../../../test/harness.ts';
import { createStaff } from '../../../test/staff.ts';

interface List<T> {
  data: T[];
  meta: { page: number; limit: number; total: number };
}

/** YYYY-MM-DD `days` from today in Asia/Jakarta. */
const day = (days: number) => new Date(Date.now() + 7 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);

describe('personal data: promo phone masking, the access log of unmasked reads (UU PDP art. 31-32)', () => {
  const h = useHarness();
  let admin: string;
  let viewer: string;
  let superAdmin: string;
  let promoEditor: string;

  beforeAll(async () => {
    admin = await h.tokenOf('admin.cms');
    viewer = await h.tokenOf('viewer');
    superAdmin = await h.tokenOf('superadmin');
    await createStaff(h.testDb.database.db, 'promo.editor', [
      { entry: 'cms.promo-management', action: 'view' },
      { entry: 'cms.promo-management', action: 'edit' },
    ]);
    promoEditor = await h.tokenOf('promo.editor');
  });

  const ok = async <T>(method: string, url: string, token: string, body?: unknown): Promise<T> => {
    const res = await h.call(method, url, { token, body });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: T }>().data;
  };
  const db = () => h.testDb.database.db;
  const consumers = async (n: number) =>
    (await queryRows<{ id: number; phone: string }>(db(), sql`select id, phone from consumers where email is not null order by id limit ${n}`)).map((r) => ({ id: Number(r.id), phone: r.phone }));
  /** Entries written after `since`, oldest first, each with the consumers it names. */
  const entriesSince = async (since: number) => {
    const rows = await queryRows<{ id: number; user_id: number; screen: string; route: string; subject_count: number; subjects: number[] | string }>(
      db(),
      sql`select a.id, a.user_id, a.screen, a.route, a.subject_count,
            coalesce((select json_agg(s.consumer_id order by s.consumer_id) from personal_data_access_subjects s where s.access_id = a.id), '[]'::json) as subjects
          from personal_data_access a where a.id > ${since} order by a.id`,
    );
    return rows.map((r) => ({ ...r, subject_count: Number(r.subject_count), subjects: (typeof r.subjects === 'string' ? JSON.parse(r.subjects) : r.subjects) as number[] }));
  };
  const lastId = async () => Number((await queryRows<{ id: number }>(db(), sql`select coalesce(max(id), 0) as id from personal_data_access`))[0]?.id ?? 0);
  const userId = async (username: string) => Number((await queryRows<{ id: number }>(db(), sql`select id from users where username = ${username}`))[0]?.id);

  describe('promo consumers', () => {
    let promo: PromoDetail;
    let listed: { id: number; phone: string }[];

    beforeAll(async () => {
      listed = await consumers(2);
      const product = (await queryRows<{ id: number }>(db(), sql`select id from products order by id limit 1`))[0]!;
      promo = await ok<PromoDetail>('POST', '/api/v1/promos', admin, {
        code: 'PDP-1',
        name: 'Promo for two consumers',
        promo_type: 1,
        value: 10,
        channel: 2,
        start_date: day(0),
        end_date: day(7),
        product_ids: [Number(product.id)],
        consumers: listed.map((c) => c.phone),
      });
    });

    it('shows the phone numbers to a holder of the personal-data right and masks them for a promo viewer without it', async () => {
      expect(promo.consumers).toEqual(listed.map((c) => c.phone).sort());
      expect(promo.consumers_masked).toBe(false);
      const masked = await ok<PromoDetail>('GET', `/api/v1/promos/${promo.id}`, viewer);
      expect(masked.consumers_masked).toBe(true);
      expect(masked.consumer_count).toBe(2);
      for (const [i, phone] of masked.consumers.entries()) {
        expect(phone).toMatch(/^\d{4}\*+\d{3}$/);
        expect(phone).not.toBe(promo.consumers[i]);
        expect(phone.length).toBe(promo.consumers[i]!.length);
      }
    });

    it('lets an editor who sees them masked save the promo without touching its consumers', async () => {
      const seen = await ok<PromoDetail>('GET', `/api/v1/promos/${promo.id}`, promoEditor);
      expect(seen.consumers_masked).toBe(true);
      const { id: _i, code: _c, consumers: _m, consumers_masked: _cm, products, stores, ...rest } = seen;
      const body = {
        name: 'Promo for two consumers, renamed',
        promo_type: rest.promo_type,
        value: rest.value,
        channel: rest.channel,
        member_scope: rest.member_scope,
        start_date: rest.start_date,
        end_date: rest.end_date,
        min_purchase: rest.min_purchase,
        max_discount: rest.max_discount,
        status: rest.status,
        product_ids: products.map((p) => p.id),
        store_ids: stores.map((s) => s.id),
        version: seen.version,
      };
      const saved = await ok<PromoDetail>('PUT', `/api/v1/promos/${promo.id}`, promoEditor, body);
      expect(saved.consumer_count).toBe(2);
      expect((await ok<PromoDetail>('GET', `/api/v1/promos/${promo.id}`, admin)).consumers).toEqual(promo.consumers);
      // A masked number sent back is refused, never stored.
      const refused = await h.call('PUT', `/api/v1/promos/${promo.id}`, { token: promoEditor, body: { ...body, version: saved.version, consumers: seen.consumers } });
      expect(refused.statusCode).toBe(400);
    });

    it('keeps counts, not phone numbers, in the audit entries of promo writes', async () => {
      const rows = await queryRows<{ action: string; before: unknown; after: unknown }>(
        db(),
        sql`select action, before::text as before, after::text as after from audit_log where entity = 'promo' and entity_id = ${String(promo.id)} order by id`,
      );
      expect(rows.map((r) => r.action)).toEqual(['create', 'update']);
      for (const r of rows) {
        const text = `${String(r.before)} ${String(r.after)}`;
        for (const c of listed) expect(text).not.toContain(c.phone);
        expect(JSON.parse(String(r.after)).consumers).toEqual({ count: 2 });
      }
      expect(JSON.parse(String(rows[1]!.before)).consumers).toEqual({ count: 2 });
    });

    it('records an unmasked promo detail against the consumers whose numbers it lists, and a masked one not at all', async () => {
      const since = await lastId();
      await ok('GET', `/api/v1/promos/${promo.id}`, viewer);
      expect(await entriesSince(since)).toEqual([]);
      await ok('GET', `/api/v1/promos/${promo.id}`, admin);
      const [entry, ...more] = await entriesSince(since);
      expect(more).toEqual([]);
      expect(entry).toMatchObject({ user_id: await userId('admin.cms'), screen: 'promos.get', route: 'GET /api/v1/promos/:id', subject_count: 2 });
      expect(entry!.subjects).toEqual(listed.map((c) => c.id).sort((a, b) => a - b));
    });
  });

  describe('consumer reads', () => {
    it('writes one entry per unmasked list page naming the consumers shown, and none for a masked page', async () => {
      const since = await lastId();
      const masked = await ok<List<ConsumerRow>>('GET', '/api/v1/consumers?limit=15', viewer);
      expect(masked.data.every((c) => c.personal_masked)).toBe(true);
      expect(await entriesSince(since)).toEqual([]);

      const page = await ok<List<ConsumerRow>>('GET', '/api/v1/consumers?limit=15', admin);
      expect(page.data.some((c) => c.personal_masked)).toBe(false);
      const entries = await entriesSince(since);
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({ user_id: await userId('admin.cms'), screen: 'consumers.list', route: 'GET /api/v1/consumers', subject_count: 15 });
      expect(entries[0]!.subjects).toEqual(page.data.map((c) => c.id).sort((a, b) => a - b));
    });

    it('records the detail, the addresses, a member page and an export, each with the consumers it showed', async () => {
      const [c] = await consumers(1);
      const member = (await queryRows<{ id: number; consumer_id: number }>(db(), sql`select id, consumer_id from members order by id limit 1`))[0]!;
      const since = await lastId();
      await ok('GET', `/api/v1/consumers/${c!.id}`, viewer);
      await ok('GET', `/api/v1/consumers/${c!.id}/addresses`, viewer);
      await ok('GET', `/api/v1/members/${member.id}`, viewer);
      expect((await h.call('GET', `/api/v1/consumers/export?format=csv&consumer_id=${c!.id}`, { token: viewer })).statusCode).toBe(403);
      expect(await entriesSince(since)).toEqual([]);

      await ok('GET', `/api/v1/consumers/${c!.id}`, admin);
      await ok('GET', `/api/v1/consumers/${c!.id}/addresses`, admin);
      const members = await ok<List<MemberRow>>('GET', '/api/v1/members?limit=5', admin);
      await ok('GET', `/api/v1/members/${member.id}`, admin);
      await h.stepUp(admin);
      const file = await h.call('GET', `/api/v1/consumers/export?format=csv&consumer_id=${c!.id}`, { token: admin });
      expect(file.statusCode, file.body).toBe(200);
      expect(file.body).toContain(c!.phone);

      const entries = await entriesSince(since);
      expect(entries.map((e) => [e.screen, e.route, e.subjects])).toEqual([
        ['consumers.get', 'GET /api/v1/consumers/:id', [c!.id]],
        ['consumers.addresses', 'GET /api/v1/consumers/:id/addresses', [c!.id]],
        ['members.list', 'GET /api/v1/members', members.data.map((m) => m.consumer_id).sort((a, b) => a - b)],
        ['members.get', 'GET /api/v1/members/:id', [Number(member.consumer_id)]],
        ['export_consumer', 'export', [c!.id]],
      ]);
    });

    it('records an export of a whole filtered list in one entry naming every consumer of the file', async () => {
      const total = Number((await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from consumers where gender = 1`))[0]!.n);
      expect(total).toBeGreaterThan(100);
      const since = await lastId();
      await h.stepUp(admin);
      const res = await h.call('GET', '/api/v1/consumers/export?format=xlsx&gender=1', { token: admin });
      expect(res.statusCode, res.body).toBe(200);
      const [entry, ...more] = await entriesSince(since);
      expect(more).toEqual([]);
      expect(entry).toMatchObject({ screen: 'export_consumer', route: 'export', subject_count: total });
      expect(entry!.subjects).toHaveLength(total);
    });
  });

  describe('an unmasked file whose entry cannot be written', () => {
    it('is handed to no one: the entry is written beside the rows, and the file waits for it', async () => {
      const [c] = await consumers(1);
      await h.stepUp(admin);
      // Every new access entry refused, as a full disk or a lost connection would.
      await db().execute(sql`alter table personal_data_access add constraint refuse_all check (false) not valid`);
      try {
        const res = await h.call('GET', `/api/v1/consumers/export?format=csv&consumer_id=${c!.id}`, { token: admin });
        expect(res.statusCode).toBeGreaterThanOrEqual(500);
        expect(res.body).not.toContain(c!.phone);
      } finally {
        await db().execute(sql`alter table personal_data_access drop constraint refuse_all`);
      }
      const again = await h.call('GET', `/api/v1/consumers/export?format=csv&consumer_id=${c!.id}`, { token: admin });
      expect(again.statusCode, again.body).toBe(200);
      expect(again.body).toContain(c!.phone);
    });
  });

  describe('the log itself', () => {
    it('is listed per consumer and exported by the Super Admin only', async () => {
      const [c] = await consumers(1);
      await ok('GET', `/api/v1/consumers/${c!.id}`, admin);
      const log = await ok<List<PersonalDataAccessRow>>('GET', `/api/v1/personal-data-access?consumer_id=${c!.id}&limit=100`, superAdmin);
      expect(log.meta.total).toBeGreaterThanOrEqual(1);
      expect(log.data[0]).toMatchObject({ username: 'admin.cms', user_name: 'Budi Santoso', screen: 'consumers.get', route: 'GET /api/v1/consumers/:id', subject_count: 1 });
      const ids = log.data.map((e) => e.id);
      expect([...ids].sort((a, b) => b - a)).toEqual(ids);
      const { id: cid } = (await consumers(3))[2]!;
      const other = await ok<List<PersonalDataAccessRow>>('GET', `/api/v1/personal-data-access?consumer_id=${cid}&limit=100`, superAdmin);
      expect(other.data.map((e) => e.id)).not.toContain(log.data[0]!.id);

      const file = await h.call('GET', `/api/v1/personal-data-access/export?format=csv&consumer_id=${c!.id}`, { token: superAdmin });
      expect(file.statusCode, file.body).toBe(200);
      const rows = parse(file.body.slice(1)) as string[][];
      expect(rows[0]).toEqual(['Entry', 'Time (WIB)', 'User ID', 'Username', 'Name', 'Screen', 'Route', 'Consumers Shown']);
      expect(rows.slice(1).map((r) => Number(r[0]))).toEqual(ids);

      for (const token of [admin, viewer, promoEditor]) {
        expect((await h.call('GET', `/api/v1/personal-data-access?consumer_id=${c!.id}`, { token })).statusCode).toBe(403);
        expect((await h.call('GET', `/api/v1/personal-data-access/export?format=csv&consumer_id=${c!.id}`, { token })).statusCode).toBe(403);
      }
      expect((await h.call('GET', '/api/v1/personal-data-access')).statusCode).toBe(401);
    });

    it('cannot be granted to a role, and a stored grant of it opens nothing', async () => {
      const refused = await h.call('POST', '/api/v1/role/add', {
        token: superAdmin,
        body: { name: 'Auditor', description: 'reads the access log', permissions: [{ entry: 'cms.personal-data-access', action: 'view' }] },
      });
      expect(refused.statusCode, refused.body).toBe(400);
      const listed = await ok<{ entry: string }[]>('GET', '/api/v1/permission/list', superAdmin);
      expect(listed.map((p) => p.entry)).not.toContain('cms.personal-data-access');
      await createStaff(db(), 'sneaky.auditor', [{ entry: 'cms.personal-data-access', action: 'view' }]);
      const sneaky = await h.tokenOf('sneaky.auditor');
      expect((await h.call('GET', '/api/v1/personal-data-access', { token: sneaky })).statusCode).toBe(403);
    });
  });
});
