/** Indonesian texts of pandora's E-voucher Reports (English defaults live in the views and screens). */
const fields = (prefix: string, texts: Record<string, string>) => Object.fromEntries(Object.entries(texts).map(([k, v]) => [`${prefix}.fields.${k}`, v]));

const PARTNER_PRODUCT = { partner: 'Mitra', partner_name: 'Mitra', partner_id: 'Mitra', voucher: 'Voucher', voucher_name: 'Voucher' };
const PERIOD = { date_from: 'Tanggal' };

const id: Record<string, string> = {
  'voucher.reports.period': 'Periode {{from}} – {{to}}',
  'voucher.reports.released': 'Dirilis',
  'voucher.reports.used': 'Terpakai',
  'voucher.reports.expired': 'Kedaluwarsa',
  'voucher.reports.outstandingOn': 'Beredar pada {{day}}',
  'voucher.reports.flowNote':
    'Setiap angka menghitung kejadian pada hari-hari periode: dirilis pada hari rilisnya; terpakai pada hari ditukarkan di toko, kapan pun dirilis; kedaluwarsa pada hari setelah hari terakhir berlakunya, tanpa dipakai, sampai hari ini. Beredar: sudah dirilis dan belum terpakai maupun kedaluwarsa pada akhir hari itu. Filter status hanya menyaring daftar.',

  'voucher.report.title': 'Laporan Voucher',
  ...fields('voucher.report', {
    masked_code: 'Barcode Voucher',
    voucher_name: 'Voucher',
    denomination: 'Nominal',
    partner_name: 'Mitra',
    partner_id: 'Mitra',
    order_number: 'Nomor Pesanan',
    released_at: 'Dirilis Pada',
    valid_until: 'Berlaku Sampai',
    status: 'Status',
    used_at: 'Dipakai Pada',
    used_store_code: 'Toko',
  }),
  'voucher.report.filters.date_from': 'Tanggal Rilis',

  'voucher.outstanding.title': 'Laporan Voucher Beredar',
  ...fields('voucher.outstanding', { ...PARTNER_PRODUCT, as_of: 'Per Tanggal', outstanding_count: 'Voucher Beredar', outstanding_value: 'Nilai Beredar' }),
  'voucher.outstanding.asOf': 'Pada akhir {{day}}',
  'voucher.outstanding.note':
    'Voucher yang dirilis sampai akhir hari itu dan belum dipakai di toko maupun kedaluwarsa: kewajiban jaringan toko kepada pemegang voucher mitra, sebesar nominal tiap voucher.',

  'voucher.salesRedeem.title': 'Laporan Penjualan & Penukaran Voucher',
  ...fields('voucher.salesRedeem', {
    ...PARTNER_PRODUCT,
    ...PERIOD,
    day: 'Tanggal',
    released_count: 'Voucher Terjual',
    released_value: 'Nilai Terjual',
    used_count: 'Voucher Ditukar',
    used_value: 'Nilai Ditukar',
  }),
  'voucher.salesRedeem.chart': 'Nilai terjual dan ditukar per hari',
  'voucher.salesRedeem.sold': 'Terjual',
  'voucher.salesRedeem.redeemed': 'Ditukar',
  'voucher.salesRedeem.note': 'Terjual: voucher yang dirilis kepada mitra pada hari-hari periode, sebesar nominalnya. Ditukar: voucher yang dipakai di toko pada hari-hari itu, kapan pun terjualnya.',
  'voucher.salesRedeem.chartLabel': 'Grafik: {{title}}. Angkanya ada pada tabel di bawahnya.',
  'voucher.salesRedeem.empty': 'Tidak ada voucher yang terjual atau ditukar pada periode ini',

  'voucher.recap.title': 'Laporan Rekap Voucher',
  ...fields('voucher.recap', {
    ...PARTNER_PRODUCT,
    ...PERIOD,
    released_count: 'Dirilis',
    released_value: 'Nilai Dirilis',
    used_count: 'Terpakai',
    used_value: 'Nilai Terpakai',
    expired_count: 'Kedaluwarsa',
    expired_value: 'Nilai Kedaluwarsa',
    outstanding_count: 'Beredar di Akhir Periode',
    outstanding_value: 'Nilai Beredar di Akhir Periode',
  }),

  'voucher.redeem.title': 'Laporan Penukaran Voucher',
  ...fields('voucher.redeem', {
    partner_id: 'Mitra',
    partner_name: 'Mitra',
    store: 'Toko',
    store_id: 'Toko',
    used_at: 'Dipakai Pada',
    masked_code: 'Barcode Voucher',
    voucher: 'Voucher',
    denomination: 'Nominal',
    order_number: 'Nomor Pesanan',
    pos_transaction_no: 'Transaksi POS',
    used_count: 'Voucher Ditukar',
    used_value: 'Nilai Ditukar',
  }),
  'voucher.redeem.filters.date_from': 'Tanggal Penukaran',
  'voucher.redeem.storeCount': 'Toko',
  'voucher.redeem.note': 'Voucher yang dipakai di toko pada hari-hari periode, kapan pun dirilis, seluruhnya dan per toko.',

  'voucher.selling.title': 'Laporan Penjualan Voucher',
  ...fields('voucher.selling', {
    partner: 'Mitra',
    partner_id: 'Mitra',
    order_number: 'Nomor Pesanan',
    payment_method: 'Metode Pembayaran',
    voucher_count: 'Voucher Dipesan',
    released_count: 'Voucher Dirilis',
    total_amount: 'Total',
    payment_date: 'Tanggal Pembayaran',
    receipt_no: 'Nomor Kuitansi',
    released_at: 'Dirilis Pada',
  }),
  'voucher.selling.filters.date_from': 'Tanggal Rilis',
  'voucher.selling.orders': 'Pesanan',
  'voucher.selling.note':
    'Pesanan yang vouchernya dirilis pada hari-hari periode (rilis selesai), dengan jumlah yang dibayar. Pesanan yang masih menunggu pembayaran atau rilis ada di Manajemen Pesanan Voucher.',
};

export const voucherReportsI18n = { en: {} as Record<string, string>, id };
