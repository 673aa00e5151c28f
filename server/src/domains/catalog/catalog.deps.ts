import type { z } from 'zod';
import type {
  categoryRow,
  deliveryMethodListQuery,
  deliveryMethodRow,
  productListQuery,
  productRow,
  storeListQuery,
  storeProductListQuery,
  storeProductRow,
  storeRow,
  subCategoryListQuery,
} from '@portal/contract';
import type { ResourceService } from '../../platform/crud/index.ts';
import type { ParentCategoryService } from './category.resource.ts';
import type { GroupStoreService } from './group-store.service.ts';
import type { PlanogramService } from './planogram.resource.ts';

/** Categories, products, stores and their store products. */
export interface CatalogServices {
  parentCategories: ParentCategoryService;
  subCategories: ResourceService<z.infer<typeof categoryRow>, z.infer<typeof subCategoryListQuery>>;
  products: ResourceService<z.infer<typeof productRow>, z.infer<typeof productListQuery>>;
  stores: ResourceService<z.infer<typeof storeRow>, z.infer<typeof storeListQuery>>;
  storeProducts: ResourceService<z.infer<typeof storeProductRow>, z.infer<typeof storeProductListQuery>>;
}

/** Group stores, delivery methods and planograms (cms E-commerce). */
export interface EcommerceServices {
  groupStores: GroupStoreService;
  deliveryMethods: ResourceService<z.infer<typeof deliveryMethodRow>, z.infer<typeof deliveryMethodListQuery>>;
  planograms: PlanogramService;
}
