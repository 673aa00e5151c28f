import { z } from 'zod';
import { DIGITAL_PRODUCT_ENTRIES, TOP_UP_CTA_ENTRIES, TOP_UP_ENTRIES } from '../access/entries.ts';
import { endpoint, entriesPermission, exportEndpoint, resourceApi } from '../common/endpoint.ts';
import { idParam } from '../common/list-query.ts';
import { importApi } from '../imports/imports.api.ts';
import { digitalProductCreateBody, digitalProductListQuery, digitalProductRow, digitalProductUpdateBody } from './digital-product.schema.ts';
import { appDigitalProduct, appDigitalProductsQuery, appMyTopUpsQuery, appTopUpBody, appTopUpCta, appTopUpDetail, appTopUpRow } from './top-up-app.schema.ts';
import {
  billerCallbackBody,
  topUpCallbackResult,
  topUpCtaRow,
  topUpCtaUpdateBody,
  topUpDetail,
  topUpListQuery,
  topUpMoveBody,
  topUpPaymentCallbackBody,
  topUpRow,
} from './top-up.schema.ts';

/** orion Digital Product Management: pulsa and data packages by operator, with price and the biller's code. */
export const digitalProductsApi = resourceApi({
  name: 'digital-products',
  path: 'digital-products',
  tag: 'digital products',
  label: 'digital product',
  entries: DIGITAL_PRODUCT_ENTRIES,
  row: digitalProductRow,
  listQuery: digitalProductListQuery,
  create: digitalProductCreateBody,
  update: digitalProductUpdateBody,
  remove: true,
});

const topUps = resourceApi({
  name: 'top-ups',
  path: 'top-ups',
  tag: 'top-up orders',
  label: 'top-up',
  entries: TOP_UP_ENTRIES,
  row: topUpRow,
  detail: topUpDetail,
  listQuery: topUpListQuery,
});

/** cms Order Management Digital Product: the list with its filters, the top-up with its timeline, staff moves, the export. */
export const topUpStaffApi = {
  ...topUps,
  move: endpoint({
    id: 'top-ups.move',
    method: 'POST',
    path: 'top-ups/:id/move',
    tag: 'top-up orders',
    summary: 'Moves the top-up by one staff action (retry: sent to the biller again; cancel with a reason; a resolution from the biller’s report); 409 for a move its state does not allow, or a stale version',
    access: entriesPermission('top-ups', TOP_UP_ENTRIES, 'edit'),
    params: idParam,
    body: topUpMoveBody,
    data: topUpDetail,
  }),
  export: exportEndpoint(topUps.list, TOP_UP_ENTRIES, 'the top-up and bills orders'),
};

/** cms CTA Setting: the one call to action of the app's top-up page. */
export const topUpCtaApi = {
  get: endpoint({
    id: 'top-up-cta.get',
    method: 'GET',
    path: 'top-up-cta',
    tag: 'top-up orders',
    summary: 'The call to action of the app’s top-up page',
    access: { entries: TOP_UP_CTA_ENTRIES, action: 'view' },
    data: topUpCtaRow,
  }),
  update: endpoint({
    id: 'top-up-cta.update',
    method: 'PUT',
    path: 'top-up-cta',
    tag: 'top-up orders',
    summary: 'Edit the call to action of the app’s top-up page (409 when the version is stale)',
    access: { entries: TOP_UP_CTA_ENTRIES, action: 'edit' },
    body: topUpCtaUpdateBody,
    data: topUpCtaRow,
  }),
};

const APP_TAG = 'consumer app';
/** The consumer app's top-ups under `app/`: public to the staff guard, behind the consumer-token guard (401 without). */
export const topUpAppApi = {
  products: endpoint({
    id: 'app-digital-products.list',
    method: 'GET',
    path: 'app/digital-products',
    tag: APP_TAG,
    summary: 'The active digital products (pulsa, data packages), by type and operator, cheapest first',
    access: 'public',
    query: appDigitalProductsQuery,
    data: z.array(appDigitalProduct),
    errors: [401],
  }),
  buy: endpoint({
    id: 'app-top-ups.buy',
    method: 'POST',
    path: 'app/top-ups',
    tag: APP_TAG,
    summary: 'Buys a top-up for a mobile number: waits for its payment; sent again with the same client_ref, it answers the first top-up',
    access: 'public',
    body: appTopUpBody,
    data: appTopUpDetail,
    errors: [401, 422],
  }),
  mine: endpoint({
    id: 'app-top-ups.list',
    method: 'GET',
    path: 'app/top-ups',
    tag: APP_TAG,
    summary: 'The consumer’s own top-ups, newest first',
    access: 'public',
    query: appMyTopUpsQuery,
    data: z.array(appTopUpRow),
    errors: [401],
  }),
  one: endpoint({
    id: 'app-top-ups.get',
    method: 'GET',
    path: 'app/top-ups/:id',
    tag: APP_TAG,
    summary: 'One of the consumer’s top-ups with every status it went through (404 for another’s)',
    access: 'public',
    params: idParam,
    data: appTopUpDetail,
    errors: [401],
  }),
  cta: endpoint({
    id: 'app-top-up-cta.get',
    method: 'GET',
    path: 'app/top-up-cta',
    tag: APP_TAG,
    summary: 'The call to action of the top-up page, or null when it is switched off',
    access: 'public',
    data: appTopUpCta,
    errors: [401],
  }),
};

/** The payment gateway's and the biller's callbacks: no session; the signature in the body is the lock. */
export const topUpCallbacksApi = {
  payment: endpoint({
    id: 'payments.top-up-callback',
    method: 'POST',
    path: 'payments/top-up-callback',
    tag: 'payment gateway',
    summary: 'The payment gateway reports a top-up paid or failed; signed as the order callback is; once per event id (a replay changes nothing)',
    access: 'public',
    body: topUpPaymentCallbackBody,
    data: topUpCallbackResult,
    errors: [401, 404, 409, 422],
  }),
  biller: endpoint({
    id: 'billers.callback',
    method: 'POST',
    path: 'billers/callback',
    tag: 'biller',
    summary: 'The biller reports a sent top-up successful, failed, pending operator confirmation or on hold; signed (HMAC-SHA256); once per event id',
    access: 'public',
    body: billerCallbackBody,
    data: topUpCallbackResult,
    errors: [401, 404, 409],
  }),
};

/** Bulk update by file: transaction numbers with their target status, each moved through the workflow. */
export const topUpImportApi = {
  bulkUpdate: importApi('top-up-bulk-update', { title: 'Update top-up orders by file', entries: TOP_UP_ENTRIES, action: 'edit' }),
};

export const topUpApi = { digitalProductsApi, topUpStaffApi, topUpCtaApi, topUpAppApi, topUpCallbacksApi, topUpImportApi };
