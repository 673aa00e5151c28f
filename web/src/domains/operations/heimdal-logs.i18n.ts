/**
 * Indonesian texts of heimdal's logs (English defaults live in the views and screens): the Consumer Login Log and its
 * consumer page (`heimdal.loginLog.`), the Voucher Used Log and its three pages (`heimdal.voucherUsed.`), and the
 * sections the logs put in front of the consumer's and the voucher order's own views.
 */
const LOGIN_FIELDS_ID: Record<string, string> = {
  at: 'Waktu',
  result: 'Hasil',
  failure_reason: 'Alasan Gagal',
  consumer: 'Konsumen',
  consumer_id: 'ID Konsumen',
  phone: 'Nomor yang Dicoba',
  platform: 'Platform',
  app_version: 'Versi Aplikasi',
  device: 'Perangkat',
  ip: 'Alamat IP',
  date_from: 'Periode',
};

const USED_FIELDS_ID: Record<string, string> = {
  used_at: 'Waktu Pakai',
  masked_code: 'Barcode Voucher',
  voucher: 'Voucher',
  denomination: 'Nominal',
  consumer: 'Konsumen',
  consumer_id: 'ID Konsumen',
  consumer_phone: 'Telepon',
  consumer_name: 'Konsumen',
  order_number: 'Nomor Pesanan',
  pos_transaction_no: 'Transaksi POS',
  pos_ref: 'Referensi POS',
  store: 'Toko',
  store_id: 'Toko',
  partner: 'Mitra',
  partner_id: 'Mitra',
  pages: 'Detail',
  status: 'Status',
  released_at: 'Dirilis Pada',
  valid_until: 'Berlaku Hingga',
  date_from: 'Waktu Pakai',
};

const RECEIPT_ID: Record<string, string> = {
  transaction_id: 'Transaksi POS',
  at: 'Waktu',
  store: 'Toko',
  channel: 'Kanal',
  total: 'Total Struk',
  quantity: 'Jumlah Barang',
  card_scanned: 'Kartu Member Dipindai',
  plu: 'PLU',
  product_name: 'Produk',
  line_quantity: 'Jml',
  price: 'Harga',
  amount: 'Jumlah',
};

const id: Record<string, string> = {
  ...Object.fromEntries(Object.entries(LOGIN_FIELDS_ID).map(([k, v]) => [`heimdal.loginLog.fields.${k}`, v])),
  ...Object.fromEntries(Object.entries(USED_FIELDS_ID).map(([k, v]) => [`heimdal.voucherUsed.fields.${k}`, v])),
  ...Object.fromEntries(Object.entries(RECEIPT_ID).map(([k, v]) => [`heimdal.voucherUsed.receipt.${k}`, v])),
  'heimdal.loginLog.title': 'Log Masuk Konsumen',
  'heimdal.loginLog.search': 'Cari nomor telepon atau nama konsumen',
  'heimdal.loginLog.sections.attempt': 'Percobaan Masuk',
  'heimdal.loginLog.noConsumer': 'Tanpa konsumen',
  'heimdal.loginLog.consumer': 'Konsumen',
  'heimdal.loginLog.allOfConsumer': 'Semua percobaan konsumen ini ({{count}})',
  'heimdal.loginLog.unknownPhone': 'Tidak ada konsumen dengan nomor telepon ini: percobaan ini tidak menyebut akun mana pun.',
  'heimdal.loginLog.noConsumerRight': 'Profil dan riwayat konsumen dapat dibuka dengan hak lihat menu Konsumen.',

  'heimdal.voucherUsed.title': 'Log Voucher Terpakai',
  'heimdal.voucherUsed.search': 'Barcode voucher, transaksi POS atau nomor pesanan',
  'heimdal.voucherUsed.sections.redemption': 'Penukaran Voucher',
  'heimdal.voucherUsed.noConsumer': 'Tanpa kartu member',
  'heimdal.voucherUsed.pages.consumer': 'Konsumen',
  'heimdal.voucherUsed.pages.order': 'Pesanan dan struk',
  'heimdal.voucherUsed.pages.voucher': 'Voucher',
  'heimdal.voucherUsed.backToLog': 'Log Voucher Terpakai',
  'heimdal.voucherUsed.noReceipt': 'POS toko belum mengirim struk ini.',
  'heimdal.voucherUsed.noCard': 'Kasir tidak memindai kartu member pada struk ini: voucher dipakai oleh pembeli tanpa kartu.',
  'heimdal.voucherUsed.noReceiptYet': 'POS toko belum mengirim struk ini: kartu membernya, jika ada, belum diketahui.',
  'heimdal.voucherUsed.noOrderRight': 'Pesanan voucher dapat dibuka dengan hak lihat menu Manajemen Pesanan Voucher.',

  // The sections the logs put in front of the consumer's and the voucher order's own views (their views' prefixes).
  'consumers.consumer.sections.attempt': 'Percobaan Masuk',
  'consumers.consumer.sections.signIns': 'Riwayat Masuk',
  'consumers.consumer.sections.redemption': 'Penukaran Voucher',
  'voucher.order.sections.redemption': 'Penukaran Voucher',
  'voucher.order.sections.receipt': 'Struk',
};

export const heimdalLogsI18n = { en: {} as Record<string, string>, id };
