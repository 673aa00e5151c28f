/*
 * Planogram analytics' detail pages (the spec's `{typeDetail}`): a ranking by one measure, top or bottom first, of the
 * planograms (`top-impression`) or of their products (`top-impression-item`); the summary in full; and the planograms
 * or products ranked by a measure the page chooses (`planogram`, `product`). The list alone here (the router takes it,
 * with what sign-in loads); what each page shows is `planogramDetailOf` beside the schemas.
 */
export const PLANOGRAM_DETAIL_TYPES = [
  'top-impression',
  'bottom-impression',
  'top-click',
  'bottom-click',
  'top-cart',
  'bottom-cart',
  'top-sales',
  'bottom-sales',
  'top-impression-item',
  'bottom-impression-item',
  'top-click-item',
  'bottom-click-item',
  'top-cart-item',
  'bottom-cart-item',
  'top-sales-item',
  'bottom-sales-item',
  'summary',
  'planogram',
  'product',
] as const;
export type PlanogramDetailType = (typeof PLANOGRAM_DETAIL_TYPES)[number];
