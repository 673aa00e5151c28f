/** Indonesian texts of pandora's print previews (English defaults live beside their use). */
const id: Record<string, string> = {
  'printPreview.title.dashboard': 'Pratinjau cetak dasbor',
  'printPreview.title.report': 'Pratinjau cetak laporan',
  'printPreview.choose.dashboard': 'Pilih dasbor untuk dicetak atau disimpan sebagai PDF. Dari dasbor yang terbuka, tombol Pratinjau cetak membawa periode dan filternya.',
  'printPreview.choose.report': 'Pilih laporan untuk dicetak atau disimpan sebagai PDF. Dari laporan yang terbuka, tombol Pratinjau cetak membawa filternya.',
  'printPreview.none': 'Peran Anda tidak membuka halaman yang dapat dicetak di sini.',
  'printPreview.notPreviewable': 'Alamat ini bukan halaman yang dapat dicetak di sini: {{path}}',
  'printPreview.noAccess': 'Tidak ada akses',
  'printPreview.noAccessText': 'Peran Anda tidak membuka {{name}}, jadi pratinjau cetaknya tidak dapat ditampilkan.',
  'printPreview.print': 'Cetak',
  'printPreview.backTo': 'Kembali ke {{name}}',
  'printPreview.hint': 'Cetak, atau simpan sebagai PDF dari dialog cetak peramban. Kertas A4 mendatar.',
  'printPreview.loading': 'Memuat halaman yang dicetak…',
  'printPreview.pages': 'Halaman yang dapat dicetak',
};

export const printPreviewI18n = { en: {} as Record<string, string>, id };
