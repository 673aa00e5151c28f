/** Indonesian texts of Customer Analytics (English defaults live beside their use). */
const id: Record<string, string> = {
  'customerAnalytics.measures': 'Rata-rata per pelanggan dan per transaksi',
  'customerAnalytics.measuresNav': 'Ukuran',
  'customerAnalytics.trendOf': '{{name}} dari waktu ke waktu',
  'customerAnalytics.byChannel': '{{name}} per kanal',
  'customerAnalytics.byRegion': '{{name}} per wilayah',
  'customerAnalytics.storesTop': 'Toko menurut {{name}}, tertinggi dahulu',
  'customerAnalytics.storesBottom': 'Toko menurut {{name}}, terendah dahulu',
  'customerAnalytics.about.apcPerCustomer': 'Rata-rata belanja per pelanggan: belanja member dibagi jumlah member yang berbelanja (masing-masing dihitung sekali dalam periode).',
  'customerAnalytics.about.ipcPerCustomer': 'Item per pelanggan: baris struk member dibagi jumlah member yang berbelanja.',
  'customerAnalytics.about.qpcPerCustomer': 'Kuantitas per pelanggan: unit yang dibeli member dibagi jumlah member yang berbelanja.',
  'customerAnalytics.about.apcPerTransaction': 'Rata-rata belanja per transaksi: seluruh penjualan, member maupun bukan, dibagi seluruh transaksi.',
  'customerAnalytics.about.ipcPerTransaction': 'Item per transaksi: baris semua struk dibagi seluruh transaksi.',
  'customerAnalytics.about.qpcPerTransaction': 'Kuantitas per transaksi: seluruh unit terjual dibagi seluruh transaksi.',
  'customerAnalytics.perCustomerNote': 'Dalam satu kanal, wilayah atau toko, pelanggannya adalah member yang berbelanja di sana, masing-masing sekali.',
  'customerAnalytics.perTransactionNote': 'Setiap transaksi dihitung, dengan kartu member maupun tanpa.',
  'customerAnalytics.figure.memberTransactions': 'Transaksi member',
  'customerAnalytics.figure.memberLines': 'Item member',
  'customerAnalytics.figure.memberQuantity': 'Kuantitas member',
  'customerAnalytics.figure.memberSales': 'Penjualan member',
  'customerAnalytics.figure.lines': 'Item',
};

export const customerAnalyticsI18n = { en: {} as Record<string, string>, id };
