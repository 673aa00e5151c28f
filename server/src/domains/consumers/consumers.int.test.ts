import { PassThrough } from 'node:stream';
import { text } from 'node:stream/consumers';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { maskEmail, maskPhone, type AuditDetail, type ConsumerAddressRow, type ConsumerCouponDetail, type ConsumerCouponRow, type ConsumerDetail, type ConsumerRow, type PosSaleRow, type StampLedgerRow } from '@portal/contract';
import { queryRows } from '../../db/client.ts';
import { useHarness } from '../../../test/harness.ts';
import { createStaff } from '../../../test/staff.ts';

interface List<T> {
  data: T[];
  meta: { page: number; limit: number; total: number };
}

const REASON = 'Requested by the consumer on the phone';

describe('cms consumers: list, masking, detail, edit, sub-lists, export', () => {
  const h = useHarness();
  let admin: string;
  let viewer: string;
  let agent: string;
  let nobody: string;

  beforeAll(async () => {
    admin = await h.tokenOf('admin.cms');
    viewer = await h.tokenOf('viewer');
    agent = await h.tokenOf('cs.agent');
    nobody = await h.tokenOf('no.access');
  });

  const ok = async <T>(method: string, url: string, body?: unknown, token = admin): Promise<T> => {
    const res = await h.call(method, url, { token, body });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: T }>().data;
  };
  const status = async (method: string, url: string, body?: unknown, token = admin) => (await h.call(method, url, { token, body })).statusCode;
  /** A consumer of the seed matching a SQL condition. */
  const pick = async (where: string): Promise<{ id: number; phone: string; email: string | null; app_card_id: string; physical_card_id: string | null }> => {
    const rows = await queryRows<{ id: number; phone: string; email: string | null; app_card_id: string; physical_card_id: string | null }>(
      h.testDb.database.db,
      sql.raw(`select id, phone, email, app_card_id, physical_card_id from consumers where ${where} order by id limit 1`),
    );
    if (!rows[0]) throw new Error(`no consumer where ${where}`);
    return { ...rows[0], id: Number(rows[0].id) };
  };

  it('lists the seeded consumers, newest first, with a region and a card', async () => {
    const page = await ok<List<ConsumerRow>>('GET', '/api/v1/consumers?limit=20');
    expect(page.meta.total).toBeGreaterThan(1000);
    expect(page.data).toHaveLength(20);
    const times = page.data.map((c) => c.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(page.data.every((c) => c.app_card_id.length === 16 && c.province_name)).toBe(true);
  });

  it('filters by consumer_id, region, gender, date of birth and status', async () => {
    const one = await pick('gender = 2 and date_of_birth is not null');
    const byId = await ok<List<ConsumerRow>>('GET', `/api/v1/consumers?consumer_id=${one.id}`);
    expect(byId.data.map((c) => c.id)).toEqual([one.id]);
    const c = byId.data[0]!;

    const women = await ok<List<ConsumerRow>>('GET', '/api/v1/consumers?gender=2&limit=100');
    expect(women.data.every((x) => x.gender === 2)).toBe(true);
    expect(women.meta.total).toBeLessThan((await ok<List<ConsumerRow>>('GET', '/api/v1/consumers?limit=1')).meta.total);

    const province = await ok<List<ConsumerRow>>('GET', `/api/v1/consumers?province_code=${c.province_code}&limit=100`);
    expect(province.meta.total).toBeGreaterThan(0);
    expect(province.data.every((x) => x.province_code === c.province_code)).toBe(true);
    const regency = await ok<List<ConsumerRow>>('GET', `/api/v1/consumers?regency_code=${c.regency_code}&limit=100`);
    expect(regency.data.every((x) => x.regency_code === c.regency_code)).toBe(true);
    expect(regency.data.map((x) => x.id)).toContain(c.id);

    const born = await ok<List<ConsumerRow>>('GET', `/api/v1/consumers?date_of_birth=${c.date_of_birth}&limit=100`);
    expect(born.data.every((x) => x.date_of_birth === c.date_of_birth)).toBe(true);
    expect(born.data.map((x) => x.id)).toContain(c.id);

    const locked = await ok<List<ConsumerRow>>('GET', '/api/v1/consumers?status=2&limit=100');
    expect(locked.meta.total).toBeGreaterThan(0);
    expect(locked.data.every((x) => x.status === 2)).toBe(true);

    expect(await status('GET', '/api/v1/consumers?province_code=jakarta')).toBe(400);
    expect(await status('GET', '/api/v1/consumers?date_of_birth=1990-02-31')).toBe(400);
    expect(await status('GET', '/api/v1/consumers?gender=7')).toBe(400);
    expect(await status('GET', '/api/v1/consumers?unknown=1')).toBe(400);
  });

  it('searches a name part, a phone in any spelling, an e-mail and a card number exactly', async () => {
    const c = await pick('email is not null and physical_card_id is not null');
    const local = `0${c.phone.slice(2)}`;
    for (const search of [local, `+${c.phone}`, c.email!.toUpperCase(), c.app_card_id, c.physical_card_id!]) {
      const found = await ok<List<ConsumerRow>>('GET', `/api/v1/consumers?search=${encodeURIComponent(search)}`);
      expect(found.data.map((x) => x.id), search).toEqual([c.id]);
    }
    const named = await ok<List<ConsumerRow>>('GET', '/api/v1/consumers?search=SANTOSO&limit=50&sort_by=name&sort_dir=asc');
    expect(named.meta.total).toBeGreaterThan(0);
    expect(named.data.every((x) => x.name.toLowerCase().includes('santoso'))).toBe(true);
    const names = named.data.map((x) => x.name.toLowerCase());
    expect([...names].sort()).toEqual(names);
    expect((await ok<List<ConsumerRow>>('GET', '/api/v1/consumers?search=0899999999999')).meta.total).toBe(0);
  });

  it('masks phone and e-mail on the server for a role without the personal-data right', async () => {
    const c = await pick('email is not null');
    const url = `/api/v1/consumers?consumer_id=${c.id}`;
    for (const token of [admin, agent]) {
      const [row] = (await ok<List<ConsumerRow>>('GET', url, undefined, token)).data;
      expect(row).toMatchObject({ phone: c.phone, email: c.email, personal_masked: false });
    }
    const [masked] = (await ok<List<ConsumerRow>>('GET', url, undefined, viewer)).data;
    expect(masked!.personal_masked).toBe(true);
    expect(masked!.phone).toBe(`${c.phone.slice(0, 4)}${'*'.repeat(c.phone.length - 7)}${c.phone.slice(-3)}`);
    expect(masked!.email).not.toBe(c.email);
    expect(masked!.email!.endsWith(c.email!.slice(c.email!.indexOf('@')))).toBe(true);
    expect(JSON.stringify(masked)).not.toContain(c.phone);

    const detail = await ok<ConsumerDetail>('GET', `/api/v1/consumers/${c.id}`, undefined, viewer);
    expect(detail.phone).toBe(masked!.phone);
    const addresses = await ok<List<ConsumerAddressRow>>('GET', `/api/v1/consumers/${c.id}/addresses`, undefined, viewer);
    expect(addresses.data.length).toBeGreaterThan(0);
    expect(addresses.data.every((a) => a.recipient_phone.includes('*'))).toBe(true);
    // A search by the real phone still finds the consumer for the masked role (the caller knows the number already).
    expect((await ok<List<ConsumerRow>>('GET', `/api/v1/consumers?search=${c.phone}`, undefined, viewer)).data).toHaveLength(1);
  });

  it('answers 401, 403 and 404 where it should', async () => {
    const c = await pick('status = 1');
    expect(await status('GET', '/api/v1/consumers', undefined, '')).toBe(401);
    expect(await status('GET', '/api/v1/consumers', undefined, nobody)).toBe(403);
    expect(await status('GET', `/api/v1/consumers/${c.id}`, undefined, nobody)).toBe(403);
    expect(await status('PUT', `/api/v1/consumers/${c.id}`, { name: 'X', gender: 1, version: 1 }, viewer)).toBe(403);
    expect(await status('POST', `/api/v1/consumers/${c.id}/lock`, { reason: REASON, version: 1 }, viewer)).toBe(403);
    expect(await status('GET', `/api/v1/consumers/export?format=csv`, undefined, viewer)).toBe(403);
    expect(await status('GET', '/api/v1/consumers/99999999')).toBe(404);
    expect(await status('GET', '/api/v1/consumers/99999999/stamps')).toBe(404);
    expect(await status('POST', '/api/v1/consumers/99999999/lock', { reason: REASON, version: 1 })).toBe(404);
  });

  it('edits the profile and tags with the region chain and the version', async () => {
    const c = await pick("status = 1 and province_code = '31'");
    const before = await ok<ConsumerDetail>('GET', `/api/v1/consumers/${c.id}`);
    const tags = await ok<List<{ id: number }>>('GET', '/api/v1/custom-consumer-tags?limit=2');
    const body = { name: 'Rina Kusuma', gender: 2, date_of_birth: '1991-04-12', province_code: '32', regency_code: '32.73', tag_ids: tags.data.map((t) => t.id), version: before.version };
    const saved = await ok<ConsumerDetail>('PUT', `/api/v1/consumers/${c.id}`, body);
    expect(saved).toMatchObject({ name: 'Rina Kusuma', gender: 2, date_of_birth: '1991-04-12', regency_name: 'Kota Bandung', version: before.version + 1 });
    expect(saved.tags.map((t) => t.id).sort()).toEqual(tags.data.map((t) => t.id).sort());
    expect(saved.updated_by_name).toBe('Budi Santoso');

    const stale = await h.call('PUT', `/api/v1/consumers/${c.id}`, { token: admin, body });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toContain('was changed by Budi Santoso');
    const chain = await h.call('PUT', `/api/v1/consumers/${c.id}`, { token: admin, body: { ...body, regency_code: '31.71', version: saved.version } });
    expect(chain.statusCode).toBe(400);
    expect(chain.json().details[0].path).toBe('regency_code');
    expect(await status('PUT', `/api/v1/consumers/${c.id}`, { ...body, tag_ids: [999999], version: saved.version })).toBe(400);
    expect(await status('PUT', `/api/v1/consumers/${c.id}`, { ...body, phone: '628111', version: saved.version })).toBe(400);

    const [entry] = (await ok<List<{ id: number }>>('GET', `/api/v1/log-history?entity=consumer&action=update&limit=1`)).data;
    const audit = await ok<AuditDetail>('GET', `/api/v1/log-history/${entry!.id}`);
    expect(audit.entity_id).toBe(String(c.id));
    expect(JSON.stringify(audit.after)).not.toContain(c.phone);
  });

  it('lists, shows and edits addresses with province, regency, district and village', async () => {
    const c = await pick('id in (select consumer_id from consumer_addresses)');
    const list = await ok<List<ConsumerAddressRow>>('GET', `/api/v1/consumers/${c.id}/addresses`);
    const address = list.data[0]!;
    expect(address).toMatchObject({ consumer_id: c.id, is_primary: true });
    expect(address.village_code!.startsWith(`${address.district_code}.`)).toBe(true);
    expect(address.province_name).toBeTruthy();
    const one = await ok<ConsumerAddressRow>('GET', `/api/v1/consumers/${c.id}/addresses/${address.id}`);
    expect(one.id).toBe(address.id);

    const villages = await ok<List<{ code: string; district_code: string }>>('GET', '/api/v1/villages?district_code=31.71.01&limit=2');
    const village = villages.data[1] ?? villages.data[0]!;
    const body = {
      label: 'Apartemen', recipient_name: 'Penerima Baru', address_line: 'Jl. Sudirman Kav. 1', province_code: '31', regency_code: '31.71',
      district_code: '31.71.01', village_code: village.code, postal_code: '10210', version: address.version,
    };
    const saved = await ok<ConsumerAddressRow>('PUT', `/api/v1/consumers/${c.id}/addresses/${address.id}`, body);
    expect(saved).toMatchObject({ label: 'Apartemen', village_code: village.code, district_name: expect.any(String), version: address.version + 1 });
    expect(await status('PUT', `/api/v1/consumers/${c.id}/addresses/${address.id}`, body)).toBe(409);
    const wrong = await h.call('PUT', `/api/v1/consumers/${c.id}/addresses/${address.id}`, { token: admin, body: { ...body, district_code: '32.73.01', version: saved.version } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details[0].path).toBe('district_code');
    const missing = await h.call('PUT', `/api/v1/consumers/${c.id}/addresses/${address.id}`, { token: admin, body: { ...body, village_code: '31.71.01.9999', version: saved.version } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details[0].path).toBe('village_code');
    const other = await pick(`id <> ${c.id}`);
    expect(await status('GET', `/api/v1/consumers/${other.id}/addresses/${address.id}`)).toBe(404);
    const [entry] = (await ok<List<{ id: number }>>('GET', '/api/v1/log-history?entity=consumer-address&limit=1')).data;
    expect((await ok<AuditDetail>('GET', `/api/v1/log-history/${entry!.id}`)).entity_id).toBe(String(address.id));
  });

  it('shows the stamp history with the in/out filter, coupons with detail, POS sales and activity', async () => {
    // Not one of the demo orders' consumers: a delivered order's sale is posted after the stamp seed's later movements,
    // so its ledger rows are out of time order and the newest row's balance is not the latest.
    const c = await pick(
      'id in (select consumer_id from stamp_ledger where code = 21) and id in (select consumer_id from consumer_coupons) and id in (select consumer_id from pos_sales) and id not in (select consumer_id from orders)',
    );
    const all = await ok<List<StampLedgerRow>>('GET', `/api/v1/consumers/${c.id}/stamps?limit=100`);
    const ins = await ok<List<StampLedgerRow>>('GET', `/api/v1/consumers/${c.id}/stamps?direction=in&limit=100`);
    const outs = await ok<List<StampLedgerRow>>('GET', `/api/v1/consumers/${c.id}/stamps?direction=out&limit=100`);
    expect(ins.data.every((s) => [10, 30].includes(s.code) && s.direction === 'in')).toBe(true);
    expect(outs.data.every((s) => [20, 21, 31].includes(s.code) && s.direction === 'out')).toBe(true);
    expect(ins.meta.total + outs.meta.total).toBe(all.meta.total);
    expect(outs.meta.total).toBeGreaterThan(0);
    const detail = await ok<ConsumerDetail>('GET', `/api/v1/consumers/${c.id}`);
    expect(all.data[0]!.balance_after).toBe(detail.stamp_balance);
    expect(await status('GET', `/api/v1/consumers/${c.id}/stamps?direction=sideways`)).toBe(400);

    const coupons = await ok<List<ConsumerCouponRow>>('GET', `/api/v1/consumers/${c.id}/coupons`);
    expect(coupons.data.length).toBeGreaterThan(0);
    const coupon = await ok<ConsumerCouponDetail>('GET', `/api/v1/consumers/${c.id}/coupons/${coupons.data[0]!.id}`);
    expect(coupon).toMatchObject({ id: coupons.data[0]!.id, coupon_code: coupons.data[0]!.coupon_code, stamps_used: expect.any(Number) });
    const other = await pick(`id <> ${c.id}`);
    expect(await status('GET', `/api/v1/consumers/${other.id}/coupons/${coupon.id}`)).toBe(404);

    const sales = await ok<List<PosSaleRow>>('GET', `/api/v1/consumers/${c.id}/pos-sales`);
    expect(sales.data.length).toBeGreaterThan(0);
    expect(sales.data.every((s) => s.total > 0 && s.item_count > 0)).toBe(true);
    const activity = await ok<List<{ activity: string }>>('GET', `/api/v1/consumers/${c.id}/activity`);
    expect(activity.data.map((a) => a.activity)).toContain('register');
  });

  it('exports the filtered list as export_consumer, masked for an exporter without the personal-data right', async () => {
    const c = await pick('email is not null');
    await createStaff(h.testDb.database.db, 'consumer.exporter', [
      { entry: 'cms.consumer', action: 'view' },
      { entry: 'cms.consumer', action: 'export' },
    ]);
    const exporter = await h.tokenOf('consumer.exporter');
    const file = async (token: string) => {
      const res = await h.call('GET', `/api/v1/consumers/export?format=csv&consumer_id=${c.id}`, { token });
      expect(res.statusCode, res.body).toBe(200);
      expect(String(res.headers['content-disposition'])).toMatch(/export_consumer_\d{8}_\d{6}\.csv/);
      return parse(res.body.slice(1)) as string[][];
    };
    // Unmasked personal data leaves only after a recent second factor (step-up); the masked export needs none.
    const refused = await h.call('GET', `/api/v1/consumers/export?format=csv&consumer_id=${c.id}`, { token: admin });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe('step_up_required');
    await h.stepUp(admin);
    const [header, row] = await file(admin);
    expect(header).toEqual(expect.arrayContaining(['Consumer ID', 'Name', 'Phone', 'E-mail', 'Gender', 'Status']));
    expect(row![header!.indexOf('Phone')]).toBe(c.phone);
    expect(row![header!.indexOf('E-mail')]).toBe(c.email);
    const [, masked] = await file(exporter);
    expect(masked![header!.indexOf('Phone')]).toContain('*');
    expect(masked![header!.indexOf('E-mail')]).toContain('*');
    // The exporter may list consumers and sees them masked too.
    expect((await ok<List<ConsumerRow>>('GET', `/api/v1/consumers?consumer_id=${c.id}`, undefined, exporter)).data[0]!.personal_masked).toBe(true);
  });

  it('masks every row of a whole-list export in the database, as the contract masks it, unless the exporter holds the right', async () => {
    const db = h.testDb.database.db;
    const def = h.exports.definitions().find((d) => d.name === 'export_consumer')!;
    const maskedId = await createStaff(db, 'consumer.masked.exporter', [{ entry: 'cms.consumer', action: 'export' }]);
    const [adminUser] = await queryRows<{ id: number }>(db, sql`select id from users where username = 'admin.cms'`);
    const stored = new Map(
      (await queryRows<{ id: number; phone: string | null; email: string | null }>(db, sql`select id, phone, email from consumers`)).map((r) => [String(r.id), r]),
    );
    const contactOf = async (userId: number, format: 'csv' | 'txt') => {
      const out = new PassThrough();
      const body = text(out);
      await h.exports.write(def, def.listQuery.parse({}), { userId }, format, out);
      const lines = format === 'csv' ? (parse(await body, { bom: true }) as string[][]) : (await body).split('\r\n').slice(0, -1).map((l) => l.split('\t'));
      const [header, ...rows] = lines;
      const at = (label: string) => header!.indexOf(label);
      return rows.map((r) => [r[at('Consumer ID')], r[at('Phone')], r[at('E-mail')]]);
    };
    // CSV goes through COPY on PostgreSQL, TXT through the batched writer: both read what the database decided.
    for (const format of ['csv', 'txt'] as const) {
      const masked = await contactOf(maskedId, format);
      expect(masked.length).toBe(stored.size);
      expect(masked).toEqual(masked.map(([id]) => [id, maskPhone(stored.get(id!)!.phone) ?? '', maskEmail(stored.get(id!)!.email) ?? '']));
      const shown = await contactOf(Number(adminUser!.id), format);
      expect(shown).toEqual(shown.map(([id]) => [id, stored.get(id!)!.phone ?? '', stored.get(id!)!.email ?? '']));
    }
  });

  it('exports the stamp history (in/out) and the coupon history of one consumer or of all', async () => {
    const c = await pick('id in (select consumer_id from stamp_ledger where code in (20, 21, 31)) and id in (select consumer_id from consumer_coupons)');
    const file = async (url: string) => {
      const res = await h.call('GET', url, { token: admin });
      expect(res.statusCode, res.body).toBe(200);
      return { name: String(res.headers['content-disposition']), rows: parse(res.body.slice(1)) as string[][] };
    };
    const stamps = await ok<List<StampLedgerRow>>('GET', `/api/v1/consumers/${c.id}/stamps?direction=out&limit=100`);
    const out = await file(`/api/v1/consumer-stamps/export?format=csv&consumer_id=${c.id}&direction=out`);
    expect(out.name).toMatch(/export_consumer_stamp_history_\d{8}_\d{6}\.csv/);
    const [header, ...rows] = out.rows;
    expect(header).toEqual(expect.arrayContaining(['Consumer ID', 'Time (WIB)', 'In / Out', 'Movement', 'Stamps', 'Balance']));
    expect(rows.length).toBe(stamps.meta.total);
    expect(rows.every((r) => r[header!.indexOf('In / Out')] === 'Stamp Out' && r[header!.indexOf('Consumer ID')] === String(c.id))).toBe(true);
    expect(rows.map((r) => r[header!.indexOf('Code')])).toEqual(stamps.data.map((s) => String(s.code)));

    const coupons = await ok<List<ConsumerCouponRow>>('GET', `/api/v1/consumers/${c.id}/coupons?limit=100`);
    const claimed = await file(`/api/v1/consumer-coupons/export?format=csv&consumer_id=${c.id}`);
    expect(claimed.name).toMatch(/export_consumer_coupon_history_\d{8}_\d{6}\.csv/);
    expect(claimed.rows.slice(1).map((r) => r[claimed.rows[0]!.indexOf('Coupon Code')])).toEqual(coupons.data.map((k) => k.coupon_code));
    expect((await h.call('GET', '/api/v1/consumer-stamps/export?format=csv&direction=sideways', { token: admin })).statusCode).toBe(400);
    expect((await h.call('GET', '/api/v1/consumer-coupons/export?format=csv', { token: viewer })).statusCode).toBe(403);
  });
});
