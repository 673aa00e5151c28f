import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  jakartaDay,
  voucherRedeemSignedText,
  type ListMeta,
  type OutstandingVoucherRow,
  type OutstandingVoucherTotals,
  type SalesRedeemRow,
  type VoucherFlowTotals,
  type VoucherRecapRow,
  type VoucherRedeemRow,
  type VoucherRedeemTotals,
  type VoucherReportOption,
  type VoucherSellingRow,
  type VoucherSellingTotals,
} from '@portal/contract';
import { queryRows } from '../../db/client.ts';
import { signWebhook } from '../../platform/webhook-signature.ts';
import { useHarness } from '../../../test/harness.ts';
import { createStaff } from '../../../test/staff.ts';
import { rebuildVoucherDayTotals } from './voucher-day-totals.ts';
import { posSecretOf } from './voucher-redemption.service.ts';

const REPORTS = [
  'pandora.voucher-report',
  'pandora.outstanding-voucher-report',
  'pandora.sales-and-redeem-voucher-report',
  'pandora.recap-voucher-report',
  'pandora.voucher-usage-report',
  'pandora.voucher-selling-report',
];
const JAKARTA_DAY = (column: string) => sql.raw(`(${column} at time zone 'Asia/Jakarta')::date`);
const n = (v: unknown) => Number(v ?? 0);

/**
 * The e-voucher reports through HTTP, over the demo's two released orders, vouchers redeemed through the POS endpoint
 * and a few made to expire: every figure against the vouchers and orders themselves.
 */
describe('e-voucher reports', () => {
  const h = useHarness();
  const db = () => h.testDb.database.db;
  let viewer: string;
  let looker: string;
  let outsider: string;
  let today: string;
  let from: string;
  let stores: { id: number; code: string }[];
  let partner: { id: number; partner_code: string };

  const get = async <T,>(url: string, token = viewer): Promise<T> => {
    const res = await h.call('GET', url, { token });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json<{ data: T }>().data;
  };

  beforeAll(async () => {
    await createStaff(db(), 'voucher.reports', REPORTS.flatMap((entry) => [{ entry, action: 'view' as const }, { entry, action: 'export' as const }]));
    await createStaff(db(), 'voucher.report.looker', [{ entry: 'pandora.outstanding-voucher-report', action: 'view' }]);
    await createStaff(db(), 'voucher.report.outsider', [{ entry: 'pandora.check-voucher-status', action: 'view' }]);
    viewer = await h.tokenOf('voucher.reports');
    looker = await h.tokenOf('voucher.report.looker');
    outsider = await h.tokenOf('voucher.report.outsider');
    today = jakartaDay(h.clock.now());
    from = addDays(today, -30);
    stores = (await queryRows<{ id: number; code: string }>(db(), sql`select id, code from stores where status = 1 order by id limit 2`)).map((s) => ({ id: Number(s.id), code: s.code }));
    const [p] = await queryRows<{ id: number; partner_code: string }>(db(), sql`select id, partner_code from partners where partner_code = 'NKM'`);
    partner = { id: Number(p!.id), partner_code: p!.partner_code };

    // The demo's own redemptions set aside (and the day totals rebuilt), so the figures below are this file's alone.
    await db().execute(sql`update vouchers set used_at = null, used_store_id = null, pos_ref = null, pos_transaction_no = null where pos_ref like 'DEMO-%'`);
    await rebuildVoucherDayTotals(db());
    // Six vouchers used through the POS: four at the first store, two at the second, from both released orders.
    const codes = (await queryRows<{ code: string }>(db(), sql`select code from vouchers v where not exists (select 1 from voucher_product_stores x where x.voucher_product_id = v.voucher_product_id) order by partner_id, id`)).map((v) => v.code);
    const picked = [...codes.slice(0, 4), ...codes.slice(-2)];
    for (const [i, code] of picked.entries()) {
      const fields = { voucher_barcode: code, store_code: stores[i < 4 ? 0 : 1]!.code, pos_ref: `RPT-${i}`, transaction_no: `TRX-RPT-${i}` };
      const res = await h.call('POST', '/api/v1/pos/vouchers/redeem', { body: { ...fields, signature: signWebhook(posSecretOf(h.services.config), voucherRedeemSignedText(fields)) } });
      expect(res.statusCode, res.body).toBe(200);
    }
    // Two of them used three days earlier, and five unused ones valid only on their release day (expired the day after):
    // changed in the rows, then the day totals rebuilt from them, as an operator would after a repair.
    await db().execute(sql`update vouchers set used_at = used_at - interval '3 days' where code in (${picked[0]}, ${picked[5]})`);
    await db().execute(sql`update vouchers set valid_until = ${JAKARTA_DAY('released_at')} where id in (select id from vouchers where used_at is null order by id desc limit 5)`);
    await rebuildVoucherDayTotals(db());
  });

  /** The figures of a period straight from the vouchers (outstanding at the end of `end`). */
  const direct = async (periodFrom: string, periodTo: string, end: string, partnerId?: number) => {
    const [r] = await queryRows<Record<string, unknown>>(
      db(),
      sql`select
          count(*) filter (where ${JAKARTA_DAY('released_at')} between ${periodFrom}::date and ${periodTo}::date) as released_count,
          coalesce(sum(denomination) filter (where ${JAKARTA_DAY('released_at')} between ${periodFrom}::date and ${periodTo}::date), 0) as released_value,
          count(*) filter (where ${JAKARTA_DAY('used_at')} between ${periodFrom}::date and ${periodTo}::date) as used_count,
          coalesce(sum(denomination) filter (where ${JAKARTA_DAY('used_at')} between ${periodFrom}::date and ${periodTo}::date), 0) as used_value,
          count(*) filter (where used_at is null and valid_until + 1 between ${periodFrom}::date and least(${periodTo}::date, ${today}::date)) as expired_count,
          coalesce(sum(denomination) filter (where used_at is null and valid_until + 1 between ${periodFrom}::date and least(${periodTo}::date, ${today}::date)), 0) as expired_value,
          count(*) filter (where ${JAKARTA_DAY('released_at')} <= ${end}::date and (used_at is null or ${JAKARTA_DAY('used_at')} > ${end}::date) and valid_until >= ${end}::date) as outstanding_count,
          coalesce(sum(denomination) filter (where ${JAKARTA_DAY('released_at')} <= ${end}::date and (used_at is null or ${JAKARTA_DAY('used_at')} > ${end}::date) and valid_until >= ${end}::date), 0) as outstanding_value
        from vouchers where ${partnerId ? sql`partner_id = ${partnerId}` : sql`true`}`,
    );
    return Object.fromEntries(Object.entries(r!).map(([k, v]) => [k, n(v)]));
  };

  it('sums the period’s flows and the outstanding at its end as the vouchers themselves do, for all partners and for one', async () => {
    const all = await get<VoucherFlowTotals>(`/api/v1/voucher-reports/flow-totals?date_from=${from}&date_until=${today}`);
    expect(all).toMatchObject({ date_from: from, date_until: today, outstanding_on: today });
    const expected = await direct(from, today, today);
    expect(all).toMatchObject(expected);
    expect(all.released_count).toBe(770);
    expect(all.used_count).toBe(6);
    expect(all.expired_count).toBe(5);
    const one = await get<VoucherFlowTotals>(`/api/v1/voucher-reports/flow-totals?partner_id=${partner.id}&date_from=${from}&date_until=${today}`);
    expect(one).toMatchObject(await direct(from, today, today, partner.id));
    expect(one.released_count).toBe(650);
    // A period ending in the future counts no expiry beyond today and the outstanding at today's end.
    const ahead = await get<VoucherFlowTotals>(`/api/v1/voucher-reports/flow-totals?date_from=${from}&date_until=${addDays(today, 200)}`);
    expect(ahead).toMatchObject({ outstanding_on: today, expired_count: all.expired_count, outstanding_count: all.outstanding_count });
    // No period: this month, its first day to today.
    expect(await get<VoucherFlowTotals>('/api/v1/voucher-reports/flow-totals')).toMatchObject({ date_from: `${today.slice(0, 7)}-01`, date_until: today });
  });

  it('answers the outstanding liability per partner and product at the end of any day, reading either side of it', async () => {
    const released = await queryRows<{ day: string }>(db(), sql`select distinct ${JAKARTA_DAY('released_at')}::text as day from vouchers order by 1`);
    const first = released[0]!.day;
    // Today (read from the days after it), the first release day (the days before), a day between, the day before any.
    for (const day of [today, first, addDays(first, 3), addDays(first, -1)]) {
      const totals = await get<OutstandingVoucherTotals>(`/api/v1/outstanding-voucher-report/totals?as_of=${day}`);
      const expected = await direct(day, day, day);
      expect(totals, day).toEqual({ as_of: day, outstanding_count: expected.outstanding_count, outstanding_value: expected.outstanding_value });
      const rows = (await get<{ data: OutstandingVoucherRow[] }>(`/api/v1/outstanding-voucher-report?as_of=${day}&limit=100&sort_by=outstanding_value`)).data;
      const byGroup = await queryRows<Record<string, unknown>>(
        db(),
        sql`select partner_id, voucher_product_id, count(*) as outstanding_count, sum(denomination) as outstanding_value from vouchers
          where ${JAKARTA_DAY('released_at')} <= ${day}::date and (used_at is null or ${JAKARTA_DAY('used_at')} > ${day}::date) and valid_until >= ${day}::date
          group by 1, 2 order by 4 desc, 1 desc, 2 desc`,
      );
      expect(rows.map((r) => [r.partner_id, r.voucher_product_id, r.outstanding_count, r.outstanding_value])).toEqual(
        byGroup.map((r) => [n(r.partner_id), n(r.voucher_product_id), n(r.outstanding_count), n(r.outstanding_value)]),
      );
    }
    // Default today; a day after today is counted at today's end; a partner filter narrows the rows.
    expect((await get<OutstandingVoucherTotals>('/api/v1/outstanding-voucher-report/totals')).as_of).toBe(today);
    expect((await get<OutstandingVoucherTotals>(`/api/v1/outstanding-voucher-report/totals?as_of=${addDays(today, 5)}`)).as_of).toBe(today);
    const mine = (await get<{ data: OutstandingVoucherRow[] }>(`/api/v1/outstanding-voucher-report?partner_id=${partner.id}`)).data;
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((r) => r.partner_code === partner.partner_code)).toBe(true);
  });

  it('lists every day of the period with what was sold and redeemed, and recaps each partner and product', async () => {
    const days = await get<{ data: SalesRedeemRow[]; meta: ListMeta }>(`/api/v1/sales-and-redeem-voucher-report?date_from=${from}&date_until=${today}&is_all=true&sort_dir=asc`);
    expect(days.meta.total).toBe(31);
    expect(days.data.map((d) => d.day)).toEqual(Array.from({ length: 31 }, (_, i) => addDays(from, i)));
    const perDay = await queryRows<Record<string, unknown>>(
      db(),
      sql`select day::text, sum(rc) as released_count, sum(rv) as released_value, sum(uc) as used_count, sum(uv) as used_value from (
          select ${JAKARTA_DAY('released_at')} as day, 1 as rc, denomination as rv, 0 as uc, 0 as uv from vouchers
          union all select ${JAKARTA_DAY('used_at')}, 0, 0, 1, denomination from vouchers where used_at is not null) x group by 1`,
    );
    for (const d of days.data) {
      const want = perDay.find((r) => r.day === d.day);
      expect([d.released_count, d.released_value, d.used_count, d.used_value], d.day).toEqual([n(want?.released_count), n(want?.released_value), n(want?.used_count), n(want?.used_value)]);
    }
    const paged = await get<{ data: SalesRedeemRow[]; meta: ListMeta }>(`/api/v1/sales-and-redeem-voucher-report?date_from=${from}&date_until=${today}&page=2`);
    expect(paged.data.map((d) => d.day)).toEqual(Array.from({ length: 10 }, (_, i) => addDays(today, -10 - i)));

    const recap = (await get<{ data: VoucherRecapRow[] }>(`/api/v1/recap-voucher-report?date_from=${from}&date_until=${today}&limit=100`)).data;
    const totals = await direct(from, today, today);
    const sum = (k: keyof VoucherRecapRow) => recap.reduce((s, r) => s + Number(r[k]), 0);
    for (const k of ['released_count', 'released_value', 'used_count', 'used_value', 'expired_count', 'expired_value', 'outstanding_count', 'outstanding_value'] as const) expect(sum(k), k).toBe(totals[k]);
    for (const r of recap) {
      const [own] = await queryRows<Record<string, unknown>>(
        db(),
        sql`select count(*) as released_count, count(*) filter (where used_at is not null) as used_count from vouchers where partner_id = ${r.partner_id} and voucher_product_id = ${r.voucher_product_id}`,
      );
      expect([r.released_count, r.used_count]).toEqual([n(own?.released_count), n(own?.used_count)]);
    }
    const onePartner = (await get<{ data: VoucherRecapRow[] }>(`/api/v1/recap-voucher-report?partner_id=${partner.id}&date_from=${from}&date_until=${today}`)).data;
    expect(new Set(onePartner.map((r) => r.partner_id))).toEqual(new Set([partner.id]));
  });

  it('lists the redemptions of the period by store and partner, with totals per store', async () => {
    const all = await get<{ data: VoucherRedeemRow[]; meta: ListMeta }>(`/api/v1/voucher-usage-report?date_from=${from}&date_until=${today}`);
    expect(all.meta.total).toBe(6);
    expect(all.data[0]!.masked_code).toMatch(/^\d{4} •••• •••• \d{4}$/);
    expect(all.data.map((r) => r.used_at)).toEqual(all.data.map((r) => r.used_at).sort().reverse());
    const atFirst = await get<{ data: VoucherRedeemRow[]; meta: ListMeta }>(`/api/v1/voucher-usage-report?store_id=${stores[0]!.id}&date_from=${from}&date_until=${today}`);
    expect(atFirst.meta.total).toBe(4);
    expect(atFirst.data.every((r) => r.store_code === stores[0]!.code)).toBe(true);
    const [mine] = await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from vouchers where used_at is not null and partner_id = ${partner.id}`);
    expect((await get<{ data: VoucherRedeemRow[]; meta: ListMeta }>(`/api/v1/voucher-usage-report?partner_id=${partner.id}&date_from=${from}&date_until=${today}`)).meta.total).toBe(n(mine?.n));
    // Today only: the two moved three days back are not in it.
    expect((await get<{ data: VoucherRedeemRow[]; meta: ListMeta }>(`/api/v1/voucher-usage-report?date_from=${today}&date_until=${today}`)).meta.total).toBe(4);

    const totals = await get<VoucherRedeemTotals>(`/api/v1/voucher-usage-report/totals?date_from=${from}&date_until=${today}`);
    const byStore = await queryRows<Record<string, unknown>>(
      db(),
      sql`select s.code, count(*) as used_count, sum(v.denomination) as used_value from vouchers v join stores s on s.id = v.used_store_id group by s.code order by 3 desc, 1`,
    );
    expect(totals.stores.map((s) => [s.store_code, s.used_count, s.used_value])).toEqual(byStore.map((s) => [s.code, n(s.used_count), n(s.used_value)]));
    expect([totals.used_count, totals.used_value]).toEqual([6, byStore.reduce((s, r) => s + n(r.used_value), 0)]);
    const oneStore = await get<VoucherRedeemTotals>(`/api/v1/voucher-usage-report/totals?store_id=${stores[1]!.id}&date_from=${from}&date_until=${today}`);
    expect(oneStore.stores.map((s) => s.store_code)).toEqual([stores[1]!.code]);
  });

  it('lists the orders released in the period with their totals, by partner and payment method', async () => {
    const sold = await get<{ data: VoucherSellingRow[]; meta: ListMeta }>(`/api/v1/voucher-selling-report?date_from=${from}&date_until=${today}`);
    const orders = await queryRows<Record<string, unknown>>(
      db(),
      sql`select order_number, released_count, total_amount, receipt_no from voucher_orders where status = 'done' and released_at is not null order by released_at desc, id desc`,
    );
    expect(sold.data.map((o) => [o.order_number, o.released_count, o.total_amount, o.receipt_no])).toEqual(orders.map((o) => [o.order_number, n(o.released_count), n(o.total_amount), o.receipt_no]));
    expect(sold.data.every((o) => o.payment_method === 'transfer' && (o.receipt_no ?? '').startsWith('KWT/') && o.payment_date)).toBe(true);
    const totals = await get<VoucherSellingTotals>(`/api/v1/voucher-selling-report/totals?date_from=${from}&date_until=${today}`);
    expect(totals).toEqual({
      date_from: from,
      date_until: today,
      orders: orders.length,
      released_count: orders.reduce((s, o) => s + n(o.released_count), 0),
      total_amount: orders.reduce((s, o) => s + n(o.total_amount), 0),
    });
    expect((await get<VoucherSellingTotals>(`/api/v1/voucher-selling-report/totals?payment_method=credit&date_from=${from}&date_until=${today}`)).orders).toBe(0);
    const mine = await get<{ data: VoucherSellingRow[] }>(`/api/v1/voucher-selling-report?partner_id=${partner.id}&date_from=${from}&date_until=${today}`);
    expect(mine.data.map((o) => o.partner_code)).toEqual(['NKM']);
    // Before the releases, none.
    expect((await get<VoucherSellingTotals>(`/api/v1/voucher-selling-report/totals?date_from=${addDays(from, -60)}&date_until=${addDays(from, -31)}`)).orders).toBe(0);
  });

  it('offers the partners and stores to filter by, searched', async () => {
    const partners = await get<VoucherReportOption[]>('/api/v1/voucher-reports/partner-options?search=nkm');
    expect(partners.map((p) => p.code)).toEqual(['NKM']);
    expect((await get<VoucherReportOption[]>('/api/v1/voucher-reports/partner-options', looker)).length).toBeGreaterThanOrEqual(4);
    expect((await get<VoucherReportOption[]>(`/api/v1/voucher-reports/store-options?search=${stores[0]!.code}`)).map((s) => s.code)).toContain(stores[0]!.code);
  });

  it('refuses without a session (401), without the report’s right (403), and bad periods (400)', async () => {
    const urls = [
      '/api/v1/voucher-reports/flow-totals',
      '/api/v1/outstanding-voucher-report',
      '/api/v1/outstanding-voucher-report/totals',
      '/api/v1/sales-and-redeem-voucher-report',
      '/api/v1/recap-voucher-report',
      '/api/v1/voucher-usage-report',
      '/api/v1/voucher-usage-report/totals',
      '/api/v1/voucher-selling-report',
      '/api/v1/voucher-selling-report/totals',
      '/api/v1/voucher-reports/partner-options',
      '/api/v1/voucher-reports/store-options',
    ];
    for (const url of urls) {
      expect((await h.call('GET', url)).statusCode, url).toBe(401);
      expect((await h.call('GET', url, { token: outsider })).statusCode, url).toBe(403);
    }
    // Each report's right opens its own report only.
    expect((await h.call('GET', '/api/v1/outstanding-voucher-report', { token: looker })).statusCode).toBe(200);
    expect((await h.call('GET', '/api/v1/recap-voucher-report', { token: looker })).statusCode).toBe(403);
    expect((await h.call('GET', '/api/v1/outstanding-voucher-report/export?format=csv', { token: looker })).statusCode).toBe(403);
    const bad = await h.call('GET', `/api/v1/recap-voucher-report?date_from=${today}&date_until=${addDays(today, -1)}`, { token: viewer });
    expect(bad.statusCode).toBe(400);
    expect((await h.call('GET', `/api/v1/voucher-usage-report?date_from=${addDays(today, -400)}&date_until=${today}`, { token: viewer })).statusCode).toBe(400);
    expect((await h.call('GET', '/api/v1/voucher-selling-report?payment_method=cash', { token: viewer })).statusCode).toBe(400);
  });

  it('exports each report with its filters under the spec’s names, the Jakarta day of the download in them', async () => {
    const stamp = today.replaceAll('-', '');
    const files: [string, RegExp][] = [
      [`/api/v1/vouchers/export?format=csv&date_from=${from}&date_until=${today}`, new RegExp(`VoucherReport_${stamp}\\.csv`)],
      [`/api/v1/outstanding-voucher-report/export?format=csv&as_of=${today}`, new RegExp(`OutstandingVoucherReport_${stamp}\\.csv`)],
      [`/api/v1/sales-and-redeem-voucher-report/export?format=csv&date_from=${from}&date_until=${today}`, /Export-sales_and_redeem_voucher_report_\d{8}_\d{6}\.csv/],
      [`/api/v1/recap-voucher-report/export?format=xlsx&date_from=${from}&date_until=${today}`, new RegExp(`VoucherRecapReport_${stamp}\\.xlsx`)],
      [`/api/v1/voucher-usage-report/export?format=csv&date_from=${from}&date_until=${today}`, new RegExp(`VoucherRedeemReport_${stamp}\\.csv`)],
      [`/api/v1/voucher-selling-report/export?format=csv&date_from=${from}&date_until=${today}`, /Export-voucher_selling_report_\d{8}_\d{6}\.csv/],
    ];
    const bodies: string[] = [];
    for (const [url, name] of files) {
      const res = await h.call('GET', url, { token: viewer });
      expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(200);
      expect(String(res.headers['content-disposition']), url).toMatch(name);
      bodies.push(res.body);
    }
    const lines = (i: number) => bodies[i]!.replace(/^\uFEFF/, '').trim().split('\r\n');
    // Outstanding: a header and one line per partner and product, the day in each.
    const outstanding = await get<{ data: OutstandingVoucherRow[]; meta: ListMeta }>(`/api/v1/outstanding-voucher-report?as_of=${today}`);
    expect(lines(1)[0]).toBe('As Of,Partner Code,Partner,Voucher Code,Voucher,Outstanding Vouchers,Outstanding Value (Rp)');
    expect(lines(1)).toHaveLength(outstanding.meta.total + 1);
    expect(lines(1)[1]).toMatch(/^\d{2}\/[A-Z][a-z]{2}\/\d{4},/);
    // Sales and redeem: one line per day; redemptions: the six with their whole codes; selling: the two orders.
    expect(lines(2)).toHaveLength(32);
    expect(lines(4)).toHaveLength(7);
    expect(lines(4)[0]).toContain('Voucher Barcode');
    expect(lines(4).slice(1).every((l) => /,\d{18},/.test(l))).toBe(true);
    expect(lines(5)).toHaveLength(3);
    // A partner's filter narrows the file as it narrows the list.
    const narrowed = await h.call('GET', `/api/v1/voucher-selling-report/export?format=csv&partner_id=${partner.id}&date_from=${from}&date_until=${today}`, { token: viewer });
    expect(narrowed.body.trim().split('\r\n')).toHaveLength(2);
  });
});
