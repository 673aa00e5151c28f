import { VOUCHER_ORDER_ENTRIES } from '../access/entries.ts';
import { endpoint, entriesPermission } from '../common/endpoint.ts';
import { documentIssuer } from '../common/document-issuer.ts';
import { VOUCHER_DOCUMENT, type VoucherDocumentKind } from './voucher-document.ts';

const view = entriesPermission('voucher-orders', VOUCHER_ORDER_ENTRIES, 'view');

/** A voucher order's quotation or receipt as a PDF; 409 until the workflow issues it, 422 while the chain's details are missing. */
const documentEndpoint = <K extends VoucherDocumentKind>(kind: K) =>
  endpoint({
    id: `voucher-orders.${kind}`,
    method: 'GET',
    path: `voucher-orders/:id/${kind}`,
    tag: 'voucher orders',
    summary: `The order's ${kind} as a PDF (${VOUCHER_DOCUMENT[kind].file}_<number>.pdf); 409 until it is issued (${VOUCHER_DOCUMENT[kind].when}), 422 while the chain's details for documents are missing in the general setting`,
    access: view,
    data: 'file',
    errors: [409, 422],
  });

/** The documents of cms Voucher digital, Order Voucher Management, open to whoever may view the orders. */
export const voucherDocumentsApi = {
  quotation: documentEndpoint('quotation'),
  receipt: documentEndpoint('receipt'),
  /** What the printable pages need of the general setting, without the right to view the general setting itself. */
  issuer: endpoint({
    id: 'voucher-orders.document-issuer',
    method: 'GET',
    path: 'voucher-orders/document-issuer',
    tag: 'voucher orders',
    summary: "The chain's details that quotations and receipts print (from the general setting)",
    access: view,
    data: documentIssuer,
  }),
};
