import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/*
 * cms E-commerce and orion promo tables (migration 0007_ecommerce.sql, hand-written; these definitions mirror it). The
 * services read and write them through SQL (platform/crud). stores, products, categories and group_stores come from
 * 0005_catalog (no Drizzle definitions there), so their references are plain integer columns here; the migration holds
 * the foreign keys. Periods are whole days: `date` columns, inclusive, Asia/Jakarta calendar.
 */

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const day = (name: string) => date(name, { mode: 'string' });
const audited = {
  version: integer('version').notNull().default(1),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  createdBy: integer('created_by'),
  updatedBy: integer('updated_by'),
};

export const deliveryMethods = pgTable(
  'delivery_methods',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    /** DELIVERY_MODE: 1 3PL, 2 Internal. */
    deliveryMode: smallint('delivery_mode').notNull(),
    fee: bigint('fee', { mode: 'number' }).notNull().default(0),
    eta: text('eta').notNull(),
    description: text('description'),
    position: integer('position').notNull().default(0),
    status: smallint('status').notNull().default(1),
    ...audited,
  },
  (t) => [
    check('delivery_methods_delivery_mode_check', sql`${t.deliveryMode} in (1, 2)`),
    check('delivery_methods_fee_check', sql`${t.fee} >= 0`),
    uniqueIndex('delivery_methods_code_uq').on(sql`lower(${t.code})`),
    index('delivery_methods_position_idx').on(t.position, t.id),
    index('delivery_methods_name_idx').on(sql`lower(${t.name})`, t.id),
    index('delivery_methods_fee_idx').on(t.fee, t.id),
    index('delivery_methods_mode_idx').on(t.deliveryMode, t.position, t.id),
    index('delivery_methods_status_idx').on(t.status, t.position, t.id),
    index('delivery_methods_updated_idx').on(t.updatedAt, t.id),
  ],
);

/** Which delivery methods a store offers (edited on the store's 3PL setting). */
export const storeDeliveryMethods = pgTable(
  'store_delivery_methods',
  {
    storeId: integer('store_id').notNull(),
    deliveryMethodId: integer('delivery_method_id')
      .notNull()
      .references(() => deliveryMethods.id),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.deliveryMethodId] }), index('store_delivery_methods_method_idx').on(t.deliveryMethodId, t.storeId)],
);

export const planograms = pgTable(
  'planograms',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    /** CONTENT_TYPE 0..7. */
    contentType: smallint('content_type').notNull(),
    /** DISPLAY_LOCATION 0..2. */
    displayLocation: smallint('display_location').notNull(),
    /** MEMBER_SCOPE 0 All Member, 1 App Member. */
    memberScope: smallint('member_scope').notNull().default(0),
    startDate: day('start_date').notNull(),
    endDate: day('end_date').notNull(),
    /** The spec's Priority, 1 to 10. */
    priority: smallint('priority').notNull().default(1),
    /** Display order, set by dragging (PUT planograms/positions). */
    position: integer('position').notNull().default(0),
    imageUrl: text('image_url'),
    description: text('description'),
    status: smallint('status').notNull().default(1),
    ...audited,
  },
  (t) => [
    check('planograms_content_type_check', sql`${t.contentType} between 0 and 7`),
    check('planograms_display_location_check', sql`${t.displayLocation} between 0 and 2`),
    check('planograms_member_scope_check', sql`${t.memberScope} in (0, 1)`),
    check('planograms_priority_check', sql`${t.priority} between 1 and 10`),
    check('planograms_period_check', sql`${t.endDate} >= ${t.startDate}`),
    index('planograms_position_idx').on(t.position, t.id),
    index('planograms_title_idx').on(sql`lower(${t.title})`, t.id),
    index('planograms_priority_idx').on(t.priority, t.id),
    index('planograms_period_idx').on(t.startDate, t.endDate, t.id),
    index('planograms_updated_idx').on(t.updatedAt, t.id),
    index('planograms_status_idx').on(t.status, t.position, t.id),
    index('planograms_content_type_idx').on(t.contentType, t.position, t.id),
    index('planograms_location_idx').on(t.displayLocation, t.position, t.id),
    index('planograms_member_scope_idx').on(t.memberScope, t.position, t.id),
  ],
);

export const planogramSubCategories = pgTable(
  'planogram_sub_categories',
  {
    planogramId: integer('planogram_id')
      .notNull()
      .references(() => planograms.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.planogramId, t.categoryId] }), index('planogram_sub_categories_category_idx').on(t.categoryId)],
);

export const planogramProducts = pgTable(
  'planogram_products',
  {
    planogramId: integer('planogram_id')
      .notNull()
      .references(() => planograms.id, { onDelete: 'cascade' }),
    productId: integer('product_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.planogramId, t.productId] }), index('planogram_products_product_idx').on(t.productId)],
);

export const promos = pgTable(
  'promos',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    /** PROMO_TYPE 1 Percentage (value 1..100), 2 Amount (value in Rupiah). */
    promoType: smallint('promo_type').notNull(),
    value: bigint('value', { mode: 'number' }).notNull(),
    /** CHANNEL 1 Offline, 2 Online. */
    channel: smallint('channel').notNull(),
    memberScope: smallint('member_scope').notNull().default(0),
    startDate: day('start_date').notNull(),
    endDate: day('end_date').notNull(),
    minPurchase: bigint('min_purchase', { mode: 'number' }).notNull().default(0),
    /** Cap of a percentage discount; null for amounts. */
    maxDiscount: bigint('max_discount', { mode: 'number' }),
    status: smallint('status').notNull().default(1),
    ...audited,
  },
  (t) => [
    check('promos_promo_type_check', sql`${t.promoType} in (1, 2)`),
    check('promos_channel_check', sql`${t.channel} in (1, 2)`),
    check('promos_member_scope_check', sql`${t.memberScope} in (0, 1)`),
    check('promos_min_purchase_check', sql`${t.minPurchase} >= 0`),
    check('promos_max_discount_check', sql`${t.maxDiscount} > 0`),
    check('promos_period_check', sql`${t.endDate} >= ${t.startDate}`),
    check(
      'promos_value_check',
      sql`(${t.promoType} = 1 and ${t.value} between 1 and 100) or (${t.promoType} = 2 and ${t.value} >= 1 and ${t.maxDiscount} is null)`,
    ),
    uniqueIndex('promos_code_uq').on(sql`lower(${t.code})`),
    index('promos_name_idx').on(sql`lower(${t.name})`, t.id),
    index('promos_period_idx').on(t.startDate, t.endDate, t.id),
    index('promos_end_idx').on(t.endDate, t.id),
    index('promos_updated_idx').on(t.updatedAt, t.id),
    index('promos_created_idx').on(t.createdAt, t.id),
    index('promos_status_idx').on(t.status, t.updatedAt, t.id),
    index('promos_channel_idx').on(t.channel, t.updatedAt, t.id),
    index('promos_type_idx').on(t.promoType, t.updatedAt, t.id),
  ],
);

export const promoProducts = pgTable(
  'promo_products',
  {
    promoId: integer('promo_id')
      .notNull()
      .references(() => promos.id, { onDelete: 'cascade' }),
    productId: integer('product_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.promoId, t.productId] }), index('promo_products_product_idx').on(t.productId)],
);

export const promoStores = pgTable(
  'promo_stores',
  {
    promoId: integer('promo_id')
      .notNull()
      .references(() => promos.id, { onDelete: 'cascade' }),
    storeId: integer('store_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.promoId, t.storeId] }), index('promo_stores_store_idx').on(t.storeId)],
);

/** The consumers a promo targets, as phone numbers (62…) until the consumer domain exists. */
export const promoConsumers = pgTable(
  'promo_consumers',
  {
    promoId: integer('promo_id')
      .notNull()
      .references(() => promos.id, { onDelete: 'cascade' }),
    phone: text('phone').notNull(),
  },
  (t) => [primaryKey({ columns: [t.promoId, t.phone] }), index('promo_consumers_phone_idx').on(t.phone)],
);

export const freeGifts = pgTable(
  'free_gifts',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    minPurchase: bigint('min_purchase', { mode: 'number' }).notNull().default(0),
    startDate: day('start_date').notNull(),
    endDate: day('end_date').notNull(),
    status: smallint('status').notNull().default(1),
    ...audited,
  },
  (t) => [
    check('free_gifts_min_purchase_check', sql`${t.minPurchase} >= 0`),
    check('free_gifts_period_check', sql`${t.endDate} >= ${t.startDate}`),
    uniqueIndex('free_gifts_code_uq').on(sql`lower(${t.code})`),
    index('free_gifts_name_idx').on(sql`lower(${t.name})`, t.id),
    index('free_gifts_period_idx').on(t.startDate, t.endDate, t.id),
    index('free_gifts_min_purchase_idx').on(t.minPurchase, t.id),
    index('free_gifts_updated_idx').on(t.updatedAt, t.id),
    index('free_gifts_created_idx').on(t.createdAt, t.id),
    index('free_gifts_status_idx').on(t.status, t.updatedAt, t.id),
  ],
);

export const freeGiftProducts = pgTable(
  'free_gift_products',
  {
    freeGiftId: integer('free_gift_id')
      .notNull()
      .references(() => freeGifts.id, { onDelete: 'cascade' }),
    productId: integer('product_id').notNull(),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.freeGiftId, t.productId] }),
    check('free_gift_products_quantity_check', sql`${t.quantity} between 1 and 99`),
    index('free_gift_products_product_idx').on(t.productId),
  ],
);

export const freeGiftRegions = pgTable(
  'free_gift_regions',
  {
    freeGiftId: integer('free_gift_id')
      .notNull()
      .references(() => freeGifts.id, { onDelete: 'cascade' }),
    provinceCode: text('province_code').notNull(),
  },
  (t) => [primaryKey({ columns: [t.freeGiftId, t.provinceCode] }), index('free_gift_regions_province_idx').on(t.provinceCode)],
);

export const freeGiftStores = pgTable(
  'free_gift_stores',
  {
    freeGiftId: integer('free_gift_id')
      .notNull()
      .references(() => freeGifts.id, { onDelete: 'cascade' }),
    storeId: integer('store_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.freeGiftId, t.storeId] }), index('free_gift_stores_store_idx').on(t.storeId)],
);

export const maxPurchaseLimitations = pgTable(
  'max_purchase_limitations',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id').notNull(),
    maxQty: integer('max_qty').notNull(),
    dailyLimit: integer('daily_limit'),
    startDate: day('start_date').notNull(),
    endDate: day('end_date').notNull(),
    status: smallint('status').notNull().default(1),
    ...audited,
  },
  (t) => [
    check('max_purchase_limitations_max_qty_check', sql`${t.maxQty} between 1 and 999`),
    check('max_purchase_limitations_daily_limit_check', sql`${t.dailyLimit} between 1 and 999`),
    check('max_purchase_limitations_period_check', sql`${t.endDate} >= ${t.startDate}`),
    check('max_purchase_limitations_daily_check', sql`${t.dailyLimit} is null or ${t.dailyLimit} >= ${t.maxQty}`),
    index('max_purchase_limitations_product_idx').on(t.productId, t.startDate, t.id),
    index('max_purchase_limitations_period_idx').on(t.startDate, t.endDate, t.id),
    index('max_purchase_limitations_max_qty_idx').on(t.maxQty, t.id),
    index('max_purchase_limitations_updated_idx').on(t.updatedAt, t.id),
    index('max_purchase_limitations_status_idx').on(t.status, t.updatedAt, t.id),
  ],
);

export const masterPromos = pgTable(
  'master_promos',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id').notNull(),
    promoPrice: bigint('promo_price', { mode: 'number' }).notNull(),
    startDate: day('start_date').notNull(),
    endDate: day('end_date').notNull(),
    status: smallint('status').notNull().default(1),
    ...audited,
  },
  (t) => [
    check('master_promos_promo_price_check', sql`${t.promoPrice} >= 1`),
    check('master_promos_period_check', sql`${t.endDate} >= ${t.startDate}`),
    index('master_promos_product_idx').on(t.productId, t.startDate, t.id),
    index('master_promos_period_idx').on(t.startDate, t.endDate, t.id),
    index('master_promos_price_idx').on(t.promoPrice, t.id),
    index('master_promos_updated_idx').on(t.updatedAt, t.id),
    index('master_promos_status_idx').on(t.status, t.updatedAt, t.id),
  ],
);
