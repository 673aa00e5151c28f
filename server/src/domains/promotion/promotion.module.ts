import { ResourceService } from '../../platform/crud/index.ts';
import type { DomainModule, ModuleContext } from '../../platform/module.ts';
import { PersonalDataAccessLog } from '../../platform/personal-data.ts';
import { FreeGiftService } from './free-gift.resource.ts';
import { MasterPromoService } from './master-promo.resource.ts';
import { maxPurchaseDef } from './max-purchase.resource.ts';
import { PromoService } from './promo.resource.ts';
import type { PromotionServices } from './promotion.deps.ts';
import { PROMOTION_EXPORTS } from './promotion.exports.ts';
import { promotionImports } from './promotion.imports.ts';
import { registerPromotionRoutes } from './promotion.routes.ts';
import { TillOfferService } from './till-offer.service.ts';

/** cms promo management and free-gift promotion; orion max-purchase limitation and master promo. */
export function promotionModule(ctx: ModuleContext): DomainModule & { services: { tillOffers: TillOfferService } } {
  const { db, clock } = ctx;
  const services: PromotionServices = { promos: new PromoService(db), freeGifts: new FreeGiftService(db), maxPurchases: new ResourceService(maxPurchaseDef, db), masterPromos: new MasterPromoService(db) };
  return {
    name: 'promotion',
    // The tills' promos and free gifts are checked by promotion's rules when the analytics domain records a receipt.
    services: { tillOffers: new TillOfferService() },
    register: (app) => registerPromotionRoutes(app, services, clock, new PersonalDataAccessLog(db, clock)),
    exports: PROMOTION_EXPORTS,
    imports: promotionImports(services),
  };
}
