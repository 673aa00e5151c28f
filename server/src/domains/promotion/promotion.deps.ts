import type { z } from 'zod';
import type { maxPurchaseListQuery, maxPurchaseRow } from '@portal/contract';
import type { ResourceService } from '../../platform/crud/index.ts';
import type { FreeGiftService } from './free-gift.resource.ts';
import type { MasterPromoService } from './master-promo.resource.ts';
import type { PromoService } from './promo.resource.ts';

/** Promos, free gifts, max-purchase limitations and master promos. */
export interface PromotionServices {
  promos: PromoService;
  freeGifts: FreeGiftService;
  maxPurchases: ResourceService<z.infer<typeof maxPurchaseRow>, z.infer<typeof maxPurchaseListQuery>>;
  masterPromos: MasterPromoService;
}
