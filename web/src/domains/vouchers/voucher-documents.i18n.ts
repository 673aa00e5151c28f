/** Indonesian texts of a voucher order's quotation and receipt pages and links (the documents themselves are bilingual). */
const id: Record<string, string> = {
  'voucher.order.sections.documents': 'Dokumen',
  'voucher.document.title.quotation': 'Penawaran Harga',
  'voucher.document.title.receipt': 'Kuitansi',
  'voucher.document.when.quotation': 'Terbit saat PIC memproses pesanan',
  'voucher.document.when.receipt': 'Terbit saat pembayaran dan tanggalnya diverifikasi',
  'voucher.document.pending.quotation': 'Penawaran harga terbit saat PIC memproses pesanan.',
  'voucher.document.pending.receipt': 'Kuitansi terbit saat pembayaran dan tanggalnya diverifikasi.',
  'voucher.document.never.quotation': 'Pesanan ini ditutup sebelum penawaran harganya terbit.',
  'voucher.document.never.receipt': 'Pesanan ini ditutup tanpa kuitansi: pembayarannya tidak pernah diverifikasi.',
  'voucher.document.incomplete': 'Data perusahaan untuk dokumen (nama badan usaha, alamat, rekening bank) belum lengkap: isi di Pengaturan Umum.',
  'voucher.document.statusNow': 'Pesanan {{number}} saat ini',
  'voucher.document.back': 'Kembali ke pesanan',
  'voucher.document.download': 'Unduh PDF',
  'voucher.document.print': 'Cetak',
};

export const voucherDocumentsI18n = { en: {} as Record<string, string>, id };
