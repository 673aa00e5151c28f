/** Indonesian texts of Dashboard analytics › Customers' figures (English defaults live in customers.widgets.tsx). */
const id: Record<string, string> = {
  'customers.summary': 'Pelanggan',
  'customers.figure.customers': 'Pelanggan',
  'customers.figure.apcPerCustomer': 'APC per pelanggan',
  'customers.figure.ipcPerCustomer': 'IPC per pelanggan',
  'customers.figure.qpcPerCustomer': 'QPC per pelanggan',
  'customers.figure.apcPerTransaction': 'APC per transaksi',
  'customers.figure.ipcPerTransaction': 'IPC per transaksi',
  'customers.figure.qpcPerTransaction': 'QPC per transaksi',
  'customers.trend': 'Pelanggan dari waktu ke waktu',
  'customers.trendChart': 'Grafik: pelanggan dan APC per pelanggan per {{bucket}}',
  'customers.trendTable': 'Tabel: angka pelanggan per periode',
  'customers.month': 'bulan',
  'customers.day': 'hari',
};

export const customersI18n = { en: {} as Record<string, string>, id };
