import { sql } from 'drizzle-orm';
import { voucherProductCreateBody, type VoucherProductCreate } from '@portal/contract';
import { queryRows, type Db } from '../db/client.ts';
import type { AuditContext } from '../platform/audit.ts';
import { VoucherProductService } from '../domains/vouchers/voucher-product.resource.ts';

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
