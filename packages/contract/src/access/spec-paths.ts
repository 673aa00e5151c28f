import { CUSTOMER_DETAIL_TYPES } from '../analytics/customer-detail.ts';
import { PLANOGRAM_DETAIL_TYPES } from '../analytics/planogram-detail.ts';
import { MENU, MENU_BY_KEY } from './registry.ts';

/**
 * The paths spec section 2 names, as data: for every menu entry, the sub-paths under its route (the route itself, the
 * menu's link, is always one of its paths), which API list holds the records a `{param}` names, and whether the web app
 * has the entry's screens yet. A test walks the paths of every built entry and expects none to be the not-found page.
 *
 * Sub-paths are written as the spec writes them: `{id}`, `{employeeNo}` are a record's id (the spec's capital in
 * `promo-management/{id}/Edit` included: routes match without regard to case).
 */

/** A sub-path whose parameter names a record of another list than its entry's (`store-product/{id}/detail`). */
export interface SpecSubPath {
  path: string;
  /**
   * The API list, under `/api/v1/`, whose rows' `id` fill the parameter. A list under another record names that record's
   * list in braces: `stores/{stores}/products` is the products of the first of `stores`.
   */
  records: string;
  /** Parameters filled from a field of that record rather than its id (`{transactionType}` from `transaction_type`). */
  fields?: Readonly<Record<string, string>>;
}

export interface EntrySpecPaths {
  /** The sub-paths under the entry's route, in the spec's order. */
  paths: readonly (string | SpecSubPath)[];
  /** The API list, under `/api/v1/`, whose rows' `id` fill the parameters of the sub-paths (`{id}`, `{employeeNo}`). */
  records?: string;
  /** The web app has the entry's screens (the web's own record of its screens must agree, see web/src/domains). */
  built?: true;
}

/** One walkable path: the full path with its parameters, and the API list of the records that fill them. */
export interface SpecPath {
  entry: string;
  path: string;
  records?: string;
  fields?: Readonly<Record<string, string>>;
}

const CRUD = ['create', '{id}/detail', '{id}/edit'] as const;
const DETAIL = ['{id}/detail'] as const;
const DETAIL_EDIT = ['{id}/detail', '{id}/edit'] as const;
/** A single settings record or text, with its form at `<route>/edit` (the spec's "(+edit)"). */
const EDIT = ['edit'] as const;
const NONE = [] as const;

const built = (records: string | undefined, paths: EntrySpecPaths['paths']): EntrySpecPaths => ({ paths, ...(records ? { records } : {}), built: true });
const later = (paths: EntrySpecPaths['paths'] = NONE): EntrySpecPaths => ({ paths });

/** Every menu entry's spec paths (keys as in `MENU`). */
export const ENTRY_SPEC_PATHS: Readonly<Record<string, EntrySpecPaths>> = {
  'ssosis.role-management': built('role/list', CRUD),
  'ssosis.user-management': built('user/list', CRUD),

  // cms, E-commerce
  'cms.store-management': built('stores', [
    'bulk-edit',
    'preview-edit',
    ...DETAIL_EDIT,
    { path: 'store-product/{id}/detail', records: 'stores/{stores}/products' },
    { path: 'store-product/{id}/edit', records: 'stores/{stores}/products' },
  ]),
  // The member's address info and coupon history: `{id}` is the member's, as everywhere under member-management.
  'cms.member-management': built('members', ['{id}/edit', '{id}/detail', 'info-address/{id}/edit', 'info-address/{id}/detail', 'coupon-history/{id}/detail']),
  'cms.promo-management': built('promos', ['import', 'create', '{id}/detail', '{id}/Edit']),
  'cms.free-gift-promotion': built('free-gifts', CRUD),
  'cms.planogram-management': built('planograms', CRUD),
  'cms.3pl-setting': built('stores', DETAIL_EDIT),
  'cms.order-management': built('orders', ['{id}/detail', '{id}/preview']),
  // Not in the spec's section 2: the events the pre-order reports read are managed here (decisions.md, "Pre-order events").
  'cms.pre-order-events': built('pre-order-events', CRUD),
  'cms.dashboard': built(undefined, NONE),
  'cms.general-setting': built(undefined, EDIT),
  'cms.app-version': built('app-versions', EDIT),

  // cms, Loyalty & Payment
  'cms.associate-loyalty-program': built('associates', ['bulk', 'create', '{employeeNo}/detail', '{employeeNo}/edit']),
  // The entry's page leads to its two files: payment-verify and release.
  'cms.method-of-payment/bulk-voucher': built(undefined, NONE),
  // One list; a client's limit is edited in a dialog on its row.
  'cms.method-of-payment/credit-limit': built('credit-limits', NONE),

  // cms, Voucher Digital
  'cms.voucher-digital/voucher-management': built('voucher-products', CRUD),
  // The spec's list and detail, plus create and edit: staff enter a client once its agreement is signed.
  'cms.voucher-digital/partner-management': built('partners', CRUD),
  // The spec's list, detail, quotation and receipt, plus create: staff place a client's order.
  'cms.voucher-digital/order-voucher-management': built('voucher-orders', ['create', '{id}/detail', '{id}/quotation', '{id}/receipt']),

  // cms, Digital Coupon
  'cms.coupon-setting': built('coupon-settings', [...CRUD, '{id}/duplicate']),
  'cms.coupon-log': built('coupon-logs', DETAIL),
  'cms.raffle': built('raffles', ['create', '{id}/detail']),
  'cms.download-list': built('downloads', NONE),

  // cms, Campaign
  'cms.campaigns': built('campaigns', CRUD),
  'cms.offers': built('offers', [...CRUD, '{id}/duplicate']),
  'cms.banners': built('banners', [...CRUD, '{id}/duplicate']),
  'cms.push-messages': built('push-messages', [...CRUD, '{id}/duplicate']),
  'cms.approval-messages': built('approval-messages', EDIT),
  'cms.notification-offer': built('notification-offers', EDIT),

  // cms, Top-up & Bills
  'cms.order-management-digital-product': built('top-ups', DETAIL),
  'cms.cta-setting': built(undefined, EDIT),
  'cms.banner-digital-product': built('banner-digital-products', CRUD),

  // cms, Digital Stamp
  'cms.stamp': built('stamp-programmes', CRUD),
  'cms.reward': built('stamp-rewards', CRUD),
  'cms.report': built(undefined, NONE),
  'cms.coupon': built('stamp-coupons', DETAIL),
  'cms.how-to-redeem': built(undefined, EDIT),

  // cms, Polling & Survey
  'cms.form': built('forms', CRUD),
  'cms.response': built('responses', DETAIL),

  // cms, Consumer
  'cms.consumer': built('consumers', ['{id}/detail', '{id}/edit', 'coupon-history/{id}/detail']),
  'cms.consumer-personal-data': later(),
  // A tab of the consumer's detail, not a screen of its own.
  'cms.personal-data-access': later(),
  'cms.help-center': built('tickets', CRUD),
  'cms.faq': built('faqs', CRUD),
  'cms.template-help-center': later(),
  'cms.rating': built('ratings', DETAIL),
  'cms.chatbot': built('message-templates', EDIT),
  'cms.chatlive': built('chats', DETAIL),

  // cms, Master Data
  'cms.custom-consumer-tag': built('custom-consumer-tags', CRUD),
  'cms.group-store': built('group-stores', CRUD),
  'cms.store': built('stores', NONE),
  'cms.product': built('products', NONE),
  'cms.privacy-policy': built(undefined, EDIT),
  'cms.setting-app': built(undefined, EDIT),
  'cms.term-condition': built(undefined, EDIT),
  'cms.ticket-category-management': built('ticket-categories', NONE),
  'cms.master-mapping-email': built('master-mapping-emails', NONE),

  // cms, User Management
  'cms.log-history': built('log-history', DETAIL),
  'cms.user': built('user/list', CRUD),
  'cms.role': built('role/list', CRUD),

  // orion
  'orion.category-management/parent-category': built('parent-categories', CRUD),
  'orion.category-management/sub-category': built('sub-categories', DETAIL_EDIT),
  'orion.product-management': built('products', ['{id}/edit', '{id}/detail', '{id}/view-store', 'import', 'preview', 'preview-bulk-image']),
  'orion.digital-product-management': built('digital-products', CRUD),
  'orion.max-purchase-limitation': built('max-purchase-limitations', CRUD),
  'orion.master-promo': built('master-promos', [...DETAIL_EDIT, 'import']),

  // pandora: dashboards with detail pages by type, reports
  // The spec's `{detailType}`, each a page of its own (sales-member … summary-sales); any other is not found.
  'pandora.sales-dashboard': built(undefined, ['sales-member', 'member-transaction', 'apc-member', 'average-transaction', 'summary-sales']),
  // The spec's `{typeDetail}`, each a page of its own: APC, IPC and QPC per customer and per transaction.
  'pandora.customer-analytics': built(undefined, CUSTOMER_DETAIL_TYPES),
  // `{detailType}` is what the list ranks by: sales or quantity.
  'pandora.sales-analytics': built(undefined, ['top-sales-category/sales', 'top-sales-category/quantity', 'top-sales-plu/sales', 'top-sales-plu/quantity']),
  // The spec's `{typeDetail}`, each a page of its own: a ranking by impressions, clicks, add-to-carts or sales, top or
  // bottom, of planograms or (`-item`) products; the summary; the planograms and the products ranked by any measure.
  'pandora.planogram-analytics': built(undefined, PLANOGRAM_DETAIL_TYPES),
  'pandora.dashboard-analytics/overview': built(undefined, NONE),
  // Customer figures, their trend and the thematic customer map (issue 16).
  'pandora.dashboard-analytics/customers': built(undefined, NONE),
  'pandora.dashboard-analytics/marketing-campaign': built(undefined, NONE),
  'pandora.dashboard-analytics/content': built(undefined, ['offer', 'banner', 'messages']),
  'pandora.dashboard-analytics/help': built(undefined, NONE),
  'pandora.dashboard-analytics/sales': built(undefined, ['detail', 'top-store', 'bottom-store']),
  'pandora.voucher-report': built(undefined, NONE),
  'pandora.outstanding-voucher-report': built(undefined, NONE),
  'pandora.sales-and-redeem-voucher-report': built(undefined, NONE),
  'pandora.recap-voucher-report': built(undefined, NONE),
  'pandora.voucher-usage-report': built(undefined, NONE),
  'pandora.voucher-selling-report': built(undefined, NONE),
  'pandora.check-voucher-status': built(undefined, NONE),
  'pandora.report/pre-order-sticker': built(undefined, NONE),
  'pandora.report/event-report-summary': built(undefined, NONE),
  'pandora.report/all-transactions': built('report/all-transactions', ['{id}/detail', '{id}/preview']),
  'pandora.report/detail-transaction': built(undefined, NONE),
  'pandora.report/disbursement': built(undefined, NONE),
  'pandora.report/unpick': built(undefined, NONE),
  'pandora.report/all-item': built(undefined, NONE),
  // `{transactionType}` is how the staff discount was given against the month's quota (ALP_TRANSACTION_TYPES); a path
  // naming another type than the purchase's opens it at its own.
  'pandora.report/alp-report': built('report/alp-report', [{ path: '{transactionType}/{id}/detail', records: 'report/alp-report', fields: { transactionType: 'transaction_type' } }]),
  'pandora.report/monthly-recap': built(undefined, NONE),
  // `{id}` is a free-gift programme.
  'pandora.free-gift-report': built('free-gifts', DETAIL),
  'pandora.promo-report': built(undefined, NONE),
  'pandora.spend-band-report': built(undefined, NONE),
  'pandora.report-helpdesk': built(undefined, ['report', 'summary']),

  // heimdal
  'heimdal.consumer-login-log': built('consumer-login-logs', ['{id}/consumer']),
  'heimdal.voucher-used-log': built('voucher-used-logs', ['{id}/detail-consumer', '{id}/detail-order', '{id}/detail-voucher']),
  'heimdal.digital-stamp-inject': built('stamp-injections', ['import', ...DETAIL]),
  'heimdal.patch-order': built(undefined, NONE),
  // The Stock shadow tab (`stock-shadow`) and the file (`import`) are paths of its own beyond the spec's.
  'heimdal.update-force-stock': built(undefined, NONE),
  'heimdal.grab-retry': built(undefined, NONE),
};

/** Paths of the admin shell that belong to no menu entry: the overview, settings, the two unauthorized pages and pandora's previews. */
export const SHELL_SPEC_PATHS: readonly string[] = [
  '/admin/main-page',
  '/admin/setting',
  '/admin/setting/profile',
  '/admin/setting/change-password',
  '/admin/unauthorized',
  '/admin/dashboard/unauthorized',
  // pandora's print-ready previews of a dashboard and of a report (the page to print in `?path=`).
  '/admin/pandora/analytic/preview',
  '/admin/pandora/preview',
];

/** A path's parameters, `{id}` and the like. */
export const PATH_PARAM = /\{([A-Za-z]+)\}/g;

/** The full spec paths of one entry: its route, then each sub-path under it. */
export function specPathsOf(key: string): SpecPath[] {
  const entry = MENU_BY_KEY.get(key);
  const spec = ENTRY_SPEC_PATHS[key];
  if (!entry || !spec) return [];
  return [
    { entry: key, path: entry.route },
    ...spec.paths.map((p) => {
      const sub: Partial<SpecSubPath> & { path: string } = typeof p === 'string' ? { path: p, records: spec.records } : p;
      const path = `${entry.route}/${sub.path}`;
      return { entry: key, path, ...(sub.records && path.match(PATH_PARAM) ? { records: sub.records, ...(sub.fields ? { fields: sub.fields } : {}) } : {}) };
    }),
  ];
}

/** Entries the web app has screens for, menu order kept. */
export const BUILT_ENTRIES: readonly string[] = MENU.filter((e) => ENTRY_SPEC_PATHS[e.key]?.built).map((e) => e.key);

/** The path with each parameter replaced by a record id, or by the value `named` gives that parameter. */
export function fillPath(path: string, id: string | number, named: Readonly<Record<string, string>> = {}): string {
  return path.replace(PATH_PARAM, (_, name: string) => encodeURIComponent(String(named[name] ?? id)));
}
