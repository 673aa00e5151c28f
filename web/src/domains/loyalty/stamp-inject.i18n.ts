/** Indonesian texts of the stamp injection screens (English defaults live in the view and the parts). */
const FIELDS_ID: Record<string, string> = {
  id: 'ID Batch',
  reason: 'Alasan',
  file_name: 'Nama File',
  row_count: 'Baris',
  stamps_in: 'Stempel Masuk',
  stamps_out: 'Stempel Keluar',
  net_stamps: 'Stempel Bersih',
  status: 'Status',
  created_by_name: 'Diunggah Oleh',
  created_at: 'Diunggah Pada',
  reversed_by_name: 'Dibatalkan Oleh',
  reversed_at: 'Dibatalkan Pada',
  created_from: 'Diunggah Pada',
};

const id: Record<string, string> = {
  'loyalty.inject.title': 'Injeksi Stempel',
  'loyalty.inject.search': 'Cari nama file atau alasan',
  'loyalty.inject.sections.general': 'Batch Injeksi',
  'loyalty.inject.sections.rows': 'Baris',
  'loyalty.inject.import': 'Impor',
  'loyalty.inject.rows.row': 'Baris',
  'loyalty.inject.rows.consumer': 'Konsumen',
  'loyalty.inject.rows.programme': 'Program',
  'loyalty.inject.rows.stamps': 'Stempel',
  'loyalty.inject.rows.ledger': 'Baris Buku Stempel',
  'loyalty.inject.rows.reversal': 'Baris Pembatalan',
  'loyalty.inject.reverse': 'Batalkan batch',
  'loyalty.inject.reverseTitle': 'Batalkan batch ini?',
  'loyalty.inject.reverseText': 'Stempel setiap baris dikembalikan ({{rows}} baris). Konsumen yang sudah memakai stempelnya tidak dapat dibatalkan.',
  'loyalty.inject.reversed': 'Batch telah dibatalkan',
  'loyalty.inject.reason': 'Alasan',
  'loyalty.inject.reasonPlaceholder': 'Mengapa stempel ditambah atau dikurangi, mis. gangguan POS pada 3 Januari',
  // Contract and server messages of these screens.
  'Enter the reason of the injection': 'Isi alasan injeksi',
  'The reason has at least 3 characters': 'Alasan minimal 3 karakter',
  'The reason has at most 300 characters': 'Alasan maksimal 300 karakter',
  'Stamps cannot be 0: a positive number adds stamps, a negative one takes them away': 'Stempel tidak boleh 0: angka positif menambah stempel, angka negatif menguranginya',
  'Stamps must be a whole number': 'Stempel harus bilangan bulat',
};
for (const [field, text] of Object.entries(FIELDS_ID)) id[`loyalty.inject.fields.${field}`] = text;

export const stampInjectI18n = { en: {} as Record<string, string>, id };
