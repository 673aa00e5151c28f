import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  FREE_GIFT_ENTRIES,
  GROUP_STORE_ENTRIES,
  MAX_PURCHASE_ENTRIES,
  PLANOGRAM_ENTRIES,
  PROMO_ENTRIES,
  PARENT_CATEGORY_ENTRIES,
  PRODUCT_ENTRIES,
  STORE_ENTRIES,
  SUB_CATEGORY_ENTRIES,
  THREE_PL_ENTRIES,
  categoryPositionsBody,
  categoryRow,
  envelope,
  idParam,
  listEnvelope,
  parentCategoryCreateBody,
  parentCategoryListQuery,
  parentCategoryUpdateBody,
  productCreateBody,
  productListQuery,
  productRow,
  productStoreListQuery,
  productUpdateBody,
  storeCreateBody,
  storeDeliveryUpdateBody,
  storeListQuery,
  storeProductListQuery,
  storeProductRow,
  storeProductUpdateBody,
  storeRow,
  storeUpdateBody,
  subCategoryListQuery,
  subCategoryUpdateBody,
} from '@portal/contract';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { auditContext, registerResourceRoutes } from '../../platform/crud/index.ts';
import type { CatalogServices } from './catalog.deps.ts';
import { saveCategoryPositions } from './category.resource.ts';
import { sql } from 'drizzle-orm';

/** Categories, products, stores and their store products (orion and cms E-commerce / Master Data). */
export function registerCatalogRoutes(app: FastifyInstance, s: CatalogServices, db: Db, clock: Clock): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const positions = z.array(z.object({ id: z.number().int(), position: z.number().int() }));

  r.put('/api/v1/parent-categories/positions', {
    config: { permission: { entries: PARENT_CATEGORY_ENTRIES, action: 'edit' } },
    schema: { tags: ['categories'], summary: 'Save the order of parent categories (or of one parent’s sub categories)', body: categoryPositionsBody, response: { 200: envelope(positions) } },
    handler: async (req) => ({ message: 'Edit Data Successful', data: await saveCategoryPositions(db, req.body.parent_id, req.body.ids, auditContext(req, clock)) }),
  });
  registerResourceRoutes(app, s.parentCategories, clock, {
    path: '/api/v1/parent-categories',
    entries: PARENT_CATEGORY_ENTRIES,
    viewEntries: [...SUB_CATEGORY_ENTRIES, ...PRODUCT_ENTRIES],
    tags: ['categories'],
    row: categoryRow,
    listQuery: parentCategoryListQuery,
    create: parentCategoryCreateBody,
    update: parentCategoryUpdateBody,
    remove: true,
  });
  registerResourceRoutes(app, s.subCategories, clock, {
    path: '/api/v1/sub-categories',
    entries: SUB_CATEGORY_ENTRIES,
    viewEntries: [...PARENT_CATEGORY_ENTRIES, ...PRODUCT_ENTRIES, ...PLANOGRAM_ENTRIES],
    tags: ['categories'],
    row: categoryRow,
    listQuery: subCategoryListQuery,
    update: subCategoryUpdateBody,
  });

  registerResourceRoutes(app, s.products, clock, {
    path: '/api/v1/products',
    entries: PRODUCT_ENTRIES,
    // Promo, free-gift, planogram and max-purchase forms search products to choose them.
    viewEntries: [...PROMO_ENTRIES, ...FREE_GIFT_ENTRIES, ...PLANOGRAM_ENTRIES, ...MAX_PURCHASE_ENTRIES],
    tags: ['products'],
    row: productRow,
    listQuery: productListQuery,
    create: productCreateBody,
    update: productUpdateBody,
    remove: true,
  });
  r.get('/api/v1/products/:id/stores', {
    config: { permission: { entries: PRODUCT_ENTRIES, action: 'view' } },
    schema: { tags: ['products'], summary: 'The stores carrying a product, with its price and stock there', params: idParam, querystring: productStoreListQuery, response: { 200: listEnvelope(storeProductRow) } },
    handler: async (req) => {
      const q = req.query;
      const [, data] = await Promise.all([
        s.products.get(req.params.id),
        s.storeProducts.list(
          // view-store sorts by store_code, price or stock: all in the store-product sort map
          { ...q, sort_by: q.sort_by as 'price', search: undefined },
          [
            sql`sp.product_id = ${req.params.id}`,
            q.search ? sql`(lower(s.name) like lower(${`%${q.search}%`}) or lower(s.code) like lower(${`%${q.search}%`}))` : undefined,
            q.province_code ? sql`s.province_code = ${q.province_code}` : undefined,
          ],
          { countFrom: sql`from store_products sp join stores s on s.id = sp.store_id` },
        ),
      ]);
      return { message: 'Success', data };
    },
  });

  registerResourceRoutes(app, s.stores, clock, {
    path: '/api/v1/stores',
    entries: STORE_ENTRIES,
    // Promo forms search stores to choose them; a group store's detail lists its stores.
    viewEntries: [...THREE_PL_ENTRIES, ...PROMO_ENTRIES, ...FREE_GIFT_ENTRIES, ...GROUP_STORE_ENTRIES],
    tags: ['stores'],
    row: storeRow,
    listQuery: storeListQuery,
    create: storeCreateBody,
    update: storeUpdateBody,
    remove: true,
  });
  r.put('/api/v1/stores/:id/delivery', {
    config: { permission: { entries: THREE_PL_ENTRIES, action: 'edit' } },
    schema: { tags: ['stores'], summary: "Edit a store's 3PL setting (delivery mode, radius, minimum order)", params: idParam, body: storeDeliveryUpdateBody, response: { 200: envelope(storeRow) } },
    handler: async (req) => ({ message: 'Edit Data Successful', data: await s.stores.update(req.params.id, req.body, auditContext(req, clock)) }),
  });

  r.get('/api/v1/stores/:id/products', {
    config: { permission: { entries: STORE_ENTRIES, action: 'view' } },
    schema: { tags: ['stores'], summary: "A store's products with their price and stock there", params: idParam, querystring: storeProductListQuery, response: { 200: listEnvelope(storeProductRow) } },
    handler: async (req) => {
      // An unknown store answers 404 rather than an empty list; the check runs beside the list.
      const [, data] = await Promise.all([s.stores.get(req.params.id), s.storeProducts.list(req.query, [sql`sp.store_id = ${req.params.id}`])]);
      return { message: 'Success', data };
    },
  });
  r.get('/api/v1/store-products/:id', {
    config: { permission: { entries: STORE_ENTRIES, action: 'view' } },
    schema: { tags: ['stores'], summary: 'A product as one store carries it', params: idParam, response: { 200: envelope(storeProductRow) } },
    handler: async (req) => ({ message: 'Success', data: await s.storeProducts.get(req.params.id) }),
  });
  r.put('/api/v1/store-products/:id', {
    config: { permission: { entries: STORE_ENTRIES, action: 'edit' } },
    schema: { tags: ['stores'], summary: "Edit a store product's price, stock and active flag", params: idParam, body: storeProductUpdateBody, response: { 200: envelope(storeProductRow) } },
    handler: async (req) => ({ message: 'Edit Data Successful', data: await s.storeProducts.update(req.params.id, req.body, auditContext(req, clock)) }),
  });
}
