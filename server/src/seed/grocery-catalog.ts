/**
 * A grocery assortment as an Indonesian supermarket carries it: parent and sub categories, brands, variants and pack
 * sizes with realistic Rupiah prices. Products are the combinations, taken in a fixed order so every scale is
 * deterministic.
 */
export interface SubCategorySpec {
  code: string;
  name: string;
  /** Product category enum of section 3 (1 Perishable ... 7 Indirect Procurement). */
  kind: number;
  type: string;
  brands: readonly string[];
  variants: readonly string[];
  sizes: readonly { label: string; uom: string; price: number }[];
}

export interface ParentCategorySpec {
  code: string;
  name: string;
  subs: readonly SubCategorySpec[];
}

const g = (label: string, price: number, uom = 'PCS') => ({ label, uom, price });

export const GROCERY: readonly ParentCategorySpec[] = [
  {
    code: 'SEMBAKO',
    name: 'Bahan Pokok',
    subs: [
      { code: 'BERAS', name: 'Beras', kind: 2, type: 'Beras', brands: ['Topi Koki', 'Sania', 'Ramos', 'Cap Bunga', 'Pandan Wangi', 'Rojolele'], variants: ['Premium', 'Medium', 'Pulen', 'Setra Ramos'], sizes: [g('2 kg', 32_000, 'PACK'), g('5 kg', 76_500, 'PACK'), g('10 kg', 148_000, 'PACK')] },
      { code: 'MINYAK', name: 'Minyak Goreng', kind: 2, type: 'Minyak Goreng', brands: ['Bimoli', 'Sania', 'Filma', 'Tropical', 'Sunco', 'Fortune'], variants: ['Klasik', 'Spesial', 'Pouch', 'Botol'], sizes: [g('1 L', 19_900, 'BTL'), g('2 L', 38_500, 'BTL'), g('5 L', 92_000, 'BTL')] },
      { code: 'GULA', name: 'Gula & Pemanis', kind: 2, type: 'Gula', brands: ['Gulaku', 'Rose Brand', 'Gunung Madu', 'Tropicana Slim'], variants: ['Pasir Putih', 'Kuning', 'Merah', 'Sachet'], sizes: [g('500 g', 9_500, 'PACK'), g('1 kg', 17_900, 'PACK'), g('2 kg', 35_000, 'PACK')] },
      { code: 'TEPUNG', name: 'Tepung', kind: 2, type: 'Tepung', brands: ['Segitiga Biru', 'Cakra Kembar', 'Kunci Biru', 'Rose Brand', 'Sajiku'], variants: ['Terigu', 'Beras', 'Tapioka', 'Bumbu Serbaguna'], sizes: [g('250 g', 6_500, 'PACK'), g('500 g', 11_000, 'PACK'), g('1 kg', 14_500, 'PACK')] },
      { code: 'TELUR', name: 'Telur', kind: 1, type: 'Telur', brands: ['Ayam Negeri', 'Omega', 'Ayam Kampung', 'Puyuh'], variants: ['Segar', 'Organik', 'Premium'], sizes: [g('isi 6', 14_500, 'PACK'), g('isi 10', 23_500, 'PACK'), g('1 kg', 29_000, 'KG')] },
    ],
  },
  {
    code: 'MAKANAN',
    name: 'Makanan Instan',
    subs: [
      { code: 'MI', name: 'Mi Instan', kind: 2, type: 'Mi', brands: ['Indomie', 'Mie Sedaap', 'Supermi', 'Sarimi', 'Lemonilo', 'Pop Mie'], variants: ['Goreng', 'Soto', 'Kari Ayam', 'Ayam Bawang', 'Rendang', 'Ayam Geprek', 'Kuah Pedas'], sizes: [g('75 g', 3_100), g('5 x 85 g', 15_500, 'PACK'), g('Karton 40', 118_000, 'DUS')] },
      { code: 'KALENG', name: 'Makanan Kaleng', kind: 2, type: 'Sarden', brands: ['ABC', 'Botan', 'Pronas', 'Maya', 'King Fisher'], variants: ['Saus Tomat', 'Saus Cabai', 'Kornet Sapi', 'Rendang'], sizes: [g('155 g', 11_500, 'CAN'), g('340 g', 24_900, 'CAN'), g('425 g', 29_500, 'CAN')] },
      { code: 'BUMBU', name: 'Bumbu Dapur', kind: 2, type: 'Bumbu', brands: ['Royco', 'Masako', 'Bamboe', 'Indofood', 'Sasa'], variants: ['Ayam', 'Sapi', 'Nasi Goreng', 'Rendang', 'Soto', 'Opor'], sizes: [g('Sachet 8 g', 600, 'SACHET'), g('100 g', 5_500, 'PACK'), g('250 g', 12_500, 'PACK')] },
      { code: 'KECAP', name: 'Kecap & Saus', kind: 2, type: 'Kecap', brands: ['Bango', 'ABC', 'Sedaap', 'Indofood', 'Del Monte'], variants: ['Manis', 'Asin', 'Saus Sambal', 'Saus Tomat', 'Saus Tiram'], sizes: [g('135 ml', 7_900, 'BTL'), g('275 ml', 14_500, 'BTL'), g('520 ml', 24_500, 'BTL')] },
    ],
  },
  {
    code: 'MINUMAN',
    name: 'Minuman',
    subs: [
      { code: 'AIR', name: 'Air Mineral', kind: 2, type: 'Air Mineral', brands: ['Aqua', 'Le Minerale', 'Ades', 'Cleo', 'Nestle Pure Life', 'Vit'], variants: ['Botol', 'Gelas', 'Galon Isi Ulang'], sizes: [g('330 ml', 3_000, 'BTL'), g('600 ml', 4_000, 'BTL'), g('1.5 L', 7_500, 'BTL'), g('Pack 24', 52_000, 'DUS')] },
      { code: 'TEH', name: 'Teh & Kopi Siap Minum', kind: 2, type: 'Minuman', brands: ['Teh Botol Sosro', 'Teh Pucuk Harum', 'Frestea', 'Kopiko 78', 'Good Day', 'Nescafe'], variants: ['Original', 'Less Sugar', 'Melati', 'Cappuccino', 'Latte'], sizes: [g('220 ml', 4_500, 'BTL'), g('350 ml', 5_900, 'BTL'), g('Pack 6', 31_000, 'PACK')] },
      { code: 'KOPI', name: 'Kopi Bubuk & Sachet', kind: 2, type: 'Kopi', brands: ['Kapal Api', 'ABC', 'Torabika', 'Luwak White Koffie', 'Indocafe', 'Good Day'], variants: ['Special Mix', 'Susu', 'Mocca', 'Hitam', 'Gula Aren'], sizes: [g('Sachet 10 x 25 g', 14_900, 'RENCENG'), g('165 g', 16_500, 'PACK'), g('380 g', 34_900, 'PACK')] },
      { code: 'SUSU', name: 'Susu UHT', kind: 1, type: 'Susu UHT', brands: ['Ultra Milk', 'Indomilk', 'Frisian Flag', 'Greenfields', 'Diamond', 'Bear Brand'], variants: ['Full Cream', 'Cokelat', 'Stroberi', 'Low Fat', 'Plain'], sizes: [g('200 ml', 6_200, 'PCS'), g('250 ml', 7_500, 'PCS'), g('1 L', 19_500, 'PCS')] },
      { code: 'SIRUP', name: 'Sirup', kind: 2, type: 'Sirup', brands: ['Marjan', 'ABC', 'Freiss', 'Indofood Freiss', 'Tjampolay'], variants: ['Cocopandan', 'Melon', 'Jeruk', 'Leci', 'Mangga'], sizes: [g('460 ml', 22_500, 'BTL'), g('525 ml', 24_900, 'BTL')] },
    ],
  },
  {
    code: 'CAMILAN',
    name: 'Makanan Ringan',
    subs: [
      { code: 'KERIPIK', name: 'Keripik', kind: 2, type: 'Keripik', brands: ['Chitato', 'Qtela', 'Lays', 'Potabee', 'Maicih', 'Kusuka'], variants: ['Sapi Panggang', 'Original', 'Balado', 'Rumput Laut', 'Ayam Bakar', 'Keju'], sizes: [g('35 g', 6_500, 'PACK'), g('68 g', 11_500, 'PACK'), g('120 g', 19_500, 'PACK')] },
      { code: 'BISKUIT', name: 'Biskuit & Wafer', kind: 2, type: 'Biskuit', brands: ['Roma', 'Khong Guan', 'Tango', 'Oreo', 'Nissin', 'Good Time'], variants: ['Kelapa', 'Cokelat', 'Vanila', 'Keju', 'Sandwich', 'Marie'], sizes: [g('120 g', 8_900, 'PACK'), g('300 g', 18_900, 'PACK'), g('Kaleng 650 g', 62_500, 'CAN')] },
      { code: 'COKELAT', name: 'Cokelat & Permen', kind: 2, type: 'Cokelat', brands: ['Silverqueen', 'Delfi', 'Cadbury', 'Beng-Beng', 'Kopiko', 'Relaxa'], variants: ['Almond', 'Cashew', 'Milk', 'Dark', 'Mint'], sizes: [g('30 g', 8_500), g('62 g', 16_900), g('Pack 10', 19_900, 'PACK')] },
    ],
  },
  {
    code: 'SEGAR',
    name: 'Produk Segar',
    subs: [
      { code: 'SAYUR', name: 'Sayuran', kind: 1, type: 'Sayur', brands: ['Segar Tani', 'Kebun Lokal', 'Organik Nusantara'], variants: ['Bayam', 'Kangkung', 'Wortel', 'Brokoli', 'Kentang', 'Bawang Merah', 'Bawang Putih', 'Cabai Rawit', 'Tomat'], sizes: [g('250 g', 6_900, 'PACK'), g('500 g', 12_900, 'PACK'), g('1 kg', 23_900, 'KG')] },
      { code: 'BUAH', name: 'Buah', kind: 1, type: 'Buah', brands: ['Sunpride', 'Kebun Lokal', 'Import Pilihan'], variants: ['Pisang Cavendish', 'Apel Fuji', 'Jeruk Medan', 'Mangga Harum Manis', 'Semangka', 'Pepaya California', 'Anggur Merah'], sizes: [g('500 g', 17_500, 'PACK'), g('1 kg', 32_500, 'KG')] },
      { code: 'DAGING', name: 'Daging & Unggas', kind: 1, type: 'Daging', brands: ['So Good', 'Fiesta', 'Kanzler', 'Belfoods', 'Segar Potong'], variants: ['Ayam Utuh', 'Dada Ayam', 'Paha Ayam', 'Sapi Has Dalam', 'Sapi Giling', 'Nugget', 'Sosis Sapi'], sizes: [g('250 g', 24_500, 'PACK'), g('500 g', 45_500, 'PACK'), g('1 kg', 86_000, 'KG')] },
      { code: 'IKAN', name: 'Ikan & Seafood', kind: 1, type: 'Ikan', brands: ['Laut Segar', 'Bahari', 'Nelayan Lokal'], variants: ['Kembung', 'Tongkol', 'Salmon Fillet', 'Udang Vaname', 'Cumi', 'Bandeng Presto'], sizes: [g('250 g', 27_500, 'PACK'), g('500 g', 52_000, 'PACK'), g('1 kg', 98_000, 'KG')] },
    ],
  },
  {
    code: 'RUMAH',
    name: 'Kebutuhan Rumah Tangga',
    subs: [
      { code: 'DETERJEN', name: 'Deterjen', kind: 3, type: 'Deterjen', brands: ['Rinso', 'So Klin', 'Attack', 'Daia', 'Surf', 'Boom'], variants: ['Bubuk', 'Cair', 'Anti Noda', 'Lembut Wangi', 'Matic'], sizes: [g('800 g', 24_500, 'PACK'), g('1.8 kg', 49_900, 'PACK'), g('Refill 750 ml', 21_900, 'PACK')] },
      { code: 'SABUN-CUCI', name: 'Sabun Cuci Piring', kind: 3, type: 'Sabun Cuci Piring', brands: ['Sunlight', 'Mama Lemon', 'Sleek', 'Economic'], variants: ['Jeruk Nipis', 'Lemon', 'Anti Bakteri', 'Teh Hijau'], sizes: [g('400 ml', 9_900, 'PACK'), g('755 ml', 17_900, 'PACK'), g('1.6 L', 34_500, 'BTL')] },
      { code: 'PEMBERSIH', name: 'Pembersih Lantai', kind: 3, type: 'Pembersih', brands: ['Super Pell', 'So Klin Lantai', 'Wipol', 'Vixal', 'Harpic'], variants: ['Lemon', 'Cemara', 'Lavender', 'Apel'], sizes: [g('770 ml', 14_500, 'PACK'), g('1.6 L', 27_900, 'PACK')] },
      { code: 'TISU', name: 'Tisu', kind: 3, type: 'Tisu', brands: ['Paseo', 'Nice', 'Tessa', 'Multi'], variants: ['Wajah', 'Gulung', 'Basah', 'Dapur'], sizes: [g('isi 200', 12_500, 'PACK'), g('isi 4 gulung', 19_900, 'PACK'), g('isi 50', 9_500, 'PACK')] },
    ],
  },
  {
    code: 'PERAWATAN',
    name: 'Perawatan Diri',
    subs: [
      { code: 'SABUN', name: 'Sabun Mandi', kind: 3, type: 'Sabun Mandi', brands: ['Lifebuoy', 'Lux', 'Dettol', 'Nuvo', 'Biore', 'Shinzui'], variants: ['Batang', 'Cair', 'Total 10', 'Lemon Fresh', 'Matsu'], sizes: [g('85 g', 4_500), g('250 ml', 24_900, 'BTL'), g('Refill 450 ml', 32_500, 'PACK')] },
      { code: 'SAMPO', name: 'Sampo', kind: 3, type: 'Sampo', brands: ['Sunsilk', 'Pantene', 'Clear', 'Dove', 'Head & Shoulders', 'Emeron'], variants: ['Hitam Berkilau', 'Anti Ketombe', 'Lembut', 'Hair Fall'], sizes: [g('Sachet 10 ml', 1_000, 'SACHET'), g('170 ml', 27_500, 'BTL'), g('340 ml', 49_900, 'BTL')] },
      { code: 'GIGI', name: 'Perawatan Gigi', kind: 3, type: 'Pasta Gigi', brands: ['Pepsodent', 'Close Up', 'Formula', 'Sensodyne', 'Ciptadent'], variants: ['Pencegah Gigi Berlubang', 'Herbal', 'Whitening', 'Sikat Gigi Soft'], sizes: [g('75 g', 9_500), g('190 g', 18_900), g('Pack 3', 26_500, 'PACK')] },
    ],
  },
  {
    code: 'BAYI',
    name: 'Ibu & Bayi',
    subs: [
      { code: 'POPOK', name: 'Popok', kind: 3, type: 'Popok', brands: ['MamyPoko', 'Merries', 'Sweety', 'Pampers', 'Huggies'], variants: ['Pants S', 'Pants M', 'Pants L', 'Pants XL', 'Perekat NB'], sizes: [g('isi 20', 54_900, 'PACK'), g('isi 34', 89_500, 'PACK'), g('isi 52', 134_000, 'PACK')] },
      { code: 'SUSU-FORMULA', name: 'Susu Formula', kind: 2, type: 'Susu Formula', brands: ['SGM', 'Dancow', 'Bebelac', 'Lactogen', 'Morinaga Chil Kid'], variants: ['1+ Vanila', '3+ Madu', 'Eksplor', 'Soya'], sizes: [g('400 g', 62_500, 'BOX'), g('800 g', 118_000, 'BOX')] },
    ],
  },
  {
    code: 'PERALATAN',
    name: 'Peralatan & Lainnya',
    subs: [
      { code: 'ALAT-DAPUR', name: 'Alat Dapur', kind: 6, type: 'Alat Dapur', brands: ['Maspion', 'Lock&Lock', 'Tupperware', 'Claris', 'Kris'], variants: ['Wajan', 'Panci', 'Wadah Makanan', 'Spatula', 'Botol Minum'], sizes: [g('Kecil', 39_900), g('Sedang', 79_900), g('Besar', 129_000)] },
      { code: 'PROMO-KONTER', name: 'Konter & Promosi', kind: 5, type: 'Paket', brands: ['Hemat', 'Spesial Lebaran', 'Ramadan', 'Akhir Tahun'], variants: ['Sembako', 'Camilan', 'Kebersihan'], sizes: [g('Paket A', 99_000, 'PACK'), g('Paket B', 149_000, 'PACK')] },
      { code: 'UMUM', name: 'Barang Umum', kind: 4, type: 'Barang', brands: ['Panasonic', 'ABC Alkaline', 'Energizer', 'Philips'], variants: ['Baterai AA', 'Baterai AAA', 'Lampu LED 9W', 'Lampu LED 13W'], sizes: [g('isi 2', 17_500, 'PACK'), g('isi 4', 32_000, 'PACK')] },
      { code: 'ATK', name: 'Perlengkapan Kantor', kind: 7, type: 'ATK', brands: ['Joyko', 'Sidu', 'Faber-Castell', 'Kenko'], variants: ['Pulpen', 'Buku Tulis', 'Pensil 2B', 'Kertas HVS A4'], sizes: [g('isi 1', 3_500), g('isi 12', 36_000, 'PACK'), g('Rim', 52_000, 'PACK')] },
    ],
  },
];

export interface GeneratedProduct {
  plu: string;
  barcode: string;
  name: string;
  brand: string;
  sub: string;
  product_category: number;
  uom: string;
  price: number;
}

/** Rounds a Rupiah price to what shelves show: the nearest 100, ending in ...900 or ...500 above 10,000. */
function shelfPrice(raw: number): number {
  if (raw >= 10_000) return Math.max(1_000, Math.round(raw / 500) * 500 - 100);
  return Math.max(500, Math.round(raw / 100) * 100);
}

/** An EAN-13 with a valid check digit, from Indonesia's GS1 prefix 899. */
function ean13(n: number): string {
  const body = `899${String(n).padStart(9, '0')}`;
  const sum = [...body].reduce((acc, d, i) => acc + Number(d) * (i % 2 ? 3 : 1), 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

/**
 * `count` products: every brand × variant × size of every sub category in turn; past the assortment's size, further
 * rounds carry a pack-size suffix, so names stay believable and PLUs unique.
 */
export function* groceryProducts(count: number): Generator<GeneratedProduct> {
  const subs = GROCERY.flatMap((p) => p.subs);
  const combos: { sub: SubCategorySpec; brand: string; variant: string; size: SubCategorySpec['sizes'][number] }[] = [];
  const longest = Math.max(...subs.map((s) => s.brands.length * s.variants.length * s.sizes.length));
  // Interleave sub categories so a small scale still covers every category.
  for (let i = 0; i < longest; i++) {
    for (const sub of subs) {
      const total = sub.brands.length * sub.variants.length * sub.sizes.length;
      if (i >= total) continue;
      const size = sub.sizes[i % sub.sizes.length]!;
      const variant = sub.variants[Math.floor(i / sub.sizes.length) % sub.variants.length]!;
      const brand = sub.brands[Math.floor(i / (sub.sizes.length * sub.variants.length))]!;
      combos.push({ sub, brand, variant, size });
    }
  }
  const packs = ['', 'Multipack 2', 'Multipack 3', 'Hemat 4', 'Bundling 6', 'Grosir 12', 'Isi Ulang', 'Edisi Terbatas'];
  for (let n = 0; n < count; n++) {
    const c = combos[n % combos.length]!;
    const round = Math.floor(n / combos.length);
    const pack = packs[round % packs.length]!;
    const series = round >= packs.length ? ` Seri ${Math.floor(round / packs.length) + 1}` : '';
    const factor = pack ? Number(/\d+/.exec(pack)?.[0] ?? 1) * 0.95 : 1;
    // A small deterministic spread so brands of one size do not all cost the same.
    const spread = 0.85 + ((n * 7919) % 31) / 100;
    yield {
      plu: String(1_000_001 + n),
      barcode: ean13(100_000 + n),
      name: `${c.brand} ${c.sub.type} ${c.variant} ${c.size.label}${pack ? ` ${pack}` : ''}${series}`,
      brand: c.brand,
      sub: c.sub.code,
      product_category: c.sub.kind,
      uom: c.size.uom,
      price: shelfPrice(c.size.price * factor * spread),
    };
  }
}
