/**
 * The customer analytics' detail pages (the spec's `{typeDetail}`): APC, IPC and QPC per customer and per transaction.
 * The list alone here, free of zod: the router takes it with what sign-in loads (as planogram-detail.ts).
 */
export const CUSTOMER_DETAIL_TYPES = ['apc-per-customer', 'ipc-per-customer', 'qpc-per-customer', 'apc-per-transaction', 'ipc-per-transaction', 'qpc-per-transaction'] as const;
export type CustomerDetailType = (typeof CUSTOMER_DETAIL_TYPES)[number];
