import { z } from 'zod';
import { audienceEstimate, audienceEstimateBody } from '../common/audience.schema.ts';
import { endpoint, exportEndpoint, resourceApi } from '../common/endpoint.ts';
import { appRaffleCoupon, appRaffleRow, raffleCreateBody, raffleDetail, raffleExportQuery, raffleListQuery, raffleRow } from './raffle.schema.ts';

export const RAFFLE_ENTRIES = ['cms.raffle'] as const;

const raffles = resourceApi({
  name: 'raffles',
  path: 'raffles',
  tag: 'raffles',
  label: 'raffle',
  entries: RAFFLE_ENTRIES,
  row: raffleRow,
  detail: raffleDetail,
  listQuery: raffleListQuery,
  create: raffleCreateBody,
  // Refused (409) once the raffle has entries or has been drawn.
  remove: true,
});

/** cms Digital Coupon, "raffle": raffles, their draw (commit-reveal) and the file of their entries and winners. */
export const rafflesApi = {
  ...raffles,
  audience: endpoint({
    id: 'raffles.audience-estimate',
    method: 'POST',
    path: 'raffles/audience-estimate',
    tag: 'raffles',
    summary: 'The number of active consumers a raffle targeting reaches (counted exactly at the time of asking)',
    access: { entries: RAFFLE_ENTRIES, action: 'view' },
    body: audienceEstimateBody,
    data: audienceEstimate,
  }),
  draw: endpoint({
    id: 'raffles.draw',
    method: 'POST',
    path: 'raffles/:id/draw',
    tag: 'raffles',
    summary: 'Draws the winners from the frozen entry list with the committed seed and reveals the seed (422 before the entry end, 409 once drawn)',
    access: { entries: RAFFLE_ENTRIES, action: 'edit' },
    data: raffleDetail,
    errors: [409, 422],
  }),
  export: exportEndpoint(
    { id: 'raffle-coupons.list', path: 'raffle-coupons', tag: 'raffles', query: raffleExportQuery },
    RAFFLE_ENTRIES,
    'a raffle’s entries and winners',
  ),
};

const APP_TAG = 'consumer app';

/** The consumer app's raffles: open ones with the consumer's coupons, and entering (409 at the per-consumer maximum). */
export const appRafflesApi = {
  list: endpoint({
    id: 'app-raffles.list',
    method: 'GET',
    path: 'app/raffles',
    tag: APP_TAG,
    summary: 'The raffles open to the consumer now (in the entry period, its targeting admits them) with their coupon count',
    access: 'public',
    data: z.array(appRaffleRow),
    errors: [401],
  }),
  enter: endpoint({
    id: 'app-raffles.enter',
    method: 'POST',
    path: 'app/raffles/:id/enter',
    tag: APP_TAG,
    summary: 'Enters a raffle from the app: one raffle coupon, within the per-consumer maximum (checked atomically)',
    access: 'public',
    data: appRaffleCoupon,
    errors: [401, 404, 409, 422],
  }),
};

export const raffleApi = { rafflesApi, appRafflesApi };
