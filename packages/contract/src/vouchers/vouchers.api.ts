import { VOUCHER_PRODUCT_ENTRIES } from '../access/entries.ts';
import { resourceApi } from '../common/endpoint.ts';
import { voucherProductCreateBody, voucherProductDetail, voucherProductListQuery, voucherProductRow, voucherProductUpdateBody } from './voucher-product.schema.ts';

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

export const vouchersApi = { voucherProductsApi };
