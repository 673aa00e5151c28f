import { voucherDocumentsI18n } from './voucher-documents.i18n.ts';

/** Indonesian texts of the e-voucher screens (English defaults live in the views). */
const PRODUCT_ID: Record<string, string> = {
  voucher_code: 'Kode Voucher',
  name: 'Nama',
  denomination: 'Nominal',
  validity_days: 'Masa Berlaku (hari)',
  terms: 'Syarat & Ketentuan',
  description: 'Deskripsi',
  store_ids: 'Toko',
  status: 'Status',
  created_by_name: 'Dibuat Oleh',
  created_at: 'Dibuat Pada',
  updated_by_name: 'Diubah Oleh',
  updated_at: 'Diubah Pada',
};
const prefixed = (prefix: string, texts: Record<string, string>) => Object.fromEntries(Object.entries(texts).map(([k, v]) => [`${prefix}.fields.${k}`, v]));

const id: Record<string, string> = {
  // The detail's Documents section shows some of them too.
  ...voucherDocumentsI18n.id,
  ...prefixed('voucher.product', PRODUCT_ID),
  'voucher.product.title': 'Voucher',
  'voucher.product.search': 'Cari nama atau kode voucher',
  'voucher.product.sections.general': 'Voucher',
  'voucher.product.sections.stores': 'Toko',
  'voucher.product.help.voucher_code': 'Huruf, angka, titik, tanda hubung dan garis bawah; disimpan dalam huruf kapital',
  'voucher.product.help.denomination': 'Nilai satu voucher di kasir: Rp 10.000 sampai Rp 10.000.000, kelipatan seribu',
  'voucher.product.help.validity_days': 'Dihitung sejak hari voucher dirilis, hari itu termasuk',
  'voucher.product.help.terms': 'Dicetak pada setiap voucher',
  'voucher.product.help.store_ids': 'Tempat voucher dapat dipakai; kosong: semua toko',
};

export const vouchersI18n = { en: {} as Record<string, string>, id };
