import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  deliveryMethodsApi,
  groupStoresApi,
  planogramsApi,
  storesApi,
  type deliveryMethodListQuery,
  type deliveryMethodRow,
  type GroupStoreListQuery,
  type GroupStoreRow,
} from '@portal/contract';
import type { Db } from '../../db/client.ts';
import type { AuditContext } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { conflict } from '../../platform/errors.ts';
import { auditContext, registerResourceRoutes, ResourceService } from '../../platform/crud/index.ts';
import { serve } from '../../platform/serve.ts';
import type { CatalogServices } from './catalog.routes.ts';
import { deliveryMethodDef, saveStoreDeliveryMethods, storeDeliveryMethodsOf } from './delivery-method.resource.ts';
import { groupStoreDef } from './group-store.resource.ts';
import { PlanogramService } from './planogram.resource.ts';

/** Group stores: deleting one that still has stores answers 409 saying how many. */
export class GroupStoreService extends ResourceService<GroupStoreRow, GroupStoreListQuery> {
  constructor(db: Db) {
    super(groupStoreDef, db);
  }

  override async remove(id: number | string, ctx: AuditContext): Promise<void> {
    const row = await this.get(id);
    if (row.store_count > 0) {
      throw conflict(`Group store ${row.name} still has ${row.store_count} store${row.store_count === 1 ? '' : 's'}; move them to another group before deleting it`);
    }
    return super.remove(id, ctx);
  }
}

export interface EcommerceServices {
  groupStores: GroupStoreService;
  deliveryMethods: ResourceService<z.infer<typeof deliveryMethodRow>, z.infer<typeof deliveryMethodListQuery>>;
  planograms: PlanogramService;
}

export function ecommerceServices(db: Db): EcommerceServices {
  return { groupStores: new GroupStoreService(db), deliveryMethods: new ResourceService(deliveryMethodDef, db), planograms: new PlanogramService(db) };
}

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
