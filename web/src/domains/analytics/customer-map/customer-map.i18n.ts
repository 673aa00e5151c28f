/** Indonesian texts of the thematic customer map and the Customers dashboard (English defaults live in the components). */
const id: Record<string, string> = {
  'customerMap.title': 'Sebaran pelanggan',
  'customerMap.label': 'Peta alamat pelanggan dalam tampilan',
  'customerMap.inView': 'Dalam tampilan ini',
  'customerMap.addresses': 'Alamat: {{n}}',
  'customerMap.addressesColumn': 'Alamat',
  'customerMap.byProvince': 'Per provinsi',
  'customerMap.centre': 'Pusat (lintang, bujur)',
  'customerMap.clusterTip': '{{n}} alamat: klik untuk memperbesar',
  'customerMap.exportDetail': 'Ekspor detail',
  'customerMap.exportSummary': 'Ekspor ringkasan',
  'customerMap.largestClusters': 'Kelompok terbesar',
  'customerMap.loading': 'Memuat tampilan…',
  'customerMap.membersOnly': 'Hanya member',
  'customerMap.noneInView': 'Tidak ada alamat berlokasi dalam tampilan ini',
  'customerMap.pointTip': 'Alamat {{id}} milik konsumen {{consumer}}',
  'customerMap.province': 'Provinsi',
  'customerMap.reset': 'Tampilkan seluruh Indonesia',
  'customerMap.share': 'Porsi',
  'customerMap.shownClusters': 'Ditampilkan sebagai {{clusters}} kelompok pada kisi sekitar {{km}} km',
  'customerMap.shownPoints': 'Ditampilkan sebagai {{points}} titik, satu per alamat',
  'customerMap.zoomIn': 'Perbesar',
  'customerMap.zoomOut': 'Perkecil',
};

export const customerMapI18n = { en: {} as Record<string, string>, id };
