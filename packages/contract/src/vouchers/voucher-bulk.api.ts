import { BULK_VOUCHER_ENTRIES } from '../access/entries.ts';
import { importApi } from '../imports/imports.api.ts';

/**
 * cms Method of Payment, Bulk Voucher: many voucher orders moved at once by a file of order numbers on the shared import
 * pipeline (upload, validation by cell, confirm once, all or none): payment verify (the maker's step, with each
 * transfer) and release (the checker's), each with the spec's toast once applied.
 */
export const voucherBulkApi = {
  paymentVerify: importApi('bulk-voucher-payment-verify', {
    title: 'Verify voucher order payments by file',
    entries: BULK_VOUCHER_ENTRIES,
    action: 'edit',
    doneMessage: 'Payment Verify Bulk Voucher is Successful',
  }),
  release: importApi('bulk-voucher-release', {
    title: 'Release voucher orders by file',
    entries: BULK_VOUCHER_ENTRIES,
    action: 'approve',
    doneMessage: 'Release Bulk Voucher is Successful',
  }),
};
