/** Indonesian texts of the Digital Coupon screens (English defaults live in the views and screens). */
const FIELDS_ID: Record<string, string> = {
  name: 'Nama',
  status: 'Status',
  description: 'Deskripsi',
  coupon_type: 'Tipe Kupon',
  promo_type: 'Tipe Promo',
  discount: 'Diskon',
  discount_value: 'Diskon',
  max_discount: 'Diskon Maksimum',
  min_purchase: 'Minimum Pembelian',
  budget: 'Anggaran',
  start_date: 'Tanggal Mulai',
  end_date: 'Tanggal Berakhir',
  quota: 'Kuota',
  claimed: 'Diklaim',
  limit_per_consumer: 'Batas per Konsumen',
  products: 'Kupon Produk',
  targeting: 'Penargetan',
  member_scope: 'Cakupan Member',
  consumer_tag_ids: 'Tag Konsumen',
  province_codes: 'Wilayah',
  audience: 'Perkiraan Audiens',
  estimate: 'Perkiraan Audiens',
  active_on: 'Aktif Pada',
  product_sku: 'SKU Produk',
  product_name: 'Nama Produk',
  supplier: 'Pemasok',
  normal_price: 'Harga Normal',
  coupon_amount: 'Nilai Kupon',
  created_by_name: 'Dibuat Oleh',
  created_at: 'Dibuat Pada',
  updated_by_name: 'Diubah Oleh',
  updated_at: 'Diubah Pada',
};

const id: Record<string, string> = {
  ...Object.fromEntries(Object.entries(FIELDS_ID).map(([k, v]) => [`loyalty.coupon.fields.${k}`, v])),
  'loyalty.coupon.title': 'Pengaturan Kupon',
  'loyalty.coupon.search': 'Cari nama kupon',
  'loyalty.coupon.sections.general': 'Pengaturan Kupon',
  'loyalty.coupon.sections.audience': 'Audiens',
  'loyalty.coupon.sections.products': 'Kupon Produk',
  'loyalty.coupon.help.discount_value': 'Persen (1-100) untuk persentase, Rupiah untuk nominal',
  'loyalty.coupon.help.max_discount': 'Hanya persentase: potongan paling besar',
  'loyalty.coupon.help.quota': 'Jumlah kupon yang dapat diklaim seluruhnya',
  'loyalty.coupon.help.products': 'Hanya per PLU: produk dan potongan kupon untuk masing-masing',
  'loyalty.coupon.help.consumer_tag_ids': 'Hanya tertarget',
  'loyalty.coupon.help.province_codes': 'Hanya tertarget',
  'loyalty.coupon.productN': 'Produk {{n}}',
  'loyalty.coupon.supplierN': 'Pemasok produk {{n}}',
  'loyalty.coupon.amountN': 'Nilai kupon produk {{n}}',
  'loyalty.coupon.addProduct': 'Tambah produk',
  'loyalty.coupon.upTo': 'maks. {{max}}',
  'A percentage discount is 1 to 100': 'Diskon persentase antara 1 sampai 100',
  'A percentage discount needs a maximum discount in Rupiah': 'Diskon persentase membutuhkan diskon maksimum dalam Rupiah',
  'A by-PLU coupon needs at least one product': 'Kupon per PLU membutuhkan paling sedikit satu produk',
  'Only a by-PLU coupon has products': 'Hanya kupon per PLU yang memiliki produk',
  'The limit per consumer cannot be above the quota': 'Batas per konsumen tidak boleh melebihi kuota',
};

const LOG_FIELDS_ID: Record<string, string> = {
  coupon_code: 'Kode Kupon',
  coupon_id: 'ID Kupon',
  name: 'Nama',
  claimed_date: 'Tanggal Klaim',
  consumer_name: 'Nama Konsumen',
  phone_number: 'Nomor Telepon',
  email: 'E-mail',
  app_card_id: 'ID Kartu Aplikasi',
  physical_card_id: 'ID Kartu Fisik',
  redemption_date: 'Tanggal Penukaran',
  expires_at: 'Berlaku Hingga',
  store: 'Toko',
  store_id: 'Toko',
  status: 'Status',
  pos_receipt_no: 'Struk POS',
  claimed_from: 'Tanggal Klaim',
};
for (const [k, v] of Object.entries(LOG_FIELDS_ID)) id[`loyalty.couponLog.fields.${k}`] = v;
id['loyalty.couponLog.title'] = 'Log Kupon';
id['loyalty.couponLog.search'] = 'Cari kode kupon atau nama konsumen';
id['loyalty.couponLog.sections.claim'] = 'Klaim Kupon';
id['loyalty.couponLog.sections.consumer'] = 'Konsumen';
id['loyalty.couponLog.fields.coupon_id'] = 'Kupon';

export const couponsI18n = { en: {} as Record<string, string>, id };
