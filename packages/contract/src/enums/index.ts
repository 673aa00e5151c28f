import { enumTable } from './enum-table.ts';
export * from './enum-table.ts';
export * from './stamp-movement.ts';
export * from './order-status.ts';
export * from './top-up-status.ts';

/** Active flag of section 3: 1 Active; 2 and 3 Inactive. */
export const USER_STATUS = enumTable([
  { value: 1, label: 'Active', labelId: 'Aktif', color: 'green' },
  { value: 2, label: 'Inactive', labelId: 'Tidak Aktif', color: 'red' },
  { value: 3, label: 'Inactive', labelId: 'Tidak Aktif', color: 'default' },
] as const);

/** Log result of section 3 (heimdal's consumer login log). */
export const LOG_RESULT = enumTable([
  { value: 1, label: 'Failed', labelId: 'Gagal', color: 'red' },
  { value: 2, label: 'Success', labelId: 'Berhasil', color: 'green' },
] as const);

export const JOB_STATUS = enumTable([
  { value: 'PENDING', label: 'PENDING', color: 'orange' },
  { value: 'FAILED', label: 'FAILED', color: 'red' },
  { value: 'COMPLETED', label: 'COMPLETED', color: 'green' },
] as const);

export const EXPORT_STATUS = enumTable([
  { value: 1, label: 'Export in progress', color: 'orange' },
  { value: 2, label: 'Ready to download', color: 'green' },
] as const);

/** What the log-history filters offer; later domains add their entities here. */
export const AUDIT_ACTIONS = ['create', 'update', 'delete', 'sign-in', 'sign-out', 'password-change', 'password-reset', 'permission-update', 'account-locked', 'publish', 'export', 'upload', 'confirm', 'import', 'submit', 'approve', 'reject', 'deactivate', 'duplicate', 'go-live', 'expire', 'test-send', 'lock', 'unlock', 'withdraw', 'unwithdraw', 'link-card', 'unlink-card', 'resend-verification', 'send-create-password', 'read', 'reply', 'assign', 'close', 'reorder', 'share', 'reverse'] as const;
export const AUDIT_ENTITIES = [
  'user',
  'role',
  'session',
  'profile',
  // exports (the Download List)
  'download',
  // a dashboard or report shared by e-mail
  'analytics-view',
  // master data
  'custom-consumer-tag',
  'ticket-category',
  'master-mapping-email',
  'general-setting',
  'app-version',
  'privacy-policy',
  'term-condition',
  'how-to-redeem',
  'setting-app',
  // e-commerce and promos
  'group-store',
  'delivery-method',
  'store-delivery-method',
  'planogram',
  'promo',
  'free-gift',
  'max-purchase-limitation',
  'master-promo',
  // imports: the batch (upload, confirm) and each bulk operation's key (the committed import)
  'import-batch',
  'product-edit',
  'product-image',
  'store-edit',
  'store-product-sync',
  'free-gift-stores',
  'digital-stamp-inject',
  // loyalty
  'stamp-injection',
  // marketing content
  'offer',
  'banner',
  'campaign',
  'push-message',
  'banner-digital-product',
  'notification-offer',
  'image',
  // consumers
  'consumer',
  'consumer-address',
  'member',
  'associate',
  // help desk and live chat
  'ticket',
  'faq',
  'message-template',
  'chat',
  'help-center',
] as const;

/** Active flag of section 3 for master data: 1 Active, 2 Inactive. */
export const ACTIVE_STATUS = enumTable([
  { value: 1, label: 'Active', labelId: 'Aktif', color: 'green' },
  { value: 2, label: 'Inactive', labelId: 'Tidak Aktif', color: 'red' },
] as const);

export const PRODUCT_CATEGORY = enumTable([
  { value: 1, label: 'Perishable', labelId: 'Mudah Rusak', color: 'green' },
  { value: 2, label: 'Food', labelId: 'Makanan', color: 'gold' },
  { value: 3, label: 'Non Food', labelId: 'Non Makanan', color: 'blue' },
  { value: 4, label: 'General Merchandising', labelId: 'Barang Umum', color: 'purple' },
  { value: 5, label: 'Counter and Promotion', labelId: 'Konter dan Promosi', color: 'orange' },
  { value: 6, label: 'Equipment', labelId: 'Peralatan', color: 'default' },
  { value: 7, label: 'Indirect Procurement', labelId: 'Pengadaan Tidak Langsung', color: 'default' },
] as const);

export const PLATFORM = enumTable([
  { value: 'ios', label: 'iOS' },
  { value: 'android', label: 'Android' },
] as const);

export const CHANNEL = enumTable([
  { value: 1, label: 'Offline', labelId: 'Luring', color: 'blue' },
  { value: 2, label: 'Online', labelId: 'Daring', color: 'green' },
] as const);

export const PROMO_TYPE = enumTable([
  { value: 1, label: 'Percentage', labelId: 'Persentase' },
  { value: 2, label: 'Amount', labelId: 'Nominal' },
] as const);

export const DELIVERY_MODE = enumTable([
  { value: 1, label: '3PL', color: 'blue' },
  { value: 2, label: 'Internal', color: 'green' },
] as const);

export const CONTENT_TYPE = enumTable([
  { value: 0, label: 'Promo Item' },
  { value: 1, label: 'Promo Catalog' },
  { value: 2, label: 'Recipe Text', labelId: 'Resep Teks' },
  { value: 3, label: 'Recipe Image', labelId: 'Resep Gambar' },
  { value: 4, label: 'Article Text', labelId: 'Artikel Teks' },
  { value: 5, label: 'Article Image', labelId: 'Artikel Gambar' },
  { value: 6, label: 'General', labelId: 'Umum' },
  { value: 7, label: 'Banner Promo' },
] as const);

export const DISPLAY_LOCATION = enumTable([
  { value: 0, label: 'Homepage' },
  { value: 1, label: 'Belanja' },
  { value: 2, label: 'Homepage - Belanja' },
] as const);

export const MEMBER_SCOPE = enumTable([
  { value: 0, label: 'All Member', labelId: 'Semua Member' },
  { value: 1, label: 'App Member', labelId: 'Member Aplikasi' },
] as const);

/** Message kind of push messages (section 3). */
export const MESSAGE_KIND = enumTable([
  { value: 0, label: 'Broadcast', labelId: 'Siaran', color: 'blue' },
  { value: 1, label: 'Recurring', labelId: 'Berulang', color: 'purple' },
] as const);

/** Pages a banner is placed on (section 3). */
export const BANNER_PLACEMENT_PAGE = enumTable([
  { value: 'homepage', label: 'Homepage' },
  { value: 'articlepage', label: 'Article page', labelId: 'Halaman artikel' },
  { value: 'benefitpage', label: 'Benefit page', labelId: 'Halaman benefit' },
  { value: 'recipepage', label: 'Recipe page', labelId: 'Halaman resep' },
  { value: 'belanjapage', label: 'Belanja page', labelId: 'Halaman belanja' },
  { value: 'detailbannerpage', label: 'Banner detail page', labelId: 'Halaman detail banner' },
  { value: 'categorypage', label: 'Category page', labelId: 'Halaman kategori' },
] as const);

export const BANNER_TYPE = enumTable([
  { value: 1, label: 'Catalog Banner', labelId: 'Banner Katalog' },
  { value: 6, label: 'Mini Banner' },
  { value: 7, label: 'Main Banner', labelId: 'Banner Utama' },
  { value: 8, label: 'Artikel' },
  { value: 9, label: 'Resep' },
  { value: 10, label: 'Popup Banner' },
] as const);

export const TARGETING = enumTable([
  { value: 1, label: 'Targeted', labelId: 'Tertarget', color: 'purple' },
  { value: 2, label: 'Non-Targeted', labelId: 'Tidak Tertarget', color: 'default' },
] as const);

export const DIGITAL_PRODUCT_TYPE = enumTable([
  { value: 1, label: 'Pulsa', color: 'blue' },
  { value: 2, label: 'Paket Data', color: 'purple' },
] as const);

/** Priority 1 to 10 (section 3 and 9). */
export const PRIORITY_MIN = 1;
export const PRIORITY_MAX = 10;

/** Published documents readable without signing in; how-to-redeem and setting-app (the about text) are read by the app. */
export const LEGAL_KINDS = ['terms', 'privacy', 'how-to-redeem', 'setting-app'] as const;
