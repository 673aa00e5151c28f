/** Indonesian texts of Partner Management and Credit Limit (English defaults live in the views and the components). */
const PARTNER_FIELDS: Record<string, string> = {
  partner_code: 'Kode Mitra',
  name: 'Perusahaan',
  npwp: 'NPWP',
  address: 'Alamat',
  email: 'E-mail Perusahaan',
  phone: 'Telepon Perusahaan',
  contact_name: 'Narahubung',
  contact_email: 'E-mail Narahubung',
  contact_phone: 'Telepon Narahubung',
  pic_user_id: 'PIC',
  pic_user_name: 'PIC',
  credit_limit: 'Batas Kredit',
  credit_used: 'Kredit Terpakai',
  credit_available: 'Kredit Tersedia',
  period_ends_on: 'Kerja Sama Hingga',
  status: 'Status',
  created_by_name: 'Dibuat Oleh',
  created_at: 'Dibuat Pada',
  updated_by_name: 'Diubah Oleh',
  updated_at: 'Diubah Pada',
  agreement_no: 'No. Perjanjian',
  starts_on: 'Tanggal Mulai',
  ends_on: 'Tanggal Berakhir',
  period_status: 'Status',
  note: 'Catatan',
};

const PARTNER_TEXTS: Record<string, string> = {
  title: 'Mitra',
  search: 'Cari nama perusahaan atau kode mitra',
  'sections.company': 'Perusahaan',
  'sections.contact': 'Narahubung Klien',
  'sections.pic': 'PIC',
  'sections.credit': 'Kredit',
  'sections.periods': 'Periode Kerja Sama',
  'help.partner_code': 'Huruf, angka, titik, tanda hubung dan garis bawah; disimpan dalam huruf kapital',
  'help.npwp': '15 atau 16 digit; titik dan tanda hubung boleh diketik',
  'help.pic_user_id': 'Staf yang menangani klien ini',
  addPeriod: 'Tambah Periode',
  addPeriodTitle: 'Tambah periode kerja sama {{name}}',
  noPeriods: 'Belum ada periode kerja sama',
};

const CREDIT_LIMIT_FIELDS: Record<string, string> = {
  partner_code: 'Kode Mitra',
  name: 'Perusahaan',
  pic_user_name: 'PIC',
  credit_limit: 'Batas Kredit',
  credit_used: 'Kredit Terpakai',
  credit_available: 'Kredit Tersedia',
  status: 'Status',
  updated_by_name: 'Diubah Oleh',
  updated_at: 'Diubah Pada',
  edit_limit: 'Aksi',
  has_limit: 'Batas',
  new_limit: 'Batas Kredit Baru',
};

const CREDIT_LIMIT_TEXTS: Record<string, string> = {
  title: 'Batas Kredit',
  search: 'Cari nama perusahaan atau kode mitra',
  edit: 'Ubah Batas',
  editTitle: 'Batas kredit {{name}}',
  help: 'Rp 0 sampai Rp 100.000.000.000; Rp 0 berarti tanpa pesanan kredit. Batas di bawah kredit terpakai tidak menyisakan kredit tersedia.',
};

/** The contract's and the server's messages about partners, periods and limits. */
const MESSAGES: Record<string, string> = {
  'Add Period successful': 'Periode berhasil ditambahkan',
  'Search staff name or username': 'Cari nama atau username staf',
  'Partner code is required': 'Kode mitra wajib diisi',
  'Company name is required': 'Nama perusahaan wajib diisi',
  'Address is required': 'Alamat wajib diisi',
  'Address must be at least 5 characters': 'Alamat minimal 5 karakter',
  'Company e-mail is required': 'E-mail perusahaan wajib diisi',
  'Company e-mail is not valid': 'E-mail perusahaan tidak valid',
  'Contact e-mail is required': 'E-mail narahubung wajib diisi',
  'Contact e-mail is not valid': 'E-mail narahubung tidak valid',
  'Company phone is required': 'Telepon perusahaan wajib diisi',
  'Company phone must be an Indonesian phone number, like 021-5550123 or 0812-3456-7890': 'Telepon perusahaan harus nomor Indonesia, seperti 021-5550123 atau 0812-3456-7890',
  'Contact phone is required': 'Telepon narahubung wajib diisi',
  'Contact phone must be an Indonesian phone number, like 021-5550123 or 0812-3456-7890': 'Telepon narahubung harus nomor Indonesia, seperti 021-5550123 atau 0812-3456-7890',
  'Contact name is required': 'Nama narahubung wajib diisi',
  'NPWP must have 15 or 16 digits, like 01.234.567.8-901.000': 'NPWP harus 15 atau 16 digit, seperti 01.234.567.8-901.000',
  'PIC is required': 'PIC wajib diisi',
  'PIC must be an active staff user': 'PIC harus staf yang aktif',
  'Agreement number is required': 'Nomor perjanjian wajib diisi',
  'End date cannot be before the start date': 'Tanggal berakhir tidak boleh sebelum tanggal mulai',
  'Credit limit must be a number': 'Batas kredit harus berupa angka',
  'Credit limit cannot be negative': 'Batas kredit tidak boleh negatif',
  'Credit limit is at most Rp 100.000.000.000': 'Batas kredit paling banyak Rp 100.000.000.000',
};

const under = (prefix: string, texts: Record<string, string>) => Object.entries(texts).map(([k, v]): [string, string] => [`${prefix}.${k}`, v]);

const id: Record<string, string> = Object.fromEntries([
  ...under('voucher.partner.fields', PARTNER_FIELDS),
  ...under('voucher.partner', PARTNER_TEXTS),
  ...under('voucher.creditLimit.fields', CREDIT_LIMIT_FIELDS),
  ...under('voucher.creditLimit', CREDIT_LIMIT_TEXTS),
  ...Object.entries(MESSAGES),
]);

export const partnerI18n = { en: {} as Record<string, string>, id };
