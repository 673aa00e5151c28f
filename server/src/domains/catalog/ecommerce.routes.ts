import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  DELIVERY_METHOD_ENTRIES,
  GROUP_STORE_ENTRIES,
  PLANOGRAM_ENTRIES,
  STORE_ENTRIES,
  THREE_PL_ENTRIES,
  deliveryMethodListQuery,
  deliveryMethodRow,
  deliveryMethodUpdateBody,
  envelope,
  groupStoreCreateBody,
  groupStoreListQuery,
  groupStoreRow,
  groupStoreUpdateBody,
  idParam,
  listEnvelope,
  planogramCategorySyncBody,
  planogramCreateBody,
  planogramDetail,
  planogramListQuery,
  planogramPositionsBody,
  planogramProductSyncBody,
  planogramRow,
  planogramUpdateBody,
  storeDeliveryMethods,
  storeDeliveryMethodsBody,
  storeListQuery,
  storeRow,
} from '@portal/contract';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { auditContext, registerResourceRoutes } from '../../platform/crud/index.ts';
import type { CatalogServices, EcommerceServices } from './catalog.deps.ts';
import { saveStoreDeliveryMethods, storeDeliveryMethodsOf } from './delivery-method.resource.ts';

/** cms Master Data group stores, delivery methods and the stores offering them (3PL Setting), and planograms. */
export function registerEcommerceRoutes(app: FastifyInstance, s: EcommerceServices, catalog: CatalogServices, db: Db, clock: Clock): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  registerResourceRoutes(app, s.groupStores, clock, {
    path: '/api/v1/group-stores',
    entries: GROUP_STORE_ENTRIES,
    // The store form picks a group.
    viewEntries: STORE_ENTRIES,
    tags: ['group stores'],
    row: groupStoreRow,
    listQuery: groupStoreListQuery,
    create: groupStoreCreateBody,
    update: groupStoreUpdateBody,
    remove: true,
  });
  r.get('/api/v1/group-stores/:id/stores', {
    config: { permission: { entries: GROUP_STORE_ENTRIES, action: 'view' } },
    schema: { tags: ['group stores'], summary: 'The stores of a group store', params: idParam, querystring: storeListQuery, response: { 200: listEnvelope(storeRow) } },
    handler: async (req) => {
      await s.groupStores.get(req.params.id);
      return { message: 'Success', data: await catalog.stores.list(req.query, [sql`s.group_store_id = ${req.params.id}`]) };
    },
  });

  registerResourceRoutes(app, s.deliveryMethods, clock, {
    path: '/api/v1/delivery-methods',
    entries: DELIVERY_METHOD_ENTRIES,
    viewEntries: STORE_ENTRIES,
    tags: ['delivery methods'],
    row: deliveryMethodRow,
    listQuery: deliveryMethodListQuery,
    update: deliveryMethodUpdateBody,
  });
  r.get('/api/v1/stores/:id/delivery-methods', {
    config: { permission: { entries: [...THREE_PL_ENTRIES, ...STORE_ENTRIES], action: 'view' } },
    schema: { tags: ['delivery methods'], summary: 'The delivery methods a store offers', params: idParam, response: { 200: envelope(storeDeliveryMethods) } },
    handler: async (req) => ({ message: 'Success', data: await storeDeliveryMethodsOf(db, req.params.id) }),
  });
  r.put('/api/v1/stores/:id/delivery-methods', {
    config: { permission: { entries: THREE_PL_ENTRIES, action: 'edit' } },
    schema: {
      tags: ['delivery methods'],
      summary: "Replace the delivery methods a store offers (with the store's version; 409 when stale)",
      params: idParam,
      body: storeDeliveryMethodsBody,
      response: { 200: envelope(storeDeliveryMethods) },
    },
    handler: async (req) => ({ message: 'Edit Data Successful', data: await saveStoreDeliveryMethods(db, req.params.id, req.body, auditContext(req, clock)) }),
  });

  const positions = z.array(z.object({ id: z.number().int(), position: z.number().int() }));
  r.put('/api/v1/planograms/positions', {
    config: { permission: { entries: PLANOGRAM_ENTRIES, action: 'edit' } },
    schema: { tags: ['planograms'], summary: 'Save the display order of the planograms', body: planogramPositionsBody, response: { 200: envelope(positions) } },
    handler: async (req) => ({ message: 'Edit Data Successful', data: await s.planograms.savePositions(req.body.ids, auditContext(req, clock)) }),
  });
  registerResourceRoutes(app, s.planograms, clock, {
    path: '/api/v1/planograms',
    entries: PLANOGRAM_ENTRIES,
    tags: ['planograms'],
    row: planogramRow,
    detail: planogramDetail,
    listQuery: planogramListQuery,
    create: planogramCreateBody,
    update: planogramUpdateBody,
    remove: true,
  });
  r.post('/api/v1/planograms/:id/category-sync', {
    config: { permission: { entries: PLANOGRAM_ENTRIES, action: 'edit' } },
    schema: {
      tags: ['planograms'],
      summary: 'Replace the synced sub categories (a non-empty list; spec section 5)',
      params: idParam,
      body: planogramCategorySyncBody,
      response: { 200: envelope(planogramDetail) },
    },
    handler: async (req) => ({ message: 'Success', data: await s.planograms.sync(req.params.id, 'category', req.body.sub_category_id, auditContext(req, clock)) }),
  });
  r.post('/api/v1/planograms/:id/product-sync', {
    config: { permission: { entries: PLANOGRAM_ENTRIES, action: 'edit' } },
    schema: {
      tags: ['planograms'],
      summary: 'Replace the synced products (a non-empty list; spec section 5)',
      params: idParam,
      body: planogramProductSyncBody,
      response: { 200: envelope(planogramDetail) },
    },
    handler: async (req) => ({ message: 'Success', data: await s.planograms.sync(req.params.id, 'product', req.body.product_id, auditContext(req, clock)) }),
  });
  r.delete('/api/v1/planograms/:id/category-sync', {
    config: { permission: { entries: PLANOGRAM_ENTRIES, action: 'edit' } },
    schema: { tags: ['planograms'], summary: 'Remove every synced sub category', params: idParam, response: { 200: envelope(planogramDetail) } },
    handler: async (req) => ({ message: 'Success', data: await s.planograms.sync(req.params.id, 'category', [], auditContext(req, clock)) }),
  });
  r.delete('/api/v1/planograms/:id/product-sync', {
    config: { permission: { entries: PLANOGRAM_ENTRIES, action: 'edit' } },
    schema: { tags: ['planograms'], summary: 'Remove every synced product', params: idParam, response: { 200: envelope(planogramDetail) } },
    handler: async (req) => ({ message: 'Success', data: await s.planograms.sync(req.params.id, 'product', [], auditContext(req, clock)) }),
  });
}
