/**
 * Texts of the catalog screens. English defaults live in the views; this file gives the Indonesian ones, keyed
 * `catalog.<resource>.fields.<field>` (and `.sections.`, `.title`, `.search`) as the views name them.
 */
const FIELDS_ID: Record<string, string> = {
  code: 'Kode',
  name: 'Nama',
  status: 'Status',
  position: 'Urutan',
  product_count: 'Produk',
  sub_count: 'Sub Kategori',
  updated_by_name: 'Diubah Oleh',
  updated_at: 'Diubah Pada',
  created_at: 'Dibuat Pada',
  description: 'Deskripsi',
  image_url: 'URL Gambar',
  parent_id: 'Kategori Induk',
  parent_name: 'Kategori Induk',
  plu: 'PLU',
  barcode: 'Barcode',
  brand: 'Merek',
  category_id: 'Sub Kategori',
  category_name: 'Sub Kategori',
  parent_category_id: 'Kategori Induk',
  parent_category_name: 'Kategori Induk',
  product_category: 'Kategori Produk',
  uom: 'Satuan',
  price: 'Harga',
  promo_price: 'Harga Promo',
  stock: 'Stok',
  is_active: 'Aktif',
  in_stock: 'Stok',
  product_name: 'Produk',
  store_code: 'Kode Toko',
  store_name: 'Toko',
  address: 'Alamat',
  province_code: 'Provinsi',
  province_name: 'Provinsi',
  regency_code: 'Kabupaten / Kota',
  regency_name: 'Kabupaten / Kota',
  district_name: 'Kecamatan',
  village_name: 'Kelurahan / Desa',
  postal_code: 'Kode Pos',
  latitude: 'Lintang',
  longitude: 'Bujur',
  phone: 'Telepon',
  email: 'E-mail',
  open_time: 'Buka',
  close_time: 'Tutup',
  is_pickup: 'Ambil di Toko',
  is_delivery: 'Pengiriman',
  delivery_mode: 'Mode Pengiriman',
  delivery_radius_km: 'Radius Pengiriman (km)',
  min_order: 'Minimum Belanja',
  group_store_name: 'Grup Toko',
};

const RESOURCES_ID: Record<string, { title: string; search?: string; sections?: Record<string, string> }> = {
  parentCategory: { title: 'Kategori Induk', search: 'Cari nama atau kode', sections: { general: 'Kategori Induk' } },
  subCategory: { title: 'Sub Kategori', search: 'Cari nama atau kode', sections: { general: 'Sub Kategori' } },
  product: { title: 'Produk', search: 'Cari PLU, barcode atau nama', sections: { general: 'Produk' } },
  store: { title: 'Toko', search: 'Cari kode atau nama toko', sections: { general: 'Toko', location: 'Lokasi', delivery: 'Pengiriman', store: 'Toko' } },
  storeProduct: { title: 'Produk Toko', search: 'Cari PLU atau nama', sections: { general: 'Produk Toko' } },
};

const id: Record<string, string> = {
  'catalog.order.open': 'Atur Urutan',
  'catalog.order.title': 'Urutan kategori induk',
  'catalog.order.help': 'Seret kategori ke tempatnya, atau pindahkan dengan panahnya (juga dari keyboard: pegangannya menerima Spasi dan tombol panah). Aplikasi menampilkan kategori dengan urutan ini.',
  'catalog.order.saved': 'Urutan kategori tersimpan',
  'catalog.product.viewStore': 'Lihat Toko',
  'catalog.product.storesOf': 'Toko yang menjual {{name}}',
  'catalog.store.products': 'Produk di toko ini',
  'catalog.product.fields.price': 'Harga',
  'catalog.product.import': 'Impor',
  'catalog.product.bulkImage': 'Gambar Massal',
  'catalog.store.bulkEdit': 'Ubah Massal',
  'catalog.store.regions': 'Wilayah',
  'catalog.store.productSync': 'Sinkron Produk Toko',
};
for (const [resource, texts] of Object.entries(RESOURCES_ID)) {
  id[`catalog.${resource}.title`] = texts.title;
  if (texts.search) id[`catalog.${resource}.search`] = texts.search;
  for (const [key, text] of Object.entries(texts.sections ?? {})) id[`catalog.${resource}.sections.${key}`] = text;
  for (const [field, text] of Object.entries(FIELDS_ID)) id[`catalog.${resource}.fields.${field}`] = text;
}

export const catalogI18n = { en: {} as Record<string, string>, id };
