/**
 * Texts of exports: the Export button every list may show (`export.`) and the Download List screen
 * (`operations.download.`).
 */
const en: Record<string, string> = {
  'export.button': 'Export',
  'export.inProgress': 'Export in progress, see Download List',
  'export.openDownloadList': 'Open the Download List',
  'export.askForDownloadList': 'The file will be in the Download List.',

  'operations.download.title': 'Download',
  'operations.download.search': 'Search file name',
  'operations.download.fields.status': 'Status',
  'operations.download.fields.file_name': 'File Name',
  'operations.download.fields.row_count': 'Rows',
  'operations.download.fields.size_bytes': 'Size',
  'operations.download.fields.created_at': 'Created At',
  'operations.download.fields.download': 'Download',
  'operations.download.download': 'Download',
  'operations.download.preparing': 'Preparing the file…',
  'operations.download.failed': 'Export failed',
  'The export failed; there is no file to download': 'The export failed; there is no file to download',
};

const id: Record<string, string> = {
  'export.button': 'Ekspor',
  'export.inProgress': 'Ekspor sedang berjalan, lihat Daftar Unduhan',
  'export.openDownloadList': 'Buka Daftar Unduhan',
  'export.askForDownloadList': 'Berkas akan tersedia di Daftar Unduhan.',

  'operations.download.title': 'Unduhan',
  'operations.download.search': 'Cari nama berkas',
  'operations.download.fields.status': 'Status',
  'operations.download.fields.file_name': 'Nama Berkas',
  'operations.download.fields.row_count': 'Baris',
  'operations.download.fields.size_bytes': 'Ukuran',
  'operations.download.fields.created_at': 'Dibuat Pada',
  'operations.download.fields.download': 'Unduh',
  'operations.download.download': 'Unduh',
  'operations.download.preparing': 'Menyiapkan berkas…',
  'operations.download.failed': 'Ekspor gagal',
  'The export failed; there is no file to download': 'Ekspor gagal; tidak ada berkas untuk diunduh',
  'The export could not be written. Please try again.': 'Berkas ekspor tidak dapat dibuat. Silakan coba lagi.',
  'Export in progress, see Download List': 'Ekspor sedang berjalan, lihat Daftar Unduhan',
};

export const operationsI18n = { en, id };
