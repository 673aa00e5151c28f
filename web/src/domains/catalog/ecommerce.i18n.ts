/**
 * Indonesian texts of the group store, delivery method and planogram screens (English defaults live in the views), and
 * of the generic pickers they brought (ui/RemoteSelect, ui/DayInput).
 */
const FIELDS_ID: Record<string, string> = {
  code: 'Kode',
  name: 'Nama',
  title: 'Judul',
  description: 'Deskripsi',
  status: 'Status',
  store_count: 'Jumlah Toko',
  updated_by_name: 'Diubah Oleh',
  updated_at: 'Diubah Pada',
  created_at: 'Dibuat Pada',
  delivery_mode: 'Mode Pengiriman',
  fee: 'Biaya',
  eta: 'Estimasi Waktu',
  position: 'Urutan',
  content_type: 'Tipe Konten',
  display_location: 'Lokasi Tampil',
  member_scope: 'Cakupan Member',
  start_date: 'Tanggal Mulai',
  end_date: 'Tanggal Berakhir',
  priority: 'Prioritas',
  image_url: 'URL Gambar',
  sub_category_count: 'Sub Kategori',
  product_count: 'Produk',
  sub_category_ids: 'Sub Kategori Tersinkron',
  product_ids: 'Produk Tersinkron',
  active_on: 'Aktif Pada',
};

const RESOURCES_ID: Record<string, { title: string; search?: string; sections?: Record<string, string> }> = {
  groupStore: { title: 'Grup Toko', search: 'Cari kode atau nama', sections: { general: 'Grup Toko' } },
  deliveryMethod: { title: 'Metode Pengiriman', search: 'Cari kode atau nama', sections: { general: 'Metode Pengiriman' } },
  planogram: { title: 'Planogram', search: 'Cari judul', sections: { general: 'Planogram', subCategories: 'Sub Kategori Tersinkron', products: 'Produk Tersinkron' } },
};

const id: Record<string, string> = {
  'ecommerce.groupStore.stores': 'Toko dalam grup ini',
  'ecommerce.groupStore.placeholders.code': 'mis. JABODETABEK',
  'ecommerce.deliveryMethod.listTitle': 'Metode Pengiriman',
  'ecommerce.deliveryMethod.open': 'Metode Pengiriman',
  'ecommerce.deliveryMethod.placeholders.eta': 'mis. 1-3 jam',
  'ecommerce.planogram.help.priority': '1 (tertinggi) sampai 10',
  'ecommerce.planogram.placeholders.image_url': 'https://… atau /images/…',
  'ecommerce.planogram.fields.position': 'Urutan',
  'ecommerce.planogram.order.open': 'Atur Urutan',
  'ecommerce.planogram.order.title': 'Urutan tampil planogram',
  'ecommerce.planogram.order.help': 'Seret planogram ke tempatnya, atau pindahkan dengan panahnya (juga dari keyboard: pegangannya menerima Spasi dan tombol panah). Aplikasi menampilkan planogram dengan urutan ini.',
  'ecommerce.planogram.order.saved': 'Urutan planogram tersimpan',
  'ecommerce.storeDelivery.title': 'Metode Pengiriman',
  'ecommerce.storeDelivery.manage': 'Semua metode pengiriman',
  'ecommerce.storeDelivery.none': 'Toko ini belum menawarkan metode pengiriman',
  'ui.typeToSearch': 'Ketik untuk mencari',
  'ui.chooseFirst': 'Pilih wilayah terlebih dahulu',
  'Type a PLU or product name': 'Ketik PLU atau nama produk',
  'Type a store code or name': 'Ketik kode atau nama toko',
  // Contract messages of these screens.
  'End date cannot be before the start date': 'Tanggal berakhir tidak boleh sebelum tanggal mulai',
  'Priority is 1 to 10': 'Prioritas 1 sampai 10',
  'Choose at least one sub category': 'Pilih minimal satu sub kategori',
  'Choose at least one product': 'Pilih minimal satu produk',
  'Title is required': 'Judul wajib diisi',
  'Code is required': 'Kode wajib diisi',
  'Content type is required': 'Tipe konten wajib diisi',
  'Display location is required': 'Lokasi tampil wajib diisi',
  'Start date is required': 'Tanggal mulai wajib diisi',
  'End date is required': 'Tanggal berakhir wajib diisi',
  'Start date must be a date like 2025-01-31': 'Tanggal mulai harus berupa tanggal, mis. 2025-01-31',
  'End date must be a date like 2025-01-31': 'Tanggal berakhir harus berupa tanggal, mis. 2025-01-31',
  'Estimated time is required': 'Estimasi waktu wajib diisi',
  'Delivery mode is required': 'Mode pengiriman wajib diisi',
  'Fee must be a number': 'Biaya harus berupa angka',
};
for (const [resource, texts] of Object.entries(RESOURCES_ID)) {
  id[`ecommerce.${resource}.title`] = texts.title;
  if (texts.search) id[`ecommerce.${resource}.search`] = texts.search;
  for (const [key, text] of Object.entries(texts.sections ?? {})) id[`ecommerce.${resource}.sections.${key}`] = text;
  for (const [field, text] of Object.entries(FIELDS_ID)) id[`ecommerce.${resource}.fields.${field}`] = text;
}
id['ecommerce.planogram.fields.position'] = 'Urutan';
id['ecommerce.deliveryMethod.fields.store_count'] = 'Toko';

export const ecommerceI18n = { en: {} as Record<string, string>, id };
