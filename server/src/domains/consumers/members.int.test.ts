import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AuditDetail, ConsumerAddressRow, ConsumerCouponDetail, ConsumerCouponRow, MemberRow } from '@portal/contract';
import { queryRows } from '../../db/client.ts';
import { useHarness } from '../../../test/harness.ts';

interface List<T> {
  data: T[];
  meta: { total: number };
}

describe('cms member management: list, masking, detail with is_check, edit, address info, coupon history, export', () => {
  const h = useHarness();
  let admin: string;
  let viewer: string;
  let agent: string;

  beforeAll(async () => {
    admin = await h.tokenOf('admin.cms');
    viewer = await h.tokenOf('viewer');
    agent = await h.tokenOf('cs.agent');
  });

  const ok = async <T>(method: string, url: string, body?: unknown, token = admin): Promise<T> => {
    const res = await h.call(method, url, { token, body });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: T }>().data;
  };
  const status = async (method: string, url: string, body?: unknown, token = admin) => (await h.call(method, url, { token, body })).statusCode;
  const pick = async (where: string) => {
    const rows = await queryRows<{ id: number; consumer_id: number; member_no: string; phone: string }>(
      h.testDb.database.db,
      sql.raw(`select m.id, m.consumer_id, m.member_no, c.phone from members m join consumers c on c.id = m.consumer_id where ${where} order by m.id limit 1`),
    );
    if (!rows[0]) throw new Error(`no member where ${where}`);
    return { ...rows[0], id: Number(rows[0].id), consumer_id: Number(rows[0].consumer_id) };
  };

  it('lists members with tier, checked and home-store filters, and finds one by number, phone or name', async () => {
    const all = await ok<List<MemberRow>>('GET', '/api/v1/members?limit=20');
    expect(all.meta.total).toBeGreaterThan(500);
    const joined = all.data.map((m) => m.joined_at);
    expect([...joined].sort().reverse()).toEqual(joined);
    const gold = await ok<List<MemberRow>>('GET', '/api/v1/members?tier=2&limit=100');
    expect(gold.data.every((m) => m.tier === 2)).toBe(true);
    const checked = await ok<List<MemberRow>>('GET', '/api/v1/members?is_check=true&limit=100');
    expect(checked.meta.total).toBeGreaterThan(0);
    expect(checked.data.every((m) => m.is_check)).toBe(true);
    const m = await pick('m.home_store_id is not null');
    const store = (await ok<MemberRow>('GET', `/api/v1/members/${m.id}`)).home_store_id!;
    expect((await ok<List<MemberRow>>('GET', `/api/v1/members?home_store_id=${store}&limit=100`)).data.every((x) => x.home_store_id === store)).toBe(true);
    for (const search of [m.member_no, `0${m.phone.slice(2)}`]) {
      expect((await ok<List<MemberRow>>('GET', `/api/v1/members?search=${search}`)).data.map((x) => x.id), search).toEqual([m.id]);
    }
    expect(await status('GET', '/api/v1/members?tier=9')).toBe(400);
    expect(await status('GET', '/api/v1/members?is_check=maybe')).toBe(400);
  });

  it('masks phone and e-mail for a role without the personal-data right and refuses roles without the entry', async () => {
    const m = await pick('c.email is not null');
    const open = await ok<MemberRow>('GET', `/api/v1/members/${m.id}`);
    expect(open).toMatchObject({ phone: m.phone, personal_masked: false });
    const masked = await ok<MemberRow>('GET', `/api/v1/members/${m.id}`, undefined, viewer);
    expect(masked.personal_masked).toBe(true);
    expect(masked.phone).toContain('*');
    expect(masked.email).toContain('*');
    // Customer Service holds the consumer entries, not Member Management.
    expect(await status('GET', '/api/v1/members', undefined, agent)).toBe(403);
    expect(await status('PUT', `/api/v1/members/${m.id}`, { tier: 2, is_check: true, version: 1 }, viewer)).toBe(403);
    expect(await status('GET', '/api/v1/members/99999999')).toBe(404);
    expect(await status('GET', '/api/v1/members/99999999/addresses')).toBe(404);
  });

  it('edits tier, is_check, employee number and home store with the version', async () => {
    const m = await pick('m.is_check = false and m.employee_no is null');
    const before = await ok<MemberRow>('GET', `/api/v1/members/${m.id}`);
    const saved = await ok<MemberRow>('PUT', `/api/v1/members/${m.id}`, { tier: 3, is_check: true, employee_no: 'emp-90001', home_store_id: null, version: before.version });
    expect(saved).toMatchObject({ tier: 3, is_check: true, employee_no: 'EMP-90001', home_store_id: null, version: before.version + 1, updated_by_name: 'Budi Santoso' });
    expect(await status('PUT', `/api/v1/members/${m.id}`, { tier: 1, is_check: false, version: before.version })).toBe(409);
    const other = await pick(`m.id <> ${m.id}`);
    const otherRow = await ok<MemberRow>('GET', `/api/v1/members/${other.id}`);
    const clash = await h.call('PUT', `/api/v1/members/${other.id}`, { token: admin, body: { tier: 1, is_check: false, employee_no: 'EMP-90001', version: otherRow.version } });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().details[0].path).toBe('employee_no');
    expect(await status('PUT', `/api/v1/members/${other.id}`, { tier: 1, is_check: false, home_store_id: 999999, version: otherRow.version })).toBe(400);
    expect(await status('PUT', `/api/v1/members/${other.id}`, { tier: 1, is_check: false, member_no: 'x', version: otherRow.version })).toBe(400);
    const [entry] = (await ok<List<{ id: number }>>('GET', '/api/v1/log-history?entity=member&limit=1')).data;
    const audit = await ok<AuditDetail>('GET', `/api/v1/log-history/${entry!.id}`);
    expect(audit.after).toMatchObject({ is_check: true, employee_no: 'EMP-90001' });
    expect(JSON.stringify(audit)).not.toContain(m.phone);
  });

  it('shows and edits the address info and the coupon history of its consumer', async () => {
    const m = await pick('m.consumer_id in (select consumer_id from consumer_coupons) and m.consumer_id in (select consumer_id from consumer_addresses)');
    const addresses = await ok<List<ConsumerAddressRow>>('GET', `/api/v1/members/${m.id}/addresses`);
    const address = addresses.data[0]!;
    expect(address.consumer_id).toBe(m.consumer_id);
    const body = {
      label: address.label, recipient_name: address.recipient_name, address_line: 'Jl. Baru No. 2', province_code: address.province_code,
      regency_code: address.regency_code, district_code: address.district_code, village_code: address.village_code, postal_code: address.postal_code, version: address.version,
    };
    expect((await ok<ConsumerAddressRow>('PUT', `/api/v1/members/${m.id}/addresses/${address.id}`, body)).address_line).toBe('Jl. Baru No. 2');
    expect((await ok<ConsumerAddressRow>('GET', `/api/v1/consumers/${m.consumer_id}/addresses/${address.id}`)).address_line).toBe('Jl. Baru No. 2');

    const coupons = await ok<List<ConsumerCouponRow>>('GET', `/api/v1/members/${m.id}/coupons`);
    const coupon = await ok<ConsumerCouponDetail>('GET', `/api/v1/members/${m.id}/coupons/${coupons.data[0]!.id}`);
    expect(coupon.coupon_code).toBe(coupons.data[0]!.coupon_code);
    const other = await pick(`m.consumer_id <> ${m.consumer_id}`);
    expect(await status('GET', `/api/v1/members/${other.id}/coupons/${coupon.id}`)).toBe(404);
  });

  it('exports the filtered list as export_member', async () => {
    // Unmasked personal data leaves only after a recent second factor.
    expect((await h.call('GET', '/api/v1/members/export?format=csv&tier=3', { token: admin })).json().error).toBe('step_up_required');
    await h.stepUp(admin);
    const res = await h.call('GET', '/api/v1/members/export?format=csv&tier=3&sort_by=member_no&sort_dir=asc', { token: admin });
    expect(res.statusCode, res.body).toBe(200);
    expect(String(res.headers['content-disposition'])).toMatch(/export_member_\d{8}_\d{6}\.csv/);
    const [header, ...rows] = parse(res.body.slice(1)) as string[][];
    expect(header).toEqual(expect.arrayContaining(['Member No', 'Name', 'Phone', 'Tier', 'Checked', 'Employee No']));
    const list = await ok<List<MemberRow>>('GET', '/api/v1/members?tier=3&limit=1');
    expect(rows.length).toBe(list.meta.total);
    expect(rows.every((r) => r[header!.indexOf('Tier')] === 'Platinum')).toBe(true);
    const numbers = rows.map((r) => r[0]!);
    expect([...numbers].sort()).toEqual(numbers);
  });
});
