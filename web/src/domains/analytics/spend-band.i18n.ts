/** Indonesian texts of the Spend Band Report (English defaults live in spend-band.widgets.tsx). */
const id: Record<string, string> = {
  'spendBand.title': 'Transaksi per spend band',
  'spendBand.comparedWith': 'Setiap band dibandingkan dengan periode sebelumnya, {{period}}',
  'spendBand.band': 'Spend band',
  'spendBand.transactions': 'Transaksi (porsi)',
  'spendBand.sales': 'Penjualan (porsi)',
  'spendBand.averageBasket': 'Rata-rata belanja',
  'spendBand.members': 'Transaksi member (porsi)',
  'spendBand.memberAverage': 'Rata-rata belanja member',
  'spendBand.transactionsChange': 'Transaksi vs sebelumnya',
  'spendBand.salesChange': 'Penjualan vs sebelumnya',
  'spendBand.transactionsShare': 'Porsi transaksi',
  'spendBand.salesShare': 'Porsi penjualan',
  'spendBand.total': 'Total',
  'spendBand.table': 'Tabel spend band',
};

export const spendBandI18n = { en: {} as Record<string, string>, id };
