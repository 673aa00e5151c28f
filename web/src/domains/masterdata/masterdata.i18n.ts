/**
 * Texts of the master-data and settings screens. Field labels, titles and sections have their English defaults in the
 * views and their Indonesian ones here (`masterdata.<resource>.fields.<field>` ...); texts of the custom screens and the
 * contract's validation messages (keyed by their English text) are in both dictionaries.
 */

type Texts = { title: string; search?: string; fields: Record<string, string>; sections?: Record<string, string>; help?: Record<string, string>; placeholders?: Record<string, string> };

const COMMON_ID: Record<string, string> = {
  status: 'Status',
  description: 'Deskripsi',
  updated_by_name: 'Diubah Oleh',
  updated_at: 'Diubah Pada',
  created_at: 'Dibuat Pada',
};

const RESOURCES_ID: Record<string, Texts> = {
  tag: {
    title: 'Tag Konsumen',
    search: 'Cari nama atau deskripsi tag',
    fields: { name: 'Nama Tag', color: 'Warna' },
    sections: { general: 'Tag' },
    placeholders: { name: 'mis. VIP' },
  },
  ticketCategory: {
    title: 'Kategori Tiket',
    search: 'Cari nama kategori',
    fields: { name: 'Nama Kategori', sla_hours: 'SLA (jam)', position: 'Urutan' },
    sections: { general: 'Kategori Tiket' },
    help: { sla_hours: 'Batas waktu sebuah tiket menunggu jawaban: 1 sampai 720 jam.', position: 'Urutan di pusat bantuan; kosongkan untuk menaruhnya paling akhir.' },
    placeholders: { name: 'mis. Pengiriman' },
  },
  mapping: {
    title: 'Pemetaan E-mail',
    search: 'Cari nama, nama pengguna atau e-mail',
    fields: {
      name: 'Pengguna',
      user: 'Pengguna',
      user_id: 'Pengguna',
      username: 'Nama Pengguna',
      parent: 'Eskalasi Ke',
      parent_id: 'Eskalasi Ke',
      is_root: 'Tingkat',
      child_count: 'Eskalasi Dari',
    },
    sections: { general: 'Pemetaan', children: 'Eskalasi dari' },
    help: { parent_id: 'Kosongkan untuk puncak pohon eskalasi.' },
  },
  generalSetting: {
    title: 'Pengaturan Umum',
    fields: {
      cs_phone: 'Telepon Layanan Pelanggan',
      cs_email: 'E-mail Layanan Pelanggan',
      whatsapp_number: 'Nomor WhatsApp',
      min_order_amount: 'Minimum Belanja',
      delivery_fee: 'Ongkos Kirim',
      free_delivery_min_amount: 'Gratis Ongkir Mulai',
      point_conversion: 'Konversi Poin (Rp per poin)',
      max_vouchers_per_order: 'Maksimal Voucher per Pesanan',
      maintenance_mode: 'Mode Pemeliharaan',
      maintenance_message: 'Pesan Pemeliharaan',
      company_name: 'Nama Badan Usaha',
      company_npwp: 'NPWP Perusahaan',
      company_address: 'Alamat Perusahaan',
      company_phone: 'Telepon Perusahaan',
      bank_name: 'Bank',
      bank_account_no: 'Nomor Rekening',
      bank_account_holder: 'Atas Nama Rekening',
      quotation_validity_days: 'Masa Berlaku Penawaran (hari)',
    },
    sections: { contact: 'Layanan Pelanggan', order: 'Pesanan dan Poin', documents: 'Data Perusahaan untuk Dokumen', maintenance: 'Pemeliharaan' },
    help: {
      company_name: 'Seperti tercetak pada penawaran harga dan kuitansi pesanan voucher.',
      company_npwp: '15 atau 16 digit.',
      bank_name: 'Rekening tujuan transfer klien untuk penawaran harga pesanan voucher.',
      quotation_validity_days: 'Berapa lama penawaran berlaku sejak diterbitkan: 1 sampai 90 hari.',
      max_vouchers_per_order: '0 sampai 10 voucher dalam satu pesanan.',
      free_delivery_min_amount: 'Pesanan minimal sebesar ini gratis ongkir; 0 mematikannya.',
      point_conversion: 'Berapa Rupiah belanja untuk mendapat satu poin.',
      maintenance_mode: 'Aplikasi menampilkan pesan di bawah ini sebagai ganti toko.',
    },
  },
  appVersion: {
    title: 'Versi Aplikasi',
    fields: {
      platform: 'Platform',
      current_version: 'Versi Terkini',
      minimum_version: 'Versi Minimum',
      force_update: 'Wajib Perbarui',
      store_url: 'URL Toko Aplikasi',
      release_notes: 'Catatan Rilis',
    },
    sections: { general: 'Versi Aplikasi' },
    help: {
      current_version: 'Versi terbaru di toko aplikasi (mayor.minor.patch).',
      minimum_version: 'Versi yang lebih lama diminta memperbarui; paling tinggi sama dengan versi terkini.',
      force_update: 'Aktif: versi di bawah minimum tidak bisa dipakai sebelum diperbarui.',
    },
  },
  document: {
    title: 'Dokumen',
    fields: { title: 'Judul', body_html: 'Isi', published_at: 'Diterbitkan Pada', published_by_name: 'Diterbitkan Oleh' },
  },
};

const en: Record<string, string> = {
  'masterdata.mapping.userPlaceholder': 'Search a name, username or e-mail',
  'masterdata.mapping.parentPlaceholder': 'None: top of the escalation tree',
  'masterdata.mapping.alreadyMapped': 'already mapped',
  'masterdata.mapping.top': 'Top',
  'masterdata.mapping.noChildren': 'Nobody escalates to this user.',
  'masterdata.document.variant.consumer': 'Consumer',
  'masterdata.document.variant.voucher-partner': 'Voucher Partner',
  'masterdata.document.viewPublic': 'View public page',
  'masterdata.document.publish': 'Publish',
  'masterdata.document.publishTitle': 'Publish this text?',
  'masterdata.document.publishText': 'The app and the public page show it from now on; the current version stays in the history.',
  'masterdata.document.publishedToast': 'Published',
  'masterdata.document.unavailable': 'The document could not be loaded.',
  'masterdata.document.untitled': 'Untitled',
  'masterdata.document.savedBy': 'Draft saved {{time}} by {{name}}',
  'masterdata.document.empty': 'No text yet. Edit to write it.',
  'masterdata.document.history': 'Published versions',
  'masterdata.document.noHistory': 'Not published yet',
  'masterdata.document.live': 'Live',
  'masterdata.document.view': 'View',
  'masterdata.document.publishedBy': 'Published {{time}} by {{name}}',
  'masterdata.document.statusUnpublished': 'Not published yet: the app does not show this text.',
  'masterdata.document.statusChanged': 'The draft has changes that are not published. The app still shows the version of {{time}}.',
  'masterdata.document.statusPublished': 'Published {{time}} by {{name}}: the app shows this text.',
  'masterdata.document.statusPublishedAt': 'Published {{time}}: the app shows this text.',
  'masterdata.document.publishedAt': 'Published {{time}}',
  'masterdata.document.draftHelp': 'Saving keeps a draft. The app shows the text only after you publish it on the document page.',
};

const id: Record<string, string> = {
  'masterdata.mapping.userPlaceholder': 'Cari nama, nama pengguna atau e-mail',
  'masterdata.mapping.parentPlaceholder': 'Tidak ada: puncak pohon eskalasi',
  'masterdata.mapping.alreadyMapped': 'sudah dipetakan',
  'masterdata.mapping.top': 'Puncak',
  'masterdata.mapping.noChildren': 'Belum ada yang dieskalasikan ke pengguna ini.',
  'masterdata.document.variant.consumer': 'Konsumen',
  'masterdata.document.variant.voucher-partner': 'Mitra Voucher',
  'masterdata.document.viewPublic': 'Lihat halaman publik',
  'masterdata.document.publish': 'Terbitkan',
  'masterdata.document.publishTitle': 'Terbitkan teks ini?',
  'masterdata.document.publishText': 'Aplikasi dan halaman publik menampilkannya mulai sekarang; versi saat ini tetap tersimpan di riwayat.',
  'masterdata.document.publishedToast': 'Diterbitkan',
  'masterdata.document.unavailable': 'Dokumen tidak dapat dimuat.',
  'masterdata.document.untitled': 'Tanpa judul',
  'masterdata.document.savedBy': 'Draf disimpan {{time}} oleh {{name}}',
  'masterdata.document.empty': 'Belum ada teks. Ubah untuk menulisnya.',
  'masterdata.document.history': 'Versi yang diterbitkan',
  'masterdata.document.noHistory': 'Belum pernah diterbitkan',
  'masterdata.document.live': 'Tayang',
  'masterdata.document.view': 'Lihat',
  'masterdata.document.publishedBy': 'Diterbitkan {{time}} oleh {{name}}',
  'masterdata.document.statusUnpublished': 'Belum diterbitkan: aplikasi belum menampilkan teks ini.',
  'masterdata.document.statusChanged': 'Draf memiliki perubahan yang belum diterbitkan. Aplikasi masih menampilkan versi {{time}}.',
  'masterdata.document.statusPublished': 'Diterbitkan {{time}} oleh {{name}}: aplikasi menampilkan teks ini.',
  'masterdata.document.statusPublishedAt': 'Diterbitkan {{time}}: aplikasi menampilkan teks ini.',
  'masterdata.document.publishedAt': 'Diterbitkan {{time}}',
  'masterdata.document.draftHelp': 'Menyimpan hanya membuat draf. Aplikasi menampilkan teks setelah Anda menerbitkannya di halaman dokumen.',

  // Contract and server messages of these screens, keyed by their English text.
  'Tag name is required': 'Nama tag wajib diisi',
  'Tag name must be at most 50 characters': 'Nama tag paling banyak 50 karakter',
  'Choose a colour from the palette': 'Pilih warna dari palet',
  'Category name is required': 'Nama kategori wajib diisi',
  'Category name must be at most 100 characters': 'Nama kategori paling banyak 100 karakter',
  'SLA must be a number of hours': 'SLA harus berupa jumlah jam',
  'SLA must be whole hours': 'SLA harus dalam jam bulat',
  'SLA must be between 1 and 720 hours': 'SLA harus antara 1 dan 720 jam',
  'Position must be a number': 'Urutan harus berupa angka',
  'Position must be a whole number': 'Urutan harus bilangan bulat',
  'Position must be at least 1': 'Urutan minimal 1',
  'User is required': 'Pengguna wajib dipilih',
  'A mapping cannot escalate to itself': 'Pemetaan tidak dapat dieskalasikan ke dirinya sendiri',
  'The chosen parent escalates to this mapping already, so this would make a loop': 'Atasan yang dipilih sudah dieskalasikan ke pemetaan ini, sehingga akan membentuk lingkaran',
  'Customer service phone is required': 'Telepon layanan pelanggan wajib diisi',
  'Phone must start with 0 or +62 and hold 4 to 14 digits': 'Telepon harus diawali 0 atau +62 dan berisi 4 sampai 14 angka',
  'WhatsApp number is required': 'Nomor WhatsApp wajib diisi',
  'WhatsApp number must be an Indonesian mobile number, e.g. 081234567890': 'Nomor WhatsApp harus nomor seluler Indonesia, mis. 081234567890',
  'Point conversion must be a number': 'Konversi poin harus berupa angka',
  'Point conversion must be whole Rupiah': 'Konversi poin harus dalam Rupiah bulat',
  'Point conversion must be at least Rp 1 per point': 'Konversi poin minimal Rp 1 per poin',
  'Point conversion must be at most Rp 1.000.000 per point': 'Konversi poin paling banyak Rp 1.000.000 per poin',
  'At most 10 vouchers per order': 'Paling banyak 10 voucher per pesanan',
  'A maintenance message is required while maintenance mode is on': 'Pesan pemeliharaan wajib diisi selama mode pemeliharaan aktif',
  'Current version is required': 'Versi terkini wajib diisi',
  'Minimum version is required': 'Versi minimum wajib diisi',
  'Current version must look like 1.2.3 (major.minor.patch)': 'Versi terkini harus berbentuk 1.2.3 (mayor.minor.patch)',
  'Minimum version must look like 1.2.3 (major.minor.patch)': 'Versi minimum harus berbentuk 1.2.3 (mayor.minor.patch)',
  'Minimum version cannot be newer than the current version': 'Versi minimum tidak boleh lebih baru dari versi terkini',
  'Store URL is required': 'URL toko aplikasi wajib diisi',
  'Store URL must be an https:// address': 'URL toko aplikasi harus alamat https://',
  'Title is required': 'Judul wajib diisi',
  'Title must be at most 200 characters': 'Judul paling banyak 200 karakter',
  'Content is required': 'Isi wajib diisi',
  'Start index must be greater than 0.': 'Indeks awal harus lebih besar dari 0.',
  'Save the draft before publishing': 'Simpan draf sebelum menerbitkan',
  'There is no saved draft to publish. Edit and save the text first.': 'Belum ada draf tersimpan untuk diterbitkan. Ubah dan simpan teksnya dahulu.',
  'This text is already published; there are no changes to publish.': 'Teks ini sudah diterbitkan; tidak ada perubahan untuk diterbitkan.',
};

for (const [resource, texts] of Object.entries(RESOURCES_ID)) {
  const prefix = `masterdata.${resource}`;
  id[`${prefix}.title`] = texts.title;
  if (texts.search) id[`${prefix}.search`] = texts.search;
  for (const [field, text] of Object.entries({ ...COMMON_ID, ...texts.fields })) id[`${prefix}.fields.${field}`] = text;
  for (const [key, text] of Object.entries(texts.sections ?? {})) id[`${prefix}.sections.${key}`] = text;
  for (const [key, text] of Object.entries(texts.help ?? {})) id[`${prefix}.help.${key}`] = text;
  for (const [key, text] of Object.entries(texts.placeholders ?? {})) id[`${prefix}.placeholders.${key}`] = text;
}

export const masterdataI18n = { en, id };
