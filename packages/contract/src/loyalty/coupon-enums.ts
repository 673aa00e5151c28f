import { enumTable } from '../enums/enum-table.ts';

/** Coupon type (spec section 3): on delivery, on the order, or on chosen products (by PLU, with its product lines). */
export const COUPON_TYPE_BY_PLU = 3;
export const COUPON_TYPE = enumTable([
  { value: 1, label: 'Delivery', labelId: 'Pengiriman', color: 'blue' },
  { value: 2, label: 'Order', labelId: 'Pesanan', color: 'purple' },
  { value: COUPON_TYPE_BY_PLU, label: 'By PLU', labelId: 'Per PLU', color: 'gold' },
] as const);

export const PROMO_PERCENTAGE = 1;
export const PROMO_AMOUNT = 2;
