/** Indonesian texts of pandora's order Reports (English defaults live in the views and screens; All Transactions uses the order's own). */
const fields = (prefix: string, texts: Record<string, string>) => ({
  ...Object.fromEntries(Object.entries(texts).map(([k, v]) => [`${prefix}.fields.${k}`, v])),
  [`${prefix}.filters.store_code`]: 'Kode Toko (pisahkan dengan koma)',
});

const ORDER = { order_id: 'ID Pesanan', order_no: 'No. Pesanan', created_at: 'Tanggal Pesanan', date_from: 'Tanggal Pesanan', store: 'Toko', store_code: 'Toko', status: 'Status' };
const LINE = {
  ...ORDER,
  store_code: 'Kode Toko',
  store_name: 'Toko',
  plu: 'PLU',
  product_name: 'Produk',
  quantity: 'Dipesan',
  picked_quantity: 'Diambil',
  unpicked_quantity: 'Tidak Diambil',
  price: 'Harga',
  amount: 'Nilai Diambil',
  unpick_reason: 'Alasan Tidak Diambil',
  unpicked_value: 'Nilai Tidak Diambil',
};

const id: Record<string, string> = {
  'orders.reports.period': 'Periode {{from}} – {{to}}',

  'orders.reports.detailTransaction.title': 'Detail Transaksi',
  ...fields('orders.reports.detailTransaction', LINE),

  'orders.reports.disbursement.title': 'Pencairan',
  ...fields('orders.reports.disbursement', {
    ...ORDER,
    delivered_at: 'Diterima Pelanggan',
    fulfilment: 'Pemenuhan',
    paid_at: 'Dibayar Pada',
    payment_ref: 'Referensi Pembayaran',
    items_total: 'Total Barang',
    picked_total: 'Total Diambil',
    delivery_fee: 'Ongkos Kirim',
    total: 'Total Dibayar',
    refund_due: 'Dana Dikembalikan',
    disbursement: 'Pencairan',
  }),
  'orders.reports.disbursement.orders': 'Pesanan diterima',
  'orders.reports.disbursement.note':
    'Pesanan yang dibuat pada periode ini dan sudah diterima pelanggan (Diterima Pelanggan). Dibayar: yang dibayar pelanggan; dana dikembalikan: barang yang kurang diambil; pencairan: sisanya, barang yang diserahkan dan ongkos kirim.',

  'orders.reports.unpick.title': 'Tidak Diambil',
  ...fields('orders.reports.unpick', LINE),
  'orders.reports.unpick.orders': 'Pesanan kurang diambil',
  'orders.reports.unpick.lines': 'Baris',
  'orders.reports.unpick.note':
    'Baris pesanan yang dibuat pada periode ini yang diambil kurang oleh toko, apa pun nasib pesanannya kemudian; nilainya adalah harga barang yang tidak diambil, yang dikembalikan kepada pelanggan.',

  'orders.reports.allItem.title': 'Semua Item',
  ...fields('orders.reports.allItem', { ...LINE, rank: 'Peringkat', orders: 'Pesanan', amount: 'Nilai Terjual' }),
  'orders.reports.allItem.search': 'Cari PLU atau produk',

  'orders.reports.monthlyRecap.title': 'Rekap Bulanan',
  ...fields('orders.reports.monthlyRecap', {
    year: 'Tahun',
    month: 'Bulan',
    store_code: 'Toko',
    orders: 'Pesanan',
    paid_orders: 'Pesanan Dibayar',
    revenue: 'Pendapatan',
    cancelled_orders: 'Dibatalkan',
    unpicked_orders: 'Pesanan Kurang Diambil',
    unpicked_value: 'Nilai Tidak Diambil',
  }),
  'orders.reports.monthlyRecap.year': 'Tahun {{year}}',
  'orders.reports.monthlyRecap.note':
    'Setiap pesanan dihitung pada bulan pesanan dibuat (Asia/Jakarta), dengan statusnya sekarang. Pesanan dibayar dan pendapatan: dibayar dan tidak dibatalkan, kedaluwarsa atau gagal, seperti di dasbor; barang yang kurang diambil tidak dikurangkan dari pendapatan, nilainya adalah angka terakhir.',
};

export const orderReportsI18n = { en: {} as Record<string, string>, id };
