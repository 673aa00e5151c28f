import { sql } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  jakartaDay,
  posSalesSignedText,
  voucherRedeemSignedText,
  type ConsumerLoginLogRow,
  type ListMeta,
  type LoginLogVersion,
  type PosSale,
  type VoucherUsedLogDetail,
  type VoucherUsedLogOption,
  type VoucherUsedLogRow,
} from '@portal/contract';
import { queryRows } from '../../db/client.ts';
import { signWebhook } from '../../platform/webhook-signature.ts';
import { useHarness } from '../../../test/harness.ts';
import { createAppConsumer } from '../../../test/fixtures/helpdesk.fixtures.ts';
import { createStaff } from '../../../test/staff.ts';

const POS_SECRET = 'heimdal-logs-test-pos-secret-of-32-characters';
type Page<T> = { data: T[]; meta: ListMeta };

/**
 * heimdal's two logs through HTTP: the consumer login log filled by real sign-ins of the consumer API (refused ones
 * included), the voucher-used log by the POS's redemptions and receipts; permissions, masking, filters and exports.
 */
describe('heimdal logs', () => {
  const h = useHarness({ POS_SECRET });
  const db = () => h.testDb.database.db;
  let superAdmin: string;
  /** Views and exports both logs, without the personal-data right. */
  let operator: string;
  /** Views the login log only, without export. */
  let looker: string;

  beforeAll(async () => {
    superAdmin = await h.tokenOf('superadmin');
    await createStaff(db(), 'heimdal.operator', [
      { entry: 'heimdal.consumer-login-log', action: 'view' },
      { entry: 'heimdal.consumer-login-log', action: 'export' },
      { entry: 'heimdal.voucher-used-log', action: 'view' },
      { entry: 'heimdal.voucher-used-log', action: 'export' },
    ]);
    operator = await h.tokenOf('heimdal.operator');
    await createStaff(db(), 'heimdal.looker', [{ entry: 'heimdal.consumer-login-log', action: 'view' }]);
    looker = await h.tokenOf('heimdal.looker');
  });

  const signIn = (body: Record<string, unknown>) => h.call('POST', '/api/v1/app/auth/sign-in', { body });
  const get = async <T>(url: string, token = superAdmin): Promise<T> => {
    const res = await h.call('GET', url, { token });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json<{ data: T }>().data;
  };
  const attempts = (query: string, token = superAdmin) => get<Page<ConsumerLoginLogRow>>(`/api/v1/consumer-login-logs?${query}`, token);

  it('grants the logs to no demo role but the Super Admin', async () => {
    const granted = await queryRows<{ role: string }>(db(), sql`select r.name as role from role_permissions p join roles r on r.id = p.role_id where p.entry like 'heimdal.%'`);
    // The test's own staff above are the only holders.
    expect(granted.map((g) => g.role).sort()).toEqual(['Role of heimdal.looker', 'Role of heimdal.operator', 'Role of heimdal.operator', 'Role of heimdal.operator', 'Role of heimdal.operator']);
    for (const username of ['admin.cms', 'cs.agent', 'viewer', 'analyst', 'no.access']) {
      const token = await h.tokenOf(username);
      for (const url of ['/api/v1/consumer-login-logs', '/api/v1/voucher-used-logs', '/api/v1/consumer-login-logs/export?format=csv', '/api/v1/voucher-used-logs/1']) {
        expect((await h.call('GET', url, { token })).statusCode, `${username} ${url}`).toBe(403);
      }
    }
    expect((await h.call('GET', '/api/v1/consumer-login-logs')).statusCode).toBe(401);
    expect((await h.call('GET', '/api/v1/voucher-used-logs', { token: looker })).statusCode).toBe(403);
    expect((await h.call('GET', '/api/v1/consumer-login-logs/export?format=csv', { token: looker })).statusCode).toBe(403);
    // The demo's sign-ins and redemptions are there for the Super Admin.
    const demo = await attempts('limit=100');
    expect(demo.data.some((r) => r.result === 2) && demo.data.some((r) => r.result === 1)).toBe(true);
    expect(new Set(demo.data.flatMap((r) => (r.platform ? [r.platform] : [])))).toEqual(new Set(['ios', 'android']));
    expect((await get<Page<VoucherUsedLogRow>>('/api/v1/voucher-used-logs?limit=100')).data.some((r) => r.consumer_id !== null)).toBe(true);
  });

  it('records every sign-in attempt of the consumer API, refused ones too, with what the app says about itself and never a secret', async () => {
    const me = await createAppConsumer(db(), 'Rina Login', 'Rahasia@123');
    const local = `0${me.phone.slice(2)}`;
    const app = { device: 'iPhone 15, iOS 17.5', platform: 'ios', app_version: '3.7.0' };
    const wrong = await signIn({ phone: local, password: 'Salah@1234', ...app });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json<{ message: string }>().message).toBe('Invalid phone number or password');
    h.clock.advance(60_000);
    const ok = await signIn({ phone: `+${me.phone}`, password: 'Rahasia@123', ...app });
    expect(ok.statusCode, ok.body).toBe(200);
    const token = ok.json<{ data: { token: string } }>().data.token;
    h.clock.advance(60_000);
    // What the app says about itself never refuses a sign-in: values the log cannot take are recorded as not given.
    const odd = await signIn({ phone: me.phone, password: 'Rahasia@123', device: 5, platform: 'windows', app_version: 'latest' });
    expect(odd.statusCode, odd.body).toBe(200);

    const mine = await attempts(`consumer_id=${me.id}&sort_dir=asc`);
    expect(mine.meta).toMatchObject({ total: 3, total_kind: 'exact' });
    expect(mine.data.map((r) => [r.result, r.failure_reason])).toEqual([
      [1, 'wrong_password'],
      [2, null],
      [2, null],
    ]);
    expect(mine.data[0]).toMatchObject({ consumer_name: 'Rina Login', phone: me.phone, ...app, personal_masked: false });
    expect(mine.data[0]!.ip).toBeTruthy();
    expect(mine.data[2]).toMatchObject({ platform: null, app_version: null, device: null });
    expect(new Date(mine.data[1]!.at).getTime() - new Date(mine.data[0]!.at).getTime()).toBe(60_000);
    // The failed attempt stays although its sign-in was refused; neither password nor token is anywhere in the row.
    const rows = await queryRows<Record<string, unknown>>(db(), sql`select * from consumer_login_log where consumer_id = ${me.id}`);
    expect(rows).toHaveLength(3);
    const stored = JSON.stringify(rows);
    for (const secret of ['Rahasia@123', 'Salah@1234', token]) expect(stored).not.toContain(secret);
    // A success is the consumer's last login and an activity of theirs.
    const [seen] = await queryRows<{ last_login_at: string; logins: number }>(
      db(),
      sql`select to_json(c.last_login_at) #>> '{}' as last_login_at, (select count(*)::int from consumer_activity a where a.consumer_id = c.id and a.activity = 'login') as logins from consumers c where c.id = ${me.id}`,
    );
    expect(seen!.logins).toBe(2);
    expect(new Date(seen!.last_login_at).toISOString()).toBe(mine.data[2]!.at);

    // A phone no consumer has, a consumer without a password, a locked consumer with the right password.
    const stranger = `6281${String(me.id).padStart(8, '7')}`;
    expect((await signIn({ phone: stranger, password: 'Rahasia@123' })).statusCode).toBe(401);
    const locked = await createAppConsumer(db(), 'Dodi Terkunci', 'Rahasia@123', 2);
    expect((await signIn({ phone: locked.phone, password: 'Rahasia@123', platform: 'android' })).statusCode).toBe(401);
    const [bare] = await queryRows<{ id: number; phone: string }>(
      db(),
      sql`insert into consumers (name, phone, gender, app_card_id) values ('Tanpa Sandi', ${`62898${me.id}0001`}, 2, ${`7711${me.id}0001`}) returning id, phone`,
    );
    expect((await signIn({ phone: bare!.phone, password: 'Rahasia@123' })).statusCode).toBe(401);
    expect((await attempts(`search=${stranger}`)).data.map((r) => [r.failure_reason, r.consumer_id])).toEqual([['unknown_phone', null]]);
    expect((await attempts(`consumer_id=${locked.id}`)).data.map((r) => [r.failure_reason, r.platform])).toEqual([['inactive', 'android']]);
    expect((await attempts(`consumer_id=${bare!.id}`)).data.map((r) => r.failure_reason)).toEqual(['no_password']);
    // A malformed body is refused before any check: no attempt to record.
    expect((await signIn({ phone: stranger })).statusCode).toBe(400);
    expect((await attempts(`search=${stranger}`)).meta.total).toBe(1);
  });

  it('filters by period, result, platform, app version, consumer and search, in the URL’s terms', async () => {
    const me = await createAppConsumer(db(), 'Sari Penyaring', 'Rahasia@123');
    await signIn({ phone: me.phone, password: 'Keliru@123', platform: 'android', app_version: '3.8.1', device: 'Pixel 8' });
    await signIn({ phone: me.phone, password: 'Rahasia@123', platform: 'android', app_version: '3.8.1', device: 'Pixel 8' });
    await signIn({ phone: me.phone, password: 'Rahasia@123', platform: 'ios', app_version: '3.8.2', device: 'iPhone 15' });
    const today = jakartaDay(h.clock.now());
    const ids = async (q: string) => (await attempts(`consumer_id=${me.id}&${q}`)).data.map((r) => `${r.result}:${r.platform}:${r.app_version}`).sort();
    expect(await ids('result=1')).toEqual(['1:android:3.8.1']);
    expect(await ids('result=2&platform=android')).toEqual(['2:android:3.8.1']);
    expect(await ids('platform=ios')).toEqual(['2:ios:3.8.2']);
    expect(await ids('app_version=3.8.1')).toEqual(['1:android:3.8.1', '2:android:3.8.1']);
    expect(await ids(`date_from=${today}&date_until=${today}`)).toHaveLength(3);
    expect(await ids('date_until=2020-01-31')).toEqual([]);
    // Search: the phone however typed, or part of the consumer's name.
    expect((await attempts(`search=${encodeURIComponent(`+62 ${me.phone.slice(2, 5)}-${me.phone.slice(5)}`)}`)).data.every((r) => r.consumer_id === me.id)).toBe(true);
    expect((await attempts(`search=${encodeURIComponent(`0${me.phone.slice(2)}`)}`)).meta.total).toBe(3);
    expect((await attempts('search=penyaring')).data.map((r) => r.consumer_id)).toEqual([me.id, me.id, me.id]);
    // The version filter's options: the versions seen, newest first.
    const versions = (await get<LoginLogVersion[]>('/api/v1/consumer-login-logs/app-versions')).map((v) => v.app_version);
    expect(versions.indexOf('3.8.2')).toBeLessThan(versions.indexOf('3.8.1'));
    expect((await get<LoginLogVersion[]>('/api/v1/consumer-login-logs/app-versions?search=3.8')).map((v) => v.app_version)).toEqual(['3.8.2', '3.8.1']);
    // Bad filters are refused, never a 500.
    for (const q of ['result=3', 'platform=windows', 'app_version=latest', 'date_from=2026-02-30', `date_from=${today}&date_until=2020-01-01`, 'sort_by=phone', 'consumer_id=abc']) {
      expect((await h.call('GET', `/api/v1/consumer-login-logs?${q}`, { token: superAdmin })).statusCode, q).toBe(400);
    }
    expect((await h.call('GET', '/api/v1/consumer-login-logs/999999999', { token: superAdmin })).statusCode).toBe(404);
  });

  it('masks phones without the personal-data right, records unmasked reads, and exports export_log as the screen shows it', async () => {
    const me = await createAppConsumer(db(), 'Budi Rahasia', 'Rahasia@123');
    await signIn({ phone: me.phone, password: 'Rahasia@123', platform: 'ios', app_version: '3.9.0', device: 'iPhone 13' });
    await signIn({ phone: me.phone, password: 'Keliru@123', platform: 'ios', app_version: '3.9.0', device: 'iPhone 13' });
    const masked = await attempts(`consumer_id=${me.id}`, operator);
    expect(masked.data).toHaveLength(2);
    for (const r of masked.data) expect(r).toMatchObject({ personal_masked: true, phone: `${me.phone.slice(0, 4)}${'*'.repeat(me.phone.length - 7)}${me.phone.slice(-3)}`, consumer_name: 'Budi Rahasia' });
    const one = await get<ConsumerLoginLogRow>(`/api/v1/consumer-login-logs/${masked.data[0]!.id}`, looker);
    expect(one.phone).toContain('*');
    // Searching by the exact phone still finds them for a masked role: the caller already knows it.
    expect((await attempts(`search=${me.phone}`, operator)).meta.total).toBe(2);

    const before = await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from personal_data_access where screen = 'consumer-login-logs.list'`);
    const open = await attempts(`consumer_id=${me.id}`);
    expect(open.data.every((r) => r.phone === me.phone && !r.personal_masked)).toBe(true);
    const [after] = await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from personal_data_access where screen = 'consumer-login-logs.list'`);
    expect(after!.n).toBe(before[0]!.n + 1);
    const [subject] = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from personal_data_access_subjects s join personal_data_access a on a.id = s.access_id where a.screen = 'consumer-login-logs.list' and s.consumer_id = ${me.id}`,
    );
    expect(subject!.n).toBeGreaterThan(0);

    const file = await h.call('GET', `/api/v1/consumer-login-logs/export?format=csv&consumer_id=${me.id}&result=1`, { token: operator });
    expect(file.statusCode, file.body).toBe(200);
    expect(String(file.headers['content-disposition'])).toMatch(/filename="export_log_\d{8}_\d{6}\.csv"/);
    const [header, ...rows] = parse(file.body.slice(1)) as string[][];
    expect(header).toEqual(['Time (WIB)', 'Result', 'Failure Reason', 'Consumer ID', 'Consumer Name', 'Phone Number', 'Platform', 'App Version', 'Device', 'IP Address']);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.slice(1, 9)).toEqual(['Failed', 'Wrong password', String(me.id), 'Budi Rahasia', masked.data[0]!.phone, 'iOS', '3.9.0', 'iPhone 13']);
    expect(rows[0]![0]).toMatch(/^\d{2}\/[A-Z][a-z]{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
    // The Super Admin's file shows the phone, and is recorded.
    const whole = await h.call('GET', `/api/v1/consumer-login-logs/export?format=csv&consumer_id=${me.id}`, { token: superAdmin });
    expect(whole.statusCode, whole.body).toBe(200);
    expect(whole.body).toContain(me.phone);
    expect((await queryRows(db(), sql`select 1 from personal_data_access where screen = 'export_consumer_login_log'`)).length).toBe(1);
  });

  describe('voucher used log', () => {
    let consumer: { id: number; phone: string; card: string };
    let barcode: string;
    let store: { id: number; code: string };

    beforeAll(async () => {
      const me = await createAppConsumer(db(), 'Wati Belanja', 'Rahasia@123');
      const [card] = await queryRows<{ app_card_id: string }>(db(), sql`select app_card_id from consumers where id = ${me.id}`);
      consumer = { ...me, card: card!.app_card_id };
      const [v] = await queryRows<{ code: string }>(db(), sql`select code from vouchers where used_at is null and valid_until >= current_date order by id limit 1`);
      barcode = v!.code;
      const [s] = await queryRows<{ id: number; code: string }>(db(), sql`select id, code from stores where status = 1 order by id limit 1`);
      store = { id: Number(s!.id), code: s!.code };
      // The POS redeems the voucher at its till, then sends the receipt with the member card it scanned.
      const fields = { voucher_barcode: barcode, store_code: store.code, pos_ref: 'HEIMDAL-PAY-1', transaction_no: 'TRX-HEIMDAL-1' };
      const redeemed = await h.call('POST', '/api/v1/pos/vouchers/redeem', { body: { ...fields, signature: signWebhook(POS_SECRET, voucherRedeemSignedText(fields)) } });
      expect(redeemed.statusCode, redeemed.body).toBe(200);
      const [p] = await queryRows<{ plu: string; price: string }>(db(), sql`select plu, price from products where status = 1 and price > 0 order by id limit 1`);
      const transactions: PosSale[] = [
        { transaction_id: 'TRX-HEIMDAL-1', store_code: store.code, channel: 1, card_id: consumer.card, at: h.clock.now().toISOString(), lines: [{ plu: p!.plu, quantity: 40, price: Number(p!.price) }] },
      ];
      const sent = await h.call('POST', '/api/v1/pos/sales', { body: { transactions, signature: signWebhook(POS_SECRET, posSalesSignedText(transactions)) } });
      expect(sent.statusCode, sent.body).toBe(200);
    });

    const used = (query: string, token = superAdmin) => get<Page<VoucherUsedLogRow>>(`/api/v1/voucher-used-logs?${query}`, token);

    it('lists each redemption with its voucher masked, order, receipt, store, amount and the receipt’s consumer', async () => {
      const page = await used(`search=${barcode}`);
      expect(page.data).toHaveLength(1);
      const row = page.data[0]!;
      expect(row).toMatchObject({
        masked_code: `${barcode.slice(0, 4)} •••• •••• ${barcode.slice(-4)}`,
        store_id: store.id,
        store_code: store.code,
        pos_ref: 'HEIMDAL-PAY-1',
        pos_transaction_no: 'TRX-HEIMDAL-1',
        consumer_id: consumer.id,
        consumer_name: 'Wati Belanja',
        consumer_phone: consumer.phone,
        personal_masked: false,
      });
      expect([50_000, 100_000, 250_000, 500_000]).toContain(row.denomination);
      expect(JSON.stringify(page)).not.toContain(barcode);
      const detail = await get<VoucherUsedLogDetail>(`/api/v1/voucher-used-logs/${row.id}`);
      expect(detail).toMatchObject({ id: row.id, order_number: row.order_number, receipt: { transaction_id: 'TRX-HEIMDAL-1', store_code: store.code, card_scanned: true, channel: 1 } });
      expect(detail.receipt!.lines).toHaveLength(1);
      expect(detail.receipt!.total).toBe(detail.receipt!.lines[0]!.amount);
      expect(detail.valid_until).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      // Without the personal-data right the consumer's phone is masked.
      const masked = await get<VoucherUsedLogDetail>(`/api/v1/voucher-used-logs/${row.id}`, operator);
      expect(masked).toMatchObject({ personal_masked: true, consumer_name: 'Wati Belanja' });
      expect(masked.consumer_phone).toContain('*');
      // A voucher never used is no redemption.
      const [unused] = await queryRows<{ id: number }>(db(), sql`select id from vouchers where used_at is null order by id limit 1`);
      expect((await h.call('GET', `/api/v1/voucher-used-logs/${unused!.id}`, { token: superAdmin })).statusCode).toBe(404);
    });

    it('filters by consumer, store, partner, period and search, and its pickers answer', async () => {
      const mine = await used(`consumer_id=${consumer.id}`);
      expect(mine.data.map((r) => r.pos_transaction_no)).toEqual(['TRX-HEIMDAL-1']);
      const row = mine.data[0]!;
      expect((await used(`search=TRX-HEIMDAL-1`)).data.map((r) => r.id)).toEqual([row.id]);
      expect((await used(`search=${row.order_number.toLowerCase()}&limit=100`)).data.every((r) => r.order_id === row.order_id)).toBe(true);
      expect((await used(`store_id=${store.id}&limit=100`)).data.every((r) => r.store_id === store.id)).toBe(true);
      expect((await used(`partner_id=${row.partner_id}&consumer_id=${consumer.id}`)).meta.total).toBe(1);
      const today = jakartaDay(h.clock.now());
      expect((await used(`consumer_id=${consumer.id}&date_from=${today}&date_until=${today}`)).meta.total).toBe(1);
      expect((await used(`consumer_id=${consumer.id}&date_until=2020-01-01`)).meta.total).toBe(0);
      const all = await used('limit=5');
      expect(all.meta.total).toBeGreaterThan(1);
      const times = all.data.map((r) => r.used_at);
      expect([...times].sort().reverse()).toEqual(times);
      const stores = await get<VoucherUsedLogOption[]>(`/api/v1/voucher-used-logs/stores?search=${store.code}`);
      expect(stores.map((s) => s.id)).toContain(store.id);
      expect((await get<VoucherUsedLogOption[]>(`/api/v1/voucher-used-logs/partners?search=${row.partner_code}`)).map((p) => p.id)).toContain(row.partner_id);
      for (const q of ['store_id=0', 'date_from=2026-13-01', `date_from=${today}&date_until=2020-01-01`, 'sort_by=denomination', 'partner_id=x']) {
        expect((await h.call('GET', `/api/v1/voucher-used-logs?${q}`, { token: superAdmin })).statusCode, q).toBe(400);
      }
    });

    it('exports the redemptions with the whole barcode and the phone masked as on screen', async () => {
      const file = await h.call('GET', `/api/v1/voucher-used-logs/export?format=csv&consumer_id=${consumer.id}`, { token: operator });
      expect(file.statusCode, file.body).toBe(200);
      expect(String(file.headers['content-disposition'])).toMatch(/Export-voucher_used_log_\d{8}_\d{6}\.csv/);
      const [header, ...rows] = parse(file.body.slice(1)) as string[][];
      expect(rows).toHaveLength(1);
      const cell = (name: string) => rows[0]![header!.indexOf(name)];
      expect(cell('Voucher Barcode')).toBe(barcode);
      expect(cell('POS Transaction')).toBe('TRX-HEIMDAL-1');
      expect(cell('Consumer Name')).toBe('Wati Belanja');
      expect(cell('Phone Number')).toContain('*');
      expect(Number(cell('Amount (Rp)'))).toBeGreaterThan(0);
      expect((await h.call('GET', `/api/v1/voucher-used-logs/export?format=csv`, { token: looker })).statusCode).toBe(403);
    });
  });
});
