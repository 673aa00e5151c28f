import type { Action, AppEnv, Area, MenuEntry } from './types.ts';

const ALL_ENVS: readonly AppEnv[] = ['development', 'staging', 'uat', 'production'];
const PRE_PROD: readonly AppEnv[] = ['development', 'staging', 'uat'];

const CRUD: readonly Action[] = ['view', 'create', 'edit', 'delete', 'export'];
const EDIT: readonly Action[] = ['view', 'edit'];
const VIEW: readonly Action[] = ['view', 'export'];
const CONTENT: readonly Action[] = ['view', 'create', 'edit', 'delete', 'export', 'approve'];

export const AREA_PREFIX: Record<Area, string> = {
  ssosis: '/admin/dashboard',
  cms: '/admin/aphrodite',
  orion: '/admin/orion',
  pandora: '/admin/pandora',
  heimdal: '/admin/heimdal',
};

export const AREA_LABEL: Record<Area, { en: string; id: string }> = {
  ssosis: { en: 'SSO', id: 'SSO' },
  cms: { en: 'CMS', id: 'CMS' },
  orion: { en: 'Catalogue', id: 'Katalog' },
  pandora: { en: 'Reports & Analytics', id: 'Laporan & Analitik' },
  heimdal: { en: 'Operator Tools', id: 'Alat Operator' },
};

type Row = [entry: string, label: string, labelId: string, actions: readonly Action[], opts?: { envs?: readonly AppEnv[]; hidden?: boolean; superOnly?: boolean }];

function group(area: Area, groupName: string, rows: Row[]): MenuEntry[] {
  return rows.map(([entry, label, labelId, actions, opts]) => ({
    key: `${area}.${entry}`,
    area,
    group: groupName,
    label,
    labelId,
    route: `${AREA_PREFIX[area]}/${entry}`,
    actions,
    envs: opts?.envs ?? ALL_ENVS,
    ...(opts?.hidden || opts?.superOnly ? { hidden: true } : {}),
    ...(opts?.superOnly ? { superOnly: true } : {}),
  }));
}

/**
 * Every area and menu entry of the spec's section 2, in menu order. The first permitted entry of an area is its landing page,
 * so each area starts with the spec's default landing (role-management, store-management, parent-category, sales-dashboard).
 */
export const MENU: readonly MenuEntry[] = [
  ...group('ssosis', 'Access', [
    ['role-management', 'Role Management', 'Manajemen Peran', CRUD],
    ['user-management', 'User Management', 'Manajemen Pengguna', CRUD],
  ]),
  ...group('cms', 'E-commerce', [
    ['store-management', 'Store Management', 'Manajemen Toko', CRUD],
    ['member-management', 'Member Management', 'Manajemen Member', CRUD],
    ['promo-management', 'Promo Management', 'Manajemen Promo', CRUD],
    ['free-gift-promotion', 'Free Gift Promotion', 'Promosi Hadiah Gratis', CRUD],
    ['planogram-management', 'Planogram Management', 'Manajemen Planogram', CRUD],
    ['3pl-setting', '3PL Setting', 'Pengaturan 3PL', EDIT],
    ['order-management', 'Order Management', 'Manajemen Pesanan', ['view', 'edit', 'export']],
    // Seasonal pre-order campaigns the consumer app takes orders for (decisions.md, "Pre-order events").
    ['pre-order-events', 'Pre-order Events', 'Acara Pra-pesan', CRUD],
    ['dashboard', 'Dashboard', 'Dasbor', ['view']],
    ['general-setting', 'General Setting', 'Pengaturan Umum', EDIT],
    ['app-version', 'App Version', 'Versi Aplikasi', EDIT],
  ]),
  ...group('cms', 'Loyalty & Payment', [
    ['associate-loyalty-program', 'Associate Loyalty Program', 'Program Loyalitas Karyawan', CRUD],
    ['method-of-payment/bulk-voucher', 'Bulk Voucher', 'Voucher Massal', ['view', 'create', 'edit', 'export', 'approve']],
    ['method-of-payment/credit-limit', 'Credit Limit', 'Batas Kredit', EDIT],
  ]),
  ...group('cms', 'Voucher Digital', [
    ['voucher-digital/voucher-management', 'Voucher Management', 'Manajemen Voucher', CRUD],
    ['voucher-digital/partner-management', 'Partner Management', 'Manajemen Mitra', ['view', 'create', 'edit', 'approve', 'export']],
    ['voucher-digital/order-voucher-management', 'Order Voucher Management', 'Manajemen Pesanan Voucher', ['view', 'create', 'edit', 'approve', 'export']],
  ]),
  ...group('cms', 'Digital Coupon', [
    ['coupon-setting', 'Coupon Setting', 'Pengaturan Kupon', CRUD],
    ['coupon-log', 'Coupon Log', 'Log Kupon', VIEW],
    ['raffle', 'Raffle', 'Undian', CRUD],
    ['download-list', 'Download List', 'Daftar Unduhan', ['view']],
  ]),
  ...group('cms', 'Campaign', [
    ['campaigns', 'Campaigns', 'Kampanye', CONTENT],
    ['offers', 'Offers', 'Penawaran', CONTENT],
    ['banners', 'Banners', 'Banner', CONTENT],
    ['push-messages', 'Push Messages', 'Pesan Push', CONTENT],
    ['approval-messages', 'Approval Messages', 'Pesan Persetujuan', ['view', 'edit', 'approve']],
    ['notification-offer', 'Notification Offer', 'Notifikasi Penawaran', EDIT],
  ]),
  ...group('cms', 'Top-up & Bills', [
    ['order-management-digital-product', 'Order Management Digital Product', 'Pesanan Produk Digital', ['view', 'edit', 'export'], { envs: PRE_PROD }],
    ['cta-setting', 'CTA Setting', 'Pengaturan CTA', EDIT, { envs: PRE_PROD }],
    ['banner-digital-product', 'Banner Digital Product', 'Banner Produk Digital', CONTENT, { envs: PRE_PROD }],
  ]),
  ...group('cms', 'Digital Stamp', [
    ['stamp', 'Stamp', 'Stempel', CRUD],
    ['reward', 'Reward', 'Hadiah', CRUD],
    ['report', 'Stamp Report', 'Laporan Stempel', VIEW],
    ['coupon', 'Stamp Coupon', 'Kupon Stempel', ['view']],
    ['how-to-redeem', 'How to Redeem', 'Cara Penukaran', EDIT],
  ]),
  ...group('cms', 'Polling & Survey', [
    ['form', 'Form', 'Formulir', CRUD, { envs: PRE_PROD }],
    ['response', 'Response', 'Tanggapan', VIEW, { envs: PRE_PROD }],
  ]),
  ...group('cms', 'Consumer', [
    ['consumer', 'Consumer', 'Konsumen', ['view', 'edit', 'export']],
    // Grantable, never a screen: its view right unmasks consumers' phone numbers and e-mail addresses (decisions.md).
    ['consumer-personal-data', 'Consumer Personal Data', 'Data Pribadi Konsumen', ['view'], { hidden: true }],
    // The record of who read consumers' personal data unmasked (UU PDP art. 31-32): the Super Admin's alone, never granted.
    ['personal-data-access', 'Personal Data Access', 'Akses Data Pribadi', ['view', 'export'], { superOnly: true }],
    ['help-center', 'Help Center', 'Pusat Bantuan', CRUD],
    ['faq', 'FAQ', 'FAQ', CRUD],
    ['template-help-center', 'Template Help Center', 'Templat Pusat Bantuan', CRUD, { hidden: true }],
    ['rating', 'Rating', 'Penilaian', VIEW, { envs: PRE_PROD }],
    ['chatbot', 'Message Template', 'Templat Pesan', EDIT],
    ['chatlive', 'Chat Live', 'Obrolan Langsung', EDIT],
  ]),
  ...group('cms', 'Master Data', [
    ['custom-consumer-tag', 'Custom Consumer Tag', 'Tag Konsumen', CRUD],
    ['group-store', 'Group Store', 'Grup Toko', CRUD, { hidden: true }],
    ['store', 'Store', 'Toko', CRUD],
    ['product', 'Product', 'Produk', CRUD],
    ['privacy-policy', 'Privacy Policy', 'Kebijakan Privasi', EDIT],
    ['setting-app', 'Setting App', 'Pengaturan Aplikasi', EDIT],
    ['term-condition', 'Terms & Conditions', 'Syarat & Ketentuan', EDIT],
    ['ticket-category-management', 'Ticket Category', 'Kategori Tiket', CRUD],
    ['master-mapping-email', 'Master Mapping E-mail', 'Pemetaan E-mail', CRUD],
  ]),
  ...group('cms', 'User Management', [
    ['log-history', 'Log History', 'Riwayat Log', VIEW],
    ['user', 'User', 'Pengguna', CRUD],
    ['role', 'Role', 'Peran', CRUD],
  ]),
  ...group('orion', 'Category', [
    ['category-management/parent-category', 'Parent Category', 'Kategori Induk', CRUD],
    ['category-management/sub-category', 'Sub Category', 'Sub Kategori', ['view', 'edit', 'export']],
  ]),
  ...group('orion', 'Product', [
    ['product-management', 'Product Management', 'Manajemen Produk', ['view', 'edit', 'export']],
    ['digital-product-management', 'Digital Product Management', 'Manajemen Produk Digital', CRUD, { envs: PRE_PROD }],
    ['max-purchase-limitation', 'Max Purchase Limitation', 'Batas Pembelian', CRUD],
    ['master-promo', 'Master Promo', 'Master Promo', ['view', 'edit', 'export']],
  ]),
  ...group('pandora', 'Dashboards', [
    ['sales-dashboard', 'Sales Dashboard', 'Dasbor Penjualan', VIEW],
    ['customer-analytics', 'Customer Analytics', 'Analitik Pelanggan', VIEW],
    ['sales-analytics', 'Sales Analytics', 'Analitik Penjualan', VIEW],
    ['planogram-analytics', 'Planogram Analytics', 'Analitik Planogram', VIEW],
    ['dashboard-analytics/overview', 'Overview', 'Ringkasan', VIEW],
    ['dashboard-analytics/customers', 'Customers', 'Pelanggan', VIEW],
    ['dashboard-analytics/marketing-campaign', 'Marketing Campaign', 'Kampanye Pemasaran', VIEW],
    ['dashboard-analytics/content', 'Content', 'Konten', VIEW],
    ['dashboard-analytics/help', 'Help', 'Bantuan', VIEW],
    ['dashboard-analytics/sales', 'Sales', 'Penjualan', VIEW],
  ]),
  ...group('pandora', 'E-voucher Reports', [
    ['voucher-report', 'Voucher Report', 'Laporan Voucher', VIEW],
    ['outstanding-voucher-report', 'Outstanding Voucher Report', 'Laporan Voucher Beredar', VIEW],
    ['sales-and-redeem-voucher-report', 'Sales and Redeem Voucher Report', 'Laporan Penjualan & Penukaran Voucher', VIEW],
    ['recap-voucher-report', 'Recap Voucher Report', 'Laporan Rekap Voucher', VIEW],
    ['voucher-usage-report', 'Voucher Redeem Report', 'Laporan Penukaran Voucher', VIEW],
    ['voucher-selling-report', 'Voucher Selling Report', 'Laporan Penjualan Voucher', VIEW],
    ['check-voucher-status', 'Check Voucher Status', 'Cek Status Voucher', ['view']],
  ]),
  ...group('pandora', 'Reports', [
    ['report/pre-order-sticker', 'Pre-order Sticker', 'Stiker Pra-pesan', VIEW],
    ['report/event-report-summary', 'Event Report Summary', 'Ringkasan Laporan Acara', VIEW],
    ['report/all-transactions', 'All Transactions', 'Semua Transaksi', VIEW],
    ['report/detail-transaction', 'Detail Transaction', 'Detail Transaksi', VIEW],
    ['report/disbursement', 'Disbursement', 'Pencairan', VIEW],
    ['report/unpick', 'Unpick', 'Tidak Diambil', VIEW],
    ['report/all-item', 'All Item', 'Semua Item', VIEW],
    ['report/alp-report', 'ALP Report', 'Laporan ALP', VIEW],
    ['report/monthly-recap', 'Monthly Recap', 'Rekap Bulanan', VIEW],
    ['free-gift-report', 'Free Gift Report', 'Laporan Hadiah Gratis', VIEW],
    ['promo-report', 'Promo Report', 'Laporan Promo', VIEW],
    ['spend-band-report', 'Spend Band Report', 'Laporan Spend Band', VIEW],
    ['report-helpdesk', 'Helpdesk Report', 'Laporan Helpdesk', VIEW],
  ]),
  ...group('heimdal', 'Logs', [
    ['consumer-login-log', 'Consumer Login Log', 'Log Masuk Konsumen', VIEW],
    ['voucher-used-log', 'Voucher Used Log', 'Log Voucher Terpakai', VIEW],
  ]),
  ...group('heimdal', 'Tools', [
    ['digital-stamp-inject', 'Digital Stamp Inject', 'Injeksi Stempel Digital', ['view', 'create']],
    ['patch-order', 'Patch Order', 'Perbaiki Pesanan', EDIT],
    ['update-force-stock', 'Update Force Stock', 'Paksa Perbarui Stok', EDIT],
    ['grab-retry', 'Grab Retry', 'Ulangi Grab', EDIT],
  ]),
];

export const MENU_BY_KEY: ReadonlyMap<string, MenuEntry> = new Map(MENU.map((e) => [e.key, e]));

export function menuEntry(key: string): MenuEntry {
  const entry = MENU_BY_KEY.get(key);
  if (!entry) throw new Error(`Unknown menu entry ${key}`);
  return entry;
}

export function visibleIn(entry: MenuEntry, env: AppEnv): boolean {
  return env === 'development' || entry.envs.includes(env);
}
