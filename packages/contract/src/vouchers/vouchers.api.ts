import { z } from 'zod';
import { CREDIT_LIMIT_ENTRIES, PARTNER_ENTRIES, VOUCHER_ORDER_ENTRIES, VOUCHER_LIST_ENTRIES, VOUCHER_PRODUCT_ENTRIES, VOUCHER_STATUS_ENTRIES } from '../access/entries.ts';
import { endpoint, entriesPermission, exportEndpoint, resourceApi } from '../common/endpoint.ts';
import { voucherBulkApi } from './voucher-bulk.api.ts';
import { voucherReportsApi } from './voucher-reports.api.ts';
import { idParam } from '../common/list-query.ts';
import { VOUCHER_ORDER_MOVES, type VoucherOrderAction } from '../workflows/voucher-order.ts';
import {
  VOUCHER_ORDER_MOVE_BODY,
  voucherOrderCreateBody,
  voucherOrderDetail,
  voucherOrderItemBody,
  voucherOrderItemQuery,
  voucherOrderListQuery,
  voucherOrderMovePath,
  voucherOrderRow,
} from './voucher-order.schema.ts';
import { voucherListQuery, voucherRedeemBody, voucherRedeemResult, voucherRow, voucherStatusQuery, voucherStatusRow } from './voucher.schema.ts';
import {
  creditLimitBody,
  creditLimitListQuery,
  creditLimitRow,
  partnerCreateBody,
  partnerDetail,
  partnerListQuery,
  partnerPeriodBody,
  partnerPicOption,
  partnerPicOptionsQuery,
  partnerRow,
  partnerUpdateBody,
} from './partner.schema.ts';
import { voucherProductCreateBody, voucherProductDetail, voucherProductListQuery, voucherProductRow, voucherProductUpdateBody } from './voucher-product.schema.ts';
import { voucherDocumentsApi } from './voucher-documents.api.ts';

/** cms Voucher digital, Voucher Management: the voucher products business clients order. */
export const voucherProductsApi = resourceApi({
  name: 'voucher-products',
  path: 'voucher-products',
  tag: 'voucher products',
  label: 'voucher product',
  entries: VOUCHER_PRODUCT_ENTRIES,
  row: voucherProductRow,
  detail: voucherProductDetail,
  listQuery: voucherProductListQuery,
  create: voucherProductCreateBody,
  update: voucherProductUpdateBody,
  remove: true,
});

const orders = resourceApi({
  name: 'voucher-orders',
  path: 'voucher-orders',
  tag: 'voucher orders',
  label: 'voucher order',
  entries: VOUCHER_ORDER_ENTRIES,
  row: voucherOrderRow,
  detail: voucherOrderDetail,
  listQuery: voucherOrderListQuery,
  create: voucherOrderCreateBody,
});

/** One move of the voucher order workflow at `voucher-orders/:id/<action>`, admitted by the grant the move declares. */
const moveEndpoint = <A extends VoucherOrderAction>(action: A) =>
  endpoint({
    id: `voucher-orders.${action}`,
    method: 'POST',
    path: `voucher-orders/:id/${voucherOrderMovePath(action)}`,
    tag: 'voucher orders',
    summary: `Moves the order by ${action.replaceAll('_', ' ')}; 409 from a state the workflow does not allow, for a stale version, or when the checker is the maker`,
    access: entriesPermission('voucher-orders', VOUCHER_ORDER_ENTRIES, VOUCHER_ORDER_MOVES[action].grant),
    params: idParam,
    body: VOUCHER_ORDER_MOVE_BODY[action],
    data: voucherOrderDetail,
    errors: [409, 422],
  });

/** cms Voucher digital, Order Voucher Management: clients' orders, placed by staff, moved by the PIC and finance. */
export const voucherOrdersApi = {
  ...orders,
  picProcess: moveEndpoint('pic_process'),
  picApprove: moveEndpoint('pic_approve'),
  picReject: moveEndpoint('pic_reject'),
  paymentVerify: moveEndpoint('payment_verify'),
  paymentDateVerify: moveEndpoint('payment_date_verify'),
  paymentReject: moveEndpoint('payment_reject'),
  release: moveEndpoint('release'),
  releaseAmount: endpoint({
    id: 'voucher-orders.release-amount',
    method: 'PUT',
    path: 'voucher-orders/:id/items',
    tag: 'voucher orders',
    summary: 'Sets how many vouchers of one line (its voucher code in the query) the release generates, before release; 409 once released or for a stale version',
    access: entriesPermission('voucher-orders', VOUCHER_ORDER_ENTRIES, 'edit'),
    params: idParam,
    query: voucherOrderItemQuery,
    body: voucherOrderItemBody,
    data: voucherOrderDetail,
    errors: [409],
  }),
};

/** The move endpoints by workflow action, for the server's and the web's loops over the workflow. */
export const VOUCHER_ORDER_MOVE_API = {
  pic_process: voucherOrdersApi.picProcess,
  pic_approve: voucherOrdersApi.picApprove,
  pic_reject: voucherOrdersApi.picReject,
  payment_verify: voucherOrdersApi.paymentVerify,
  payment_date_verify: voucherOrdersApi.paymentDateVerify,
  payment_reject: voucherOrdersApi.paymentReject,
  release: voucherOrdersApi.release,
} as const;

const partners = resourceApi({
  name: 'partners',
  path: 'partners',
  tag: 'partners',
  label: 'partner',
  entries: PARTNER_ENTRIES,
  row: partnerRow,
  detail: partnerDetail,
  listQuery: partnerListQuery,
  create: partnerCreateBody,
  update: partnerUpdateBody,
});

/** cms Voucher digital, Partner Management: the business clients, their PIC and their cooperation periods. */
export const partnersApi = {
  ...partners,
  addPeriod: endpoint({
    id: 'partners.add-period',
    method: 'POST',
    path: 'partners/:id/periods',
    tag: 'partners',
    summary: 'Adds a cooperation period (its agreement and days) to a partner; 409 when the agreement is already recorded, 422 when it overlaps another period',
    access: entriesPermission('partners', PARTNER_ENTRIES, 'edit'),
    body: partnerPeriodBody,
    data: partnerDetail,
    errors: [409, 422],
  }),
  picOptions: endpoint({
    id: 'partners.pic-options',
    method: 'GET',
    path: 'partners/pic-options',
    tag: 'partners',
    summary: 'Active staff users a partner’s PIC is chosen from, searched on the server',
    access: entriesPermission('partners', PARTNER_ENTRIES, 'view'),
    query: partnerPicOptionsQuery,
    data: z.array(partnerPicOption),
  }),
};

/** cms Method of Payment, Credit Limit: each partner's limit of open credit orders, what is used and what is left. */
export const creditLimitsApi = resourceApi({
  name: 'credit-limits',
  path: 'credit-limits',
  tag: 'credit limits',
  label: 'credit limit',
  entries: CREDIT_LIMIT_ENTRIES,
  row: creditLimitRow,
  listQuery: creditLimitListQuery,
  update: creditLimitBody,
});

const issued = resourceApi({
  name: 'vouchers',
  path: 'vouchers',
  tag: 'vouchers',
  label: 'voucher',
  entries: VOUCHER_LIST_ENTRIES,
  row: voucherRow,
  listQuery: voucherListQuery,
});

/** Issued vouchers: an order's (Order Voucher Management) and the chain's (pandora Voucher Report), codes masked; the export holds them whole. */
export const vouchersListApi = { list: issued.list, export: exportEndpoint(issued.list, VOUCHER_LIST_ENTRIES, 'issued vouchers with their whole codes') };

/** pandora Check Voucher Status: one voucher by its barcode (400 for a barcode that is not one, 404 for none issued). */
export const voucherStatusApi = {
  get: endpoint({
    id: 'vouchers.status',
    method: 'GET',
    path: 'vouchers/status',
    tag: 'vouchers',
    summary: 'A voucher’s status by its barcode: active, used (where and when) or expired, with its product, client and order',
    access: { entries: VOUCHER_STATUS_ENTRIES, action: 'view' },
    query: voucherStatusQuery,
    data: voucherStatusRow,
    errors: [404],
  }),
};

/** The chain's POS: a voucher used as payment at a store, signed, once per voucher, idempotent per POS reference. */
export const voucherPosApi = {
  redeem: endpoint({
    id: 'pos-vouchers.redeem',
    method: 'POST',
    path: 'pos/vouchers/redeem',
    tag: 'pos',
    summary: 'Marks a voucher used at a store; sent again with the same pos_ref, the first answer; 409 when it was used by another, 422 when expired or not valid at the store, 401 for a bad signature',
    access: 'public',
    body: voucherRedeemBody,
    data: voucherRedeemResult,
    errors: [401, 404, 409, 422],
  }),
};

export const vouchersApi = { voucherBulkApi, voucherProductsApi, voucherOrdersApi, vouchersListApi, voucherStatusApi, voucherPosApi, partnersApi, creditLimitsApi, voucherDocumentsApi, voucherReportsApi };
