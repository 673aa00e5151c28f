import { enumTable } from './enum-table.ts';

/** Order status codes, texts and colours (spec section 4, "Order status codes"). */
export const ORDER_WAITING_PAYMENT = 100;
export const ORDER_PAYMENT_EXPIRED = 110;
export const ORDER_PAYMENT_FAILED = 111;
export const ORDER_PAID = 200;
export const ORDER_WAITING_CHECKING = 205;
export const ORDER_STOCK_CHECKED = 201;
export const ORDER_CANCELLED = 210;
export const ORDER_READY_TO_DELIVER = 300;
export const ORDER_READY_TO_PICK_UP = 301;
export const ORDER_DELIVERY = 310;
export const ORDER_DELIVERY_INCOMPLETE = 410;
export const ORDER_DISTRIBUTED = 400;

export const ORDER_STATUS = enumTable([
  { value: ORDER_WAITING_PAYMENT, label: 'Waiting for Payment', labelId: 'Menunggu Pembayaran', color: 'orange' },
  { value: ORDER_PAYMENT_EXPIRED, label: 'Payment Expired', labelId: 'Pembayaran Kedaluwarsa', color: 'red' },
  { value: ORDER_PAYMENT_FAILED, label: 'Payment Failed', labelId: 'Pembayaran Gagal', color: 'red' },
  { value: ORDER_PAID, label: 'Paid', labelId: 'Dibayar', color: 'green' },
  { value: ORDER_WAITING_CHECKING, label: 'Waiting for Checking', labelId: 'Menunggu Pengecekan', color: 'orange' },
  { value: ORDER_STOCK_CHECKED, label: 'Stock Checked', labelId: 'Stok Dicek', color: 'orange' },
  { value: ORDER_CANCELLED, label: 'Cancel', labelId: 'Dibatalkan', color: 'red' },
  { value: ORDER_READY_TO_DELIVER, label: 'Pick Confirmed and Ready to Delivery', labelId: 'Pengambilan Dikonfirmasi, Siap Dikirim', color: 'green' },
  { value: ORDER_READY_TO_PICK_UP, label: 'Pick Confirmed and Ready to Pick Up', labelId: 'Pengambilan Dikonfirmasi, Siap Diambil', color: 'green' },
  { value: ORDER_DELIVERY, label: 'Delivery', labelId: 'Dalam Pengiriman', color: 'green' },
  { value: ORDER_DELIVERY_INCOMPLETE, label: 'Delivery Incomplete', labelId: 'Pengiriman Tidak Selesai', color: 'red' },
  { value: ORDER_DISTRIBUTED, label: 'Distribute to Customer', labelId: 'Diterima Pelanggan', color: 'green' },
] as const);

/** How the consumer receives the order: brought by a driver (3PL or the store's own) or collected at the store. */
export const ORDER_FULFILMENT = enumTable([
  { value: 1, label: 'Delivery', labelId: 'Diantar', color: 'blue' },
  { value: 2, label: 'Pick Up', labelId: 'Ambil di Toko', color: 'green' },
] as const);
export const FULFIL_DELIVERY = 1;
export const FULFIL_PICK_UP = 2;

/**
 * Why a store picked less of an item than was ordered (the order list's `unpick_reason` filter). The spec names the
 * filter, not its values: these are the reasons a grocery picker meets (decisions.md).
 */
export const ORDER_UNPICK_REASON = enumTable([
  { value: 1, label: 'Out of stock', labelId: 'Stok habis', color: 'red' },
  { value: 2, label: 'Damaged', labelId: 'Rusak', color: 'orange' },
  { value: 3, label: 'Near or past expiry', labelId: 'Mendekati atau lewat kedaluwarsa', color: 'orange' },
  { value: 4, label: 'Customer request', labelId: 'Permintaan pelanggan', color: 'blue' },
  { value: 5, label: 'Price or data mismatch', labelId: 'Harga atau data tidak sesuai', color: 'default' },
] as const);

/**
 * The order list's report tabs (spec section 3: all, disbursement, unpick, detail): every order; the delivered orders
 * whose money goes to their store; the orders with an item picked short; and every order line by itself (the export).
 */
export const ORDER_REPORT_TABS = ['all', 'disbursement', 'unpick', 'detail'] as const;
export type OrderReportTab = (typeof ORDER_REPORT_TABS)[number];

/** The payment's own status on an order (spec section 4, string payment statuses). */
export const PAYMENT_STATUS = enumTable([
  { value: 'WAITING FOR PAYMENT', label: 'Waiting for Payment', labelId: 'Menunggu Pembayaran', color: 'orange' },
  { value: 'EXPIRED', label: 'Expired', labelId: 'Kedaluwarsa', color: 'red' },
  { value: 'PAID', label: 'Paid', labelId: 'Dibayar', color: 'green' },
  { value: 'FAILED', label: 'Failed', labelId: 'Gagal', color: 'red' },
] as const);
