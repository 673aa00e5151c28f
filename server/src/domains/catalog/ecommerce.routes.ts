import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { deliveryMethodsApi, groupStoresApi, planogramsApi, storesApi } from '@portal/contract';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { auditContext, registerResourceRoutes } from '../../platform/crud/index.ts';
import { serve } from '../../platform/serve.ts';
import type { CatalogServices, EcommerceServices } from './catalog.deps.ts';
import { saveStoreDeliveryMethods, storeDeliveryMethodsOf } from './delivery-method.resource.ts';

/** cms Master Data group stores, delivery methods and the stores offering them (3PL Setting), and planograms. */
export function registerEcommerceRoutes(app: FastifyInstance, s: EcommerceServices, catalog: CatalogServices, db: Db, clock: Clock): void {
  registerResourceRoutes(app, s.groupStores, clock, groupStoresApi);
  serve(app, groupStoresApi.stores, async (req) => {
    await s.groupStores.get(req.params.id);
    return { message: 'Success', data: await catalog.stores.list(req.query, [sql`s.group_store_id = ${req.params.id}`]) };
  });

  registerResourceRoutes(app, s.deliveryMethods, clock, deliveryMethodsApi);
  serve(app, storesApi.deliveryMethods, async (req) => ({ message: 'Success', data: await storeDeliveryMethodsOf(db, req.params.id) }));
  serve(app, storesApi.saveDeliveryMethods, async (req) => ({
    message: 'Edit Data Successful',
    data: await saveStoreDeliveryMethods(db, req.params.id, req.body, auditContext(req, clock)),
  }));

  serve(app, planogramsApi.positions, async (req) => ({ message: 'Edit Data Successful', data: await s.planograms.savePositions(req.body.ids, auditContext(req, clock)) }));
  registerResourceRoutes(app, s.planograms, clock, planogramsApi);
  serve(app, planogramsApi.categorySync, async (req) => ({
    message: 'Success',
    data: await s.planograms.sync(req.params.id, 'category', req.body.sub_category_id, auditContext(req, clock)),
  }));
  serve(app, planogramsApi.productSync, async (req) => ({
    message: 'Success',
    data: await s.planograms.sync(req.params.id, 'product', req.body.product_id, auditContext(req, clock)),
  }));
  serve(app, planogramsApi.clearCategorySync, async (req) => ({ message: 'Success', data: await s.planograms.sync(req.params.id, 'category', [], auditContext(req, clock)) }));
  serve(app, planogramsApi.clearProductSync, async (req) => ({ message: 'Success', data: await s.planograms.sync(req.params.id, 'product', [], auditContext(req, clock)) }));
}
