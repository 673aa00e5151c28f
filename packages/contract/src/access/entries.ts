/**
 * Menu entries whose rights other domains' endpoints also read (a promo form searches products and stores): they live
 * here, beside the registry, so that no domain of the contract imports another.
 */
export const PROMO_ENTRIES = ['cms.promo-management'] as const;
export const FREE_GIFT_ENTRIES = ['cms.free-gift-promotion'] as const;
export const MAX_PURCHASE_ENTRIES = ['orion.max-purchase-limitation'] as const;
export const COUPON_SETTING_ENTRIES = ['cms.coupon-setting'] as const;
export const COUPON_LOG_ENTRIES = ['cms.coupon-log'] as const;
export const ORDER_ENTRIES = ['cms.order-management'] as const;
export const PRE_ORDER_EVENT_ENTRIES = ['cms.pre-order-events'] as const;
export const DIGITAL_PRODUCT_ENTRIES = ['orion.digital-product-management'] as const;
export const VOUCHER_PRODUCT_ENTRIES = ['cms.voucher-digital/voucher-management'] as const;
export const VOUCHER_ORDER_ENTRIES = ['cms.voucher-digital/order-voucher-management'] as const;
export const BULK_VOUCHER_ENTRIES = ['cms.method-of-payment/bulk-voucher'] as const;
export const VOUCHER_STATUS_ENTRIES = ['pandora.check-voucher-status'] as const;
export const VOUCHER_LIST_ENTRIES = ['cms.voucher-digital/order-voucher-management', 'pandora.voucher-report'] as const;
export const PARTNER_ENTRIES = ['cms.voucher-digital/partner-management'] as const;
export const CREDIT_LIMIT_ENTRIES = ['cms.method-of-payment/credit-limit'] as const;
export const TOP_UP_ENTRIES = ['cms.order-management-digital-product'] as const;
export const TOP_UP_CTA_ENTRIES = ['cms.cta-setting'] as const;
