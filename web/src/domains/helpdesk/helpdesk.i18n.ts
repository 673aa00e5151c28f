/**
 * Texts of the help-desk screens (help center tickets, FAQ, message templates, ratings, chat live). Field labels, titles
 * and sections have their English defaults in the views and their Indonesian ones here; texts of the custom screens and
 * the contract's validation messages (keyed by their English text) are in both dictionaries where they differ.
 */

type Texts = { title: string; search?: string; fields: Record<string, string>; sections?: Record<string, string>; help?: Record<string, string>; placeholders?: Record<string, string> };

const COMMON_ID: Record<string, string> = {
  status: 'Status',
  updated_by_name: 'Diubah Oleh',
  updated_at: 'Diubah Pada',
  created_at: 'Dibuat Pada',
  created_at_from: 'Dibuat',
  consumer_name: 'Konsumen',
  id: 'No.',
};

const RESOURCES_ID: Record<string, Texts> = {
  ticket: {
    title: 'Tiket',
    search: 'Cari subjek atau nomor tiket',
    fields: {
      subject: 'Subjek',
      category_name: 'Kategori',
      category_id: 'Kategori',
      store_name: 'Toko',
      assignee_name: 'Ditangani Oleh',
      assign_to_user_id: 'Ditangani Oleh',
      message_count: 'Pesan',
      last_message_at: 'Pesan Terakhir',
      solved_at: 'Diselesaikan Pada',
      consumer_id: 'Konsumen',
      message: 'Pesan',
    },
    sections: { general: 'Tiket', conversation: 'Percakapan' },
    help: { message: 'Apa yang dilaporkan konsumen, dengan kata-katanya sendiri.' },
    placeholders: { subject: 'mis. Stempel belum masuk setelah belanja', consumer_id: 'Cari nama, telepon atau kartu konsumen' },
  },
  faq: {
    title: 'FAQ',
    search: 'Cari pertanyaan',
    fields: { question: 'Pertanyaan', answer: 'Jawaban', position: 'Urutan' },
    sections: { general: 'FAQ' },
  },
  template: {
    title: 'Templat Pesan',
    search: 'Cari judul atau teks',
    fields: { title: 'Judul', body: 'Teks' },
    sections: { general: 'Templat Pesan' },
  },
  rating: {
    title: 'Penilaian',
    fields: { score: 'Nilai', comment: 'Komentar', ticket_id: 'Tiket', chat_id: 'Obrolan' },
    sections: { general: 'Penilaian' },
  },
  report: {
    title: 'Laporan Helpdesk',
    fields: {
      store_code: 'Kode Toko',
      store_name: 'Toko',
      total: 'Tiket',
      unread: 'Belum Dibaca',
      read: 'Dibaca',
      unsolved: 'Belum Selesai',
      solved: 'Selesai',
      avg_solve_hours: 'Rata-rata Jam Penyelesaian',
      category_id: 'Kategori',
    },
  },
  chat: {
    title: 'Obrolan Langsung',
    fields: { last_message: 'Pesan Terakhir', last_message_at: 'Waktu Pesan Terakhir' },
  },
};

const en: Record<string, string> = {};

const id: Record<string, string> = {
  'helpdesk.agent': 'Agen',
  'helpdesk.consumer': 'Konsumen',
  'helpdesk.ticket.reply': 'Kirim Balasan',
  'helpdesk.ticket.replied': 'Balasan terkirim',
  'helpdesk.ticket.replyPlaceholder': 'Tulis balasan untuk konsumen',
  'helpdesk.ticket.solvedNote': 'Tiket ini sudah selesai; tidak menerima balasan lagi.',
  'helpdesk.ticket.assign': 'Tugaskan',
  'helpdesk.ticket.assigned': 'Tiket ditugaskan',
  'helpdesk.ticket.chooseAssignee': 'Pilih pengguna',
  'helpdesk.ticket.close': 'Tutup sebagai Selesai',
  'helpdesk.ticket.closeConfirm': 'Tutup tiket ini sebagai Selesai?',
  'helpdesk.ticket.closed': 'Tiket ditutup',
  'helpdesk.report.summary': 'Ringkasan',
  'helpdesk.report.summaryTitle': 'Ringkasan Helpdesk',
  'helpdesk.report.byStore': 'Per Toko',
  'helpdesk.report.byCategory': 'Per Kategori',
  'helpdesk.ticket.import': 'Unggah Massal',
  'helpdesk.ticket.share': 'Bagikan lewat E-mail',
  'helpdesk.ticket.shareTitle': 'Bagikan tiket ini lewat e-mail',
  'helpdesk.ticket.shared': 'Tiket terkirim lewat e-mail',
  'helpdesk.ticket.send': 'Kirim',
  'helpdesk.ticket.fields.email': 'E-mail',
  'helpdesk.ticket.fields.note': 'Catatan',
  'helpdesk.ticket.bulk.close': 'Tutup sebagai Selesai',
  'helpdesk.ticket.bulk.closeConfirm': 'Tutup {{count}} tiket sebagai Selesai?',
  'helpdesk.faq.order.open': 'Atur Urutan',
  'helpdesk.faq.order.title': 'Urutan FAQ',
  'helpdesk.faq.order.help': 'Seret pertanyaan ke tempatnya, atau pindahkan dengan panahnya (juga dari keyboard: pegangannya menerima Spasi dan tombol panah). Aplikasi menampilkan FAQ dengan urutan ini.',
  'helpdesk.faq.order.saved': 'Urutan FAQ tersimpan',
  'helpdesk.chat.insertTemplate': 'Sisipkan templat pesan',
  'helpdesk.chat.placeholder': 'Tulis jawaban',
  'helpdesk.chat.hint': 'Enter mengirim, Shift+Enter membuat baris baru',
  'helpdesk.chat.send': 'Kirim',
  // Contract and server messages of these screens, keyed by their English text.
  'Subject is required': 'Subjek wajib diisi',
  'Subject must be at least 3 characters': 'Subjek paling sedikit 3 karakter',
  'Subject must be at most 200 characters': 'Subjek paling banyak 200 karakter',
  'Message is required': 'Pesan wajib diisi',
  'Reply is required': 'Balasan wajib diisi',
  'Consumer is required': 'Konsumen wajib dipilih',
  'Category is required': 'Kategori wajib dipilih',
  'Choose a user': 'Pilih pengguna',
  'Question is required': 'Pertanyaan wajib diisi',
  'Answer is required': 'Jawaban wajib diisi',
  'Text is required': 'Teks wajib diisi',
  'This user cannot handle help-center tickets': 'Pengguna ini tidak dapat menangani tiket pusat bantuan',
  'The FAQ list changed since you opened it (a question was added or removed). Reload and drag again.': 'Daftar FAQ berubah sejak Anda membukanya (ada pertanyaan ditambah atau dihapus). Muat ulang lalu seret lagi.',
};

for (const [resource, texts] of Object.entries(RESOURCES_ID)) {
  const prefix = `helpdesk.${resource}`;
  id[`${prefix}.title`] = texts.title;
  if (texts.search) id[`${prefix}.search`] = texts.search;
  for (const [field, text] of Object.entries({ ...COMMON_ID, ...texts.fields })) id[`${prefix}.fields.${field}`] = text;
  for (const [key, text] of Object.entries(texts.sections ?? {})) id[`${prefix}.sections.${key}`] = text;
  for (const [key, text] of Object.entries(texts.help ?? {})) id[`${prefix}.help.${key}`] = text;
  for (const [key, text] of Object.entries(texts.placeholders ?? {})) id[`${prefix}.placeholders.${key}`] = text;
}

export const helpdeskI18n = { en, id };
