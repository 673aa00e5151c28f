import type { FastifyInstance } from 'fastify';
import { parentCategoriesApi, productsApi, storeProductsApi, storesApi, subCategoriesApi } from '@portal/contract';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { auditContext, registerResourceRoutes } from '../../platform/crud/index.ts';
import type { CatalogServices } from './catalog.deps.ts';
import { saveCategoryPositions } from './category.resource.ts';
import { serve } from '../../platform/serve.ts';
import { sql } from 'drizzle-orm';

/** Categories, products, stores and their store products (orion and cms E-commerce / Master Data). */
export function registerCatalogRoutes(app: FastifyInstance, s: CatalogServices, db: Db, clock: Clock): void {
  serve(app, parentCategoriesApi.positions, async (req) => ({
    message: 'Edit Data Successful',
    data: await saveCategoryPositions(db, req.body.parent_id, req.body.ids, auditContext(req, clock)),
  }));
  registerResourceRoutes(app, s.parentCategories, clock, parentCategoriesApi);
  registerResourceRoutes(app, s.subCategories, clock, subCategoriesApi);

  registerResourceRoutes(app, s.products, clock, productsApi);
  serve(app, productsApi.stores, async (req) => {
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
  });

  registerResourceRoutes(app, s.stores, clock, storesApi);
  serve(app, storesApi.updateDelivery, async (req) => ({
    message: 'Edit Data Successful',
    data: await s.stores.update(req.params.id, req.body, auditContext(req, clock)),
  }));
  serve(app, storesApi.products, async (req) => {
    // An unknown store answers 404 rather than an empty list; the check runs beside the list.
    const [, data] = await Promise.all([s.stores.get(req.params.id), s.storeProducts.list(req.query, [sql`sp.store_id = ${req.params.id}`])]);
    return { message: 'Success', data };
  });
  serve(app, storeProductsApi.get, async (req) => ({ message: 'Success', data: await s.storeProducts.get(req.params.id) }));
  serve(app, storeProductsApi.update, async (req) => ({
    message: 'Edit Data Successful',
    data: await s.storeProducts.update(req.params.id, req.body, auditContext(req, clock)),
  }));
}
