/** Indonesian texts of the stamp screens (English defaults live in the views). */
const FIELDS_ID: Record<string, string> = {
  name: 'Nama',
  description: 'Deskripsi',
  status: 'Status',
  seasonality: 'Musim',
  start_date: 'Tanggal Mulai',
  end_date: 'Tanggal Berakhir',
  reward_type: 'Tipe Hadiah Stempel',
  min_transaction: 'Minimal Total Transaksi',
  stamps_per_multiple: 'Stempel per Kelipatan',
  sponsor_plus: 'Produk Sponsor (PLU)',
  stamps_per_unit: 'Stempel per Unit Sponsor',
  extra_stamp: 'Stempel Ekstra',
  extra_stamp_amount: 'Jumlah Stempel Ekstra',
  multiplier: 'Pengali',
  multiplier_value: 'Nilai Pengali',
  member_scope: 'Cakupan Member',
  store_ids: 'Toko',
  active_on: 'Aktif Pada',
  created_by_name: 'Dibuat Oleh',
  created_at: 'Dibuat Pada',
  updated_by_name: 'Diubah Oleh',
  updated_at: 'Diubah Pada',
};

const id: Record<string, string> = {
  'loyalty.stamp.title': 'Program Stempel',
  'loyalty.stamp.search': 'Cari nama',
  'loyalty.stamp.sections.general': 'Program Stempel',
  'loyalty.stamp.sections.rule': 'Aturan Perolehan',
  'loyalty.stamp.sections.sponsor': 'Produk Sponsor (PLU)',
  'loyalty.stamp.sections.stores': 'Toko',
  'loyalty.stamp.help.min_transaction': 'Tipe hadiah 1 dan 3: stempel untuk setiap kelipatan penuh',
  'loyalty.stamp.help.stamps_per_multiple': 'Tipe hadiah 1 dan 3',
  'loyalty.stamp.help.sponsor_plus': 'Tipe hadiah 2 dan 3',
  'loyalty.stamp.help.stamps_per_unit': 'Tipe hadiah 2 dan 3',
  'loyalty.stamp.help.extra_stamp_amount': 'Ditambahkan sekali pada transaksi yang memperoleh stempel',
  'loyalty.stamp.help.multiplier_value': 'Dikalikan: faktor pengali; Per Unit: stempel tambahan per unit',
  'loyalty.stamp.help.store_ids': 'Kosong: semua toko',
  'loyalty.stamp.everyStore': 'Semua toko',
  'loyalty.stamp.placeholders.sponsor_plus': 'Ketik atau tempel PLU, mis. 100234',
  // Contract messages of these screens.
  'Minimal total transaction is required for this reward type': 'Minimal total transaksi wajib diisi untuk tipe hadiah ini',
  'Stamps per minimal total is required for this reward type': 'Stempel per kelipatan wajib diisi untuk tipe hadiah ini',
  'Add at least one sponsor product for this reward type': 'Tambahkan minimal satu produk sponsor untuk tipe hadiah ini',
  'Stamps per sponsor unit is required for this reward type': 'Stempel per unit sponsor wajib diisi untuk tipe hadiah ini',
  'Extra stamps must be at least 1': 'Stempel ekstra minimal 1',
  'The multiplier value must be at least 1': 'Nilai pengali minimal 1',
  'A sponsor product is listed twice': 'Produk sponsor tercantum dua kali',
  'Seasonality must be regular or seasonal': 'Musim harus reguler atau musiman',
  'A PLU holds letters, digits and dashes, at most 30': 'PLU berisi huruf, angka dan tanda hubung, maksimal 30',
  'End date cannot be before the start date': 'Tanggal berakhir tidak boleh sebelum tanggal mulai',
};
const REWARD_FIELDS_ID: Record<string, string> = {
  ...FIELDS_ID,
  programme_id: 'Program Stempel',
  programme_name: 'Program Stempel',
  stamps_required: 'Stempel Dibutuhkan',
  stock: 'Stok',
  image_url: 'Alamat Gambar',
};
Object.assign(id, {
  'loyalty.reward.title': 'Hadiah',
  'loyalty.reward.search': 'Cari nama',
  'loyalty.reward.sections.general': 'Hadiah',
  'loyalty.reward.sections.image': 'Gambar',
  'loyalty.reward.help.stock': 'Setiap penukaran mengambil satu',
  'loyalty.reward.placeholders.image_url': 'https://… atau /images/…',
  'Type a programme name': 'Ketik nama program',
  'Choose a stamp programme': 'Pilih program stempel',
  'Stamps required is at least 1': 'Stempel dibutuhkan minimal 1',
  'Stock cannot be negative': 'Stok tidak boleh negatif',
  'Image must be an http(s) address or a path under /images/': 'Gambar harus alamat http(s) atau path di bawah /images/',
});
for (const [field, text] of Object.entries(FIELDS_ID)) id[`loyalty.stamp.fields.${field}`] = text;
for (const [field, text] of Object.entries(REWARD_FIELDS_ID)) id[`loyalty.reward.fields.${field}`] = text;

export const stampsI18n = { en: {} as Record<string, string>, id };
