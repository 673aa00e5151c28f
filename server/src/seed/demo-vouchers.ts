import { sql } from 'drizzle-orm';
import {
  creditLimitBody,
  jakartaDay,
  partnerCreateBody,
  partnerPeriodBody,
  voucherProductCreateBody,
  type PartnerCreate,
  type PartnerPeriodCreate,
  type VoucherProductCreate,
} from '@portal/contract';
import { queryRows, type Db } from '../db/client.ts';
import type { AuditContext } from '../platform/audit.ts';
import { VoucherProductService } from '../domains/vouchers/voucher-product.resource.ts';
import { partnerServices } from '../domains/vouchers/partner.routes.ts';

const TERMS = [
  'Berlaku untuk pembelanjaan di toko yang tercantum, tidak dapat diuangkan dan tidak dapat digabung dengan voucher lain.',
  'Satu voucher untuk satu transaksi; sisa nilai voucher tidak dapat dikembalikan.',
].join('\n');

/** Demo voucher products made by the service (as the CMS admin): the denominations business clients order most, one for a few stores only, one withdrawn. */
export async function seedVoucherProducts(db: Db, now = new Date()): Promise<void> {
  if ((await queryRows(db, sql`select 1 from voucher_products limit 1`)).length) return;
  const [admin] = await queryRows<{ id: number; name: string }>(db, sql`select id, name from users where username = 'admin.cms'`);
  if (!admin) return;
  const ctx: AuditContext = { actor: { userId: Number(admin.id), name: admin.name }, ip: null, now };
  const chosen = (await queryRows<{ id: number }>(db, sql`select id from stores where status = 1 order by id limit 3`)).map((s) => Number(s.id));
  const bodies: VoucherProductCreate[] = [
    { voucher_code: 'EV50K', name: 'E-Voucher Belanja Rp 50.000', denomination: 50_000, validity_days: 365, terms: TERMS, description: 'Hadiah karyawan dan pelanggan', status: 1 },
    { voucher_code: 'EV100K', name: 'E-Voucher Belanja Rp 100.000', denomination: 100_000, validity_days: 365, terms: TERMS, description: null, status: 1 },
    { voucher_code: 'EV250K', name: 'E-Voucher Belanja Rp 250.000', denomination: 250_000, validity_days: 180, terms: TERMS, description: 'Paket Lebaran', status: 1 },
    { voucher_code: 'EV500K-JKT', name: 'E-Voucher Rp 500.000 (toko pilihan)', denomination: 500_000, validity_days: 90, terms: TERMS, description: 'Hanya di toko yang dipilih', store_ids: chosen, status: 1 },
    { voucher_code: 'EV25K-OLD', name: 'E-Voucher Rp 25.000 (tidak dijual lagi)', denomination: 25_000, validity_days: 30, terms: TERMS, description: null, status: 2 },
  ];
  const products = new VoucherProductService(db);
  for (const body of bodies) await products.create(voucherProductCreateBody.parse(body), ctx);
}

/** A demo partner: the company, its PIC's username, its cooperation periods (days from today) and its credit limit. */
interface DemoPartner {
  body: Omit<PartnerCreate, 'pic_user_id'>;
  pic: string;
  /** Each agreement's number is `PKS/<code>/<year it starts>/<no>`; its days are counted from today. */
  periods: (Pick<PartnerPeriodCreate, 'note'> & { no: string; from: number; to: number })[];
  creditLimit: number;
}

const DEMO_PARTNERS: DemoPartner[] = [
  {
    body: {
      partner_code: 'NKM',
      name: 'PT Nusantara Karya Mandiri',
      npwp: '01.318.526.4-012.000',
      address: 'Jl. Jend. Sudirman Kav. 52-53, Senayan, Kebayoran Baru, Jakarta Selatan 12190',
      email: 'procurement@nusantarakarya.co.id',
      phone: '021-5150123',
      contact_name: 'Rina Kusumawati',
      contact_email: 'rina.kusumawati@nusantarakarya.co.id',
      contact_phone: '0812-8765-4321',
      status: 1,
    },
    pic: 'admin.cms',
    periods: [
      { no: '017', from: -540, to: -176, note: 'Hadiah karyawan akhir tahun' },
      { no: '031', from: -175, to: 190, note: 'Perpanjangan, termasuk paket Lebaran' },
    ],
    creditLimit: 250_000_000,
  },
  {
    body: {
      partner_code: 'BHL',
      name: 'PT Bumi Hijau Lestari',
      npwp: '0021.4567.8901.3000',
      address: 'Jl. Asia Afrika No. 133-137, Braga, Sumur Bandung, Kota Bandung 40112',
      email: 'finance@bumihijau.co.id',
      phone: '(022) 4230 456',
      contact_name: 'Hendra Gunawan',
      contact_email: 'hendra.gunawan@bumihijau.co.id',
      contact_phone: '+62 813-2211-4455',
      status: 1,
    },
    pic: 'admin.cms',
    periods: [{ no: '044', from: -60, to: 305, note: null }],
    creditLimit: 50_000_000,
  },
  {
    body: {
      partner_code: 'MSA',
      name: 'CV Mitra Sentosa Abadi',
      npwp: '02.765.431.9-614.000',
      address: 'Jl. Raya Darmo No. 88, Keputran, Tegalsari, Surabaya 60265',
      email: 'admin@mitrasentosa.id',
      phone: '031-5678912',
      contact_name: 'Yohanes Setiawan',
      contact_email: 'yohanes@mitrasentosa.id',
      contact_phone: '0857-3344-1122',
      status: 1,
    },
    pic: 'cs.agent',
    periods: [{ no: '009', from: -400, to: -35, note: 'Belum diperpanjang' }],
    creditLimit: 0,
  },
  {
    body: {
      partner_code: 'ADI',
      name: 'PT Angkasa Digital Indonesia',
      npwp: '03.112.908.7-901.000',
      address: 'Jl. Bypass Ngurah Rai No. 21, Sanur, Denpasar Selatan, Bali 80228',
      email: 'hello@angkasadigital.co.id',
      phone: '0361-287654',
      contact_name: 'Ni Luh Putu Ayu',
      contact_email: 'putu.ayu@angkasadigital.co.id',
      contact_phone: '0811-3900-2211',
      status: 1,
    },
    pic: 'admin.cms',
    periods: [{ no: '052', from: -10, to: 355, note: 'Program loyalitas pelanggan' }],
    creditLimit: 0,
  },
];

/**
 * Demo partners made by the services (as the CMS admin): four companies, each with its cooperation periods around
 * today (one's has ended, the others run), two given a credit limit on the Credit Limit screen.
 */
export async function seedVoucherPartners(db: Db, now = new Date()): Promise<void> {
  if ((await queryRows(db, sql`select 1 from partners limit 1`)).length) return;
  const users = await queryRows<{ id: number; username: string; name: string }>(db, sql`select id, username, name from users where username in ('admin.cms', 'cs.agent')`);
  const idOf = (username: string) => Number(users.find((u) => u.username === username)?.id);
  const admin = users.find((u) => u.username === 'admin.cms');
  if (!admin) return;
  const ctx: AuditContext = { actor: { userId: Number(admin.id), name: admin.name }, ip: null, now };
  const day = (offset: number) => jakartaDay(new Date(now.getTime() + offset * 86_400_000));
  const s = partnerServices(db);
  for (const p of DEMO_PARTNERS) {
    const made = await s.partners.create(partnerCreateBody.parse({ ...p.body, pic_user_id: idOf(p.pic) || idOf('admin.cms') }), ctx);
    for (const { no, from, to, note } of p.periods) {
      const agreement = `PKS/${made.partner_code}/${day(from).slice(0, 4)}/${no}`;
      await s.periods.add(made.id, partnerPeriodBody.parse({ agreement_no: agreement, starts_on: day(from), ends_on: day(to), note }), ctx);
    }
    if (p.creditLimit) await s.creditLimits.update(made.id, creditLimitBody.parse({ credit_limit: p.creditLimit, version: made.version }), ctx);
  }
}
