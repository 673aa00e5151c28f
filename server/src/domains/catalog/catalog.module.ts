import { ResourceService } from '../../platform/crud/index.ts';
import type { DomainModule, ModuleContext } from '../../platform/module.ts';
import type { CatalogServices, EcommerceServices } from './catalog.deps.ts';
import { CATALOG_EXPORTS } from './catalog.exports.ts';
import { CATALOG_IMPORTS } from './catalog.imports.ts';
import { registerCatalogRoutes } from './catalog.routes.ts';
import { ParentCategoryService, subCategoryDef } from './category.resource.ts';
import { deliveryMethodDef } from './delivery-method.resource.ts';
import { registerEcommerceRoutes } from './ecommerce.routes.ts';
import { forceStockImport } from './force-stock.imports.ts';
import { registerForceStockRoutes } from './force-stock.routes.ts';
import { GroupStoreService } from './group-store.service.ts';
import { PlanogramService } from './planogram.resource.ts';
import { productDef } from './product.resource.ts';
import { registerRegionRoutes } from './region.routes.ts';
import { RegionService } from './region.service.ts';
import { storeProductDef } from './store-product.resource.ts';
import { storeDef } from './store.resource.ts';

export interface CatalogModule extends DomainModule {
  readonly services: CatalogServices;
}

/** The regions (address reference data), categories, products, stores, and cms E-commerce (group stores, delivery methods, planograms). */
export function catalogModule(ctx: ModuleContext): CatalogModule {
  const { db, clock } = ctx;
  const regions = new RegionService(db);
  const services: CatalogServices = {
    parentCategories: new ParentCategoryService(db),
    subCategories: new ResourceService(subCategoryDef, db),
    products: new ResourceService(productDef, db),
    stores: new ResourceService(storeDef, db),
    storeProducts: new ResourceService(storeProductDef, db),
  };
  const ecommerce: EcommerceServices = { groupStores: new GroupStoreService(db), deliveryMethods: new ResourceService(deliveryMethodDef, db), planograms: new PlanogramService(db) };
  return {
    name: 'catalog',
    services,
    register(app) {
      registerRegionRoutes(app, regions);
      registerCatalogRoutes(app, services, db, clock);
      registerEcommerceRoutes(app, ecommerce, services, db, clock);
      registerForceStockRoutes(app, db, clock);
    },
    exports: CATALOG_EXPORTS,
    imports: [...CATALOG_IMPORTS, forceStockImport],
  };
}
