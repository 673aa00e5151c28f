import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { jakartaDay, VOUCHER_ORDER_OPEN_CREDIT, type CreditLimitRow, type PartnerDetail, type PartnerRow } from '@portal/contract';
import { queryRows } from '../../db/client.ts';
import { auditEntries } from '../../../test/audit-log.ts';
import { useHarness } from '../../../test/harness.ts';
import { createStaff } from '../../../test/staff.ts';

type Page<R> = { data: { data: R[]; meta: { total: number } } };
type Problem = { message: string; details?: { path: string; message: string }[] };

const LIST = '/api/v1/partners';
const day = (offset: number) => jakartaDay(new Date(Date.now() + offset * 86_400_000));

/** Partner Management and Credit Limit through HTTP: the demo's partners, rights, validation, periods, credit in use. */
describe('partners and credit limits', () => {
  const h = useHarness();
  const db = () => h.testDb.database.db;
  let admin: string;
  let viewer: string;
  let none: string;
  let partnerEditor: string;
  let adminId: number;
  let csAgentId: number;

  beforeAll(async () => {
    admin = await h.tokenOf('admin.cms');
    viewer = await h.tokenOf('viewer');
    none = await h.tokenOf('no.access');
    await createStaff(db(), 'partner.editor', [
      { entry: 'cms.voucher-digital/partner-management', action: 'view' },
      { entry: 'cms.voucher-digital/partner-management', action: 'edit' },
      { entry: 'cms.method-of-payment/credit-limit', action: 'view' },
    ]);
    partnerEditor = await h.tokenOf('partner.editor');
    const users = await queryRows<{ id: number; username: string }>(db(), sql`select id, username from users where username in ('admin.cms', 'cs.agent')`);
    adminId = Number(users.find((u) => u.username === 'admin.cms')?.id);
    csAgentId = Number(users.find((u) => u.username === 'cs.agent')?.id);
  });

  const body = (over: Record<string, unknown> = {}) => ({
    partner_code: 'sjp-01',
    name: 'PT Sentosa Jaya Perkasa',
    npwp: '01.234.567.8-901.000',
    address: 'Jl. Gatot Subroto Kav. 18, Kuningan, Jakarta Selatan 12950',
    email: 'Finance@SentosaJaya.co.id',
    phone: '(021) 520-1234',
    contact_name: 'Dian Permata',
    contact_email: 'dian.permata@sentosajaya.co.id',
    contact_phone: '+62 812-1234-5678',
    pic_user_id: adminId,
    status: 1,
    ...over,
  });
  const get = async <R,>(url: string, token = viewer) => (await h.call('GET', url, { token })).json<{ data: R }>().data;

  it('lists the demo partners made by the services: searchable, filtered by status and PIC, sorted, with credit and the running period', async () => {
    const all = await get<Page<PartnerRow>['data']>(`${LIST}?limit=50&sort_by=partner_code&sort_dir=asc`);
    expect(all.data.map((r) => r.partner_code)).toEqual(['ADI', 'BHL', 'MSA', 'NKM']);
    expect(all.meta.total).toBe(4);
    const nkm = all.data.find((r) => r.partner_code === 'NKM')!;
    expect(nkm).toMatchObject({ name: 'PT Nusantara Karya Mandiri', npwp: '013185264012000', phone: '0215150123', pic_user_name: 'Budi Santoso', credit_limit: 250_000_000, credit_available: 250_000_000 });
    // NKM's second agreement runs today; MSA's only one has ended.
    expect(nkm.period_ends_on).toBe(day(190));
    expect(all.data.find((r) => r.partner_code === 'MSA')?.period_ends_on).toBeNull();

    const found = await get<Page<PartnerRow>['data']>(`${LIST}?search=hijau`);
    expect(found.data.map((r) => r.partner_code)).toEqual(['BHL']);
    const byCode = await get<Page<PartnerRow>['data']>(`${LIST}?search=adi`);
    expect(byCode.data.map((r) => r.partner_code).sort()).toEqual(['ADI', 'MSA']);
    const ofCs = await get<Page<PartnerRow>['data']>(`${LIST}?pic_user_id=${csAgentId}`);
    expect(ofCs.data.map((r) => r.partner_code)).toEqual(['MSA']);
    const inactive = await get<Page<PartnerRow>['data']>(`${LIST}?status=2`);
    expect(inactive.meta.total).toBe(0);
    const byName = await get<Page<PartnerRow>['data']>(`${LIST}?sort_by=name&sort_dir=desc`);
    expect(byName.data.map((r) => r.name)).toEqual(['PT Nusantara Karya Mandiri', 'PT Bumi Hijau Lestari', 'PT Angkasa Digital Indonesia', 'CV Mitra Sentosa Abadi']);

    const detail = await get<PartnerDetail>(`${LIST}/${nkm.id}`);
    expect(detail.periods.map((p) => [p.agreement_no, p.starts_on, p.ends_on, p.created_by_name])).toEqual([
      // Each demo agreement is numbered with the year it starts.
      [`PKS/NKM/${day(-175).slice(0, 4)}/031`, day(-175), day(190), 'Budi Santoso'],
      [`PKS/NKM/${day(-540).slice(0, 4)}/017`, day(-540), day(-176), 'Budi Santoso'],
    ]);

    const limits = await get<Page<CreditLimitRow>['data']>('/api/v1/credit-limits?has_limit=true&sort_by=credit_limit&sort_dir=desc');
    expect(limits.data.map((r) => [r.partner_code, r.credit_limit])).toEqual([
      ['NKM', 250_000_000],
      ['BHL', 50_000_000],
    ]);
    const pics = await get<{ id: number; name: string }[]>('/api/v1/partners/pic-options?search=budi');
    expect(pics.map((u) => u.name)).toEqual(['Budi Santoso']);
  });

  it('refuses without a session (401), without the right (403), a viewer’s writes and a partner editor’s credit limit (403)', async () => {
    expect((await h.call('GET', LIST)).statusCode).toBe(401);
    expect((await h.call('GET', LIST, { token: none })).statusCode).toBe(403);
    expect((await h.call('GET', '/api/v1/credit-limits', { token: none })).statusCode).toBe(403);
    expect((await h.call('POST', LIST, { token: viewer, body: body() })).statusCode).toBe(403);
    const [demo] = (await get<Page<PartnerRow>['data']>(LIST)).data;
    expect((await h.call('POST', `${LIST}/${demo!.id}/periods`, { token: viewer, body: { agreement_no: 'X-1', starts_on: day(900), ends_on: day(901) } })).statusCode).toBe(403);
    // Partner edit is not credit-limit edit: the editor reads the limits, cannot change one.
    expect((await h.call('GET', '/api/v1/credit-limits', { token: partnerEditor })).statusCode).toBe(200);
    const refused = await h.call('PUT', `/api/v1/credit-limits/${demo!.id}`, { token: partnerEditor, body: { credit_limit: 1_000_000, version: demo!.version } });
    expect(refused.statusCode).toBe(403);
    // Nor may it create a partner (create is its own right).
    expect((await h.call('POST', LIST, { token: partnerEditor, body: body({ partner_code: 'EDITOR-1' }) })).statusCode).toBe(403);
  });

  it('names each field a body gets wrong (400)', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ partner_code: 'SJP 01' }, 'partner_code', 'letters, digits'],
      [{ npwp: '01.234.567' }, 'npwp', '15 or 16 digits'],
      [{ email: 'finance@' }, 'email', 'Company e-mail is not valid'],
      [{ contact_email: 'dian' }, 'contact_email', 'Contact e-mail is not valid'],
      [{ phone: '12345' }, 'phone', 'Indonesian phone number'],
      [{ contact_phone: '+1 415 555 0100' }, 'contact_phone', 'Indonesian phone number'],
      [{ pic_user_id: undefined }, 'pic_user_id', 'PIC is required'],
      [{ pic_user_id: 999_999 }, 'pic_user_id', 'active staff user'],
      [{ address: '' }, 'address', 'Address'],
      [{ credit_limit: 5_000_000 }, '', 'credit_limit'],
    ];
    for (const [over, path, text] of cases) {
      const res = await h.call('POST', LIST, { token: admin, body: body(over) });
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      const problem = res.json<Problem>();
      if (path) expect(problem.details?.find((d) => d.path === path)?.message, JSON.stringify(over)).toContain(text);
      else expect(JSON.stringify(problem), JSON.stringify(over)).toContain(text);
    }
    const [demo] = (await get<Page<PartnerRow>['data']>(LIST)).data;
    const backwards = await h.call('POST', `${LIST}/${demo!.id}/periods`, { token: admin, body: { agreement_no: 'PKS/X/1', starts_on: day(800), ends_on: day(799) } });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json<Problem>().details?.find((d) => d.path === 'ends_on')?.message).toBe('End date cannot be before the start date');
    const tooHigh = await h.call('PUT', `/api/v1/credit-limits/${demo!.id}`, { token: admin, body: { credit_limit: 100_000_000_001, version: demo!.version } });
    expect(tooHigh.statusCode).toBe(400);
    expect(tooHigh.json<Problem>().details?.find((d) => d.path === 'credit_limit')?.message).toBe('Credit limit is at most Rp 100.000.000.000');
  });

  it('creates with its code in capitals and its numbers tidied, refuses a code taken in any case (409), edits with its version and refuses a stale one (409)', async () => {
    const made = await h.call('POST', LIST, { token: admin, body: body() });
    expect(made.statusCode, made.body).toBe(200);
    const row = made.json<{ data: PartnerDetail }>().data;
    expect(row).toMatchObject({
      partner_code: 'SJP-01',
      npwp: '012345678901000',
      email: 'finance@sentosajaya.co.id',
      phone: '0215201234',
      contact_phone: '081212345678',
      pic_user_name: 'Budi Santoso',
      credit_limit: 0,
      credit_used: 0,
      period_ends_on: null,
      periods: [],
      created_by_name: 'Budi Santoso',
    });

    const taken = await h.call('POST', LIST, { token: admin, body: body({ partner_code: 'Sjp-01' }) });
    expect(taken.statusCode).toBe(409);
    expect(taken.json<Problem>().details?.[0]).toMatchObject({ path: 'partner_code', message: 'Partner code SJP-01 is already used' });

    // The partner editor (edit, no create) changes the PIC; the admin's edit with the old version is then stale.
    const edit = body({ partner_code: 'SJP-01', pic_user_id: csAgentId, npwp: null, version: row.version });
    const edited = await h.call('PUT', `${LIST}/${row.id}`, { token: partnerEditor, body: edit });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<{ message: string; data: PartnerRow }>()).toMatchObject({ message: 'Edit Data Successful', data: { npwp: null, pic_user_id: csAgentId, version: row.version + 1 } });
    const stale = await h.call('PUT', `${LIST}/${row.id}`, { token: admin, body: edit });
    expect(stale.statusCode).toBe(409);

    const audit = await auditEntries(db(), sql`entity = 'partner' and entity_id = ${String(row.id)}`);
    expect(audit.map((a) => a.action)).toEqual(['create', 'update']);
    expect(audit[1]).toMatchObject({ actorName: 'partner.editor', before: { pic_user_id: adminId }, after: { pic_user_id: csAgentId, npwp: null } });
  });

  it('adds cooperation periods with the spec’s message and an audit entry, refuses an overlapping one (422) and an agreement recorded twice (409)', async () => {
    const made = (await h.call('POST', LIST, { token: admin, body: body({ partner_code: 'PRD-01', name: 'PT Periode Uji' }) })).json<{ data: PartnerDetail }>().data;
    const url = `${LIST}/${made.id}/periods`;
    const first = await h.call('POST', url, { token: partnerEditor, body: { agreement_no: 'PKS/PRD/2026/001', starts_on: day(-30), ends_on: day(334), note: 'Kontrak tahun pertama' } });
    expect(first.statusCode, first.body).toBe(200);
    const added = first.json<{ message: string; data: PartnerDetail }>();
    expect(added.message).toBe('Add Period successful');
    expect(added.data.period_ends_on).toBe(day(334));
    expect(added.data.periods).toMatchObject([{ agreement_no: 'PKS/PRD/2026/001', starts_on: day(-30), ends_on: day(334), note: 'Kontrak tahun pertama', created_by_name: 'partner.editor' }]);
    // Adding a period changes no field of the partner: an edit form opened before it stays current.
    expect(added.data.version).toBe(made.version);

    // The next one may start the day after; one reaching into the first is refused, naming the first and its days.
    const next = await h.call('POST', url, { token: admin, body: { agreement_no: 'PKS/PRD/2027/002', starts_on: day(335), ends_on: day(699) } });
    expect(next.statusCode, next.body).toBe(200);
    expect(next.json<{ data: PartnerDetail }>().data.periods.map((p) => p.agreement_no)).toEqual(['PKS/PRD/2027/002', 'PKS/PRD/2026/001']);
    const overlap = await h.call('POST', url, { token: admin, body: { agreement_no: 'PKS/PRD/2026/009', starts_on: day(300), ends_on: day(310) } });
    expect(overlap.statusCode).toBe(422);
    expect(overlap.json<Problem>().message).toMatch(/overlaps agreement PKS\/PRD\/2026\/001 \(\d{2}\/[A-Z][a-z]{2}\/\d{4} – \d{2}\/[A-Z][a-z]{2}\/\d{4}\)/);
    const twice = await h.call('POST', url, { token: admin, body: { agreement_no: 'pks/prd/2026/001', starts_on: day(900), ends_on: day(901) } });
    expect(twice.statusCode).toBe(409);
    expect((await h.call('POST', `${LIST}/999999/periods`, { token: admin, body: { agreement_no: 'X', starts_on: day(1), ends_on: day(2) } })).statusCode).toBe(404);

    const audit = await auditEntries(db(), sql`entity = 'partner' and entity_id = ${String(made.id)} and action = 'add-period'`);
    expect(audit).toHaveLength(2);
    expect(audit[0]).toMatchObject({ actorName: 'partner.editor', after: { period: { agreement_no: 'PKS/PRD/2026/001', starts_on: day(-30), ends_on: day(334) } } });
    const periods = await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from partner_periods where partner_id = ${made.id}`);
    expect(Number(periods[0]?.n)).toBe(2);
  });

  it('counts open credit orders as used, sets the limit with its version (audited), refuses a stale one (409)', async () => {
    const made = (await h.call('POST', LIST, { token: admin, body: body({ partner_code: 'CRD-01', name: 'PT Kredit Uji' }) })).json<{ data: PartnerDetail }>().data;
    // Orders straight into the table: credit ones open and closed, and a transfer one, which uses no credit.
    const orders: [string, 'credit' | 'transfer', number][] = [
      ['new', 'credit', 10_000_000],
      ['waiting_for_payment', 'credit', 2_500_000],
      ['on_payment_verification', 'credit', 500_000],
      ['done', 'credit', 7_000_000],
      ['pic_rejected', 'credit', 4_000_000],
      ['new', 'transfer', 9_000_000],
    ];
    for (const [i, [status, method, total]] of orders.entries()) {
      await db().execute(
        sql`insert into voucher_orders (order_number, partner_id, status, payment_method, total_amount, voucher_count) values (${`T-CRD-${i}`}, ${made.id}, ${status}, ${method}, ${total}, 10)`,
      );
    }
    const used = orders.filter(([s, m]) => m === 'credit' && VOUCHER_ORDER_OPEN_CREDIT.includes(s as 'new')).reduce((n, [, , t]) => n + t, 0);
    expect(used).toBe(13_000_000);
    const url = `/api/v1/credit-limits/${made.id}`;

    const set = await h.call('PUT', url, { token: admin, body: { credit_limit: 20_000_000, version: made.version } });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json<{ message: string; data: CreditLimitRow }>()).toMatchObject({ message: 'Edit Data Successful', data: { credit_limit: 20_000_000, credit_used: used, credit_available: 7_000_000, version: made.version + 1 } });
    const listed = await get<Page<CreditLimitRow>['data']>('/api/v1/credit-limits?search=CRD-01');
    expect(listed.data).toMatchObject([{ partner_code: 'CRD-01', credit_limit: 20_000_000, credit_used: used, credit_available: 7_000_000 }]);
    const partner = await get<PartnerDetail>(`${LIST}/${made.id}`);
    expect(partner).toMatchObject({ credit_limit: 20_000_000, credit_used: used, credit_available: 7_000_000 });

    // A limit lowered below what is in use leaves a negative availability: no new credit order fits.
    const lowered = await h.call('PUT', url, { token: admin, body: { credit_limit: 10_000_000, version: made.version + 1 } });
    expect(lowered.json<{ data: CreditLimitRow }>().data.credit_available).toBe(-3_000_000);
    const stale = await h.call('PUT', url, { token: admin, body: { credit_limit: 30_000_000, version: made.version + 1 } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<Problem>().message).toContain('Budi Santoso');

    const audit = await auditEntries(db(), sql`entity = 'partner' and entity_id = ${String(made.id)} and action = 'update'`);
    expect(audit.map((a) => [(a.before as { credit_limit: number }).credit_limit, (a.after as { credit_limit: number }).credit_limit])).toEqual([
      [0, 20_000_000],
      [20_000_000, 10_000_000],
    ]);
  });
});
