import { z } from 'zod';
import { endpoint, exportEndpoint, page, resourceApi } from '../common/endpoint.ts';
import { idParam } from '../common/list-query.ts';
import { importApi } from '../imports/imports.api.ts';
import { STAMP_COUPON_ENTRIES, stampCouponListQuery, stampCouponRow } from './stamp-coupon.schema.ts';
import { STAMP_REPORT_ENTRIES, stampReportQuery, stampReportRow, stampReportTotals, stampReportTotalsQuery } from './stamp-report.schema.ts';
import { stampInjectionLine, stampInjectionLinesQuery, stampInjectionListQuery, stampInjectionReverseBody, stampInjectionRow, stampInjectParams } from './stamp-inject.schema.ts';
import { appRedemption, appStampReward, appStamps, appTransactionBody, appTransactionResult } from './stamp-app.schema.ts';
import { stampRewardCreateBody, stampRewardListQuery, stampRewardRow, stampRewardUpdateBody } from './stamp-reward.schema.ts';
import { stampProgrammeCreateBody, stampProgrammeDetail, stampProgrammeListQuery, stampProgrammeRow, stampProgrammeUpdateBody } from './stamp-programme.schema.ts';

export const STAMP_PROGRAMME_ENTRIES = ['cms.stamp'] as const;

/** cms Digital stamp, "stamp": the stamp programmes. */
export const stampProgrammesApi = resourceApi({
  name: 'stamp-programmes',
  path: 'stamp-programmes',
  tag: 'stamp programmes',
  label: 'stamp programme',
  entries: STAMP_PROGRAMME_ENTRIES,
  // The reward form chooses its programme from this list.
  viewEntries: ['cms.reward'],
  row: stampProgrammeRow,
  detail: stampProgrammeDetail,
  listQuery: stampProgrammeListQuery,
  create: stampProgrammeCreateBody,
  update: stampProgrammeUpdateBody,
});

export const STAMP_REWARD_ENTRIES = ['cms.reward'] as const;

/** cms Digital stamp, "reward": what stamps are redeemed for. */
export const stampRewardsApi = resourceApi({
  name: 'stamp-rewards',
  path: 'stamp-rewards',
  tag: 'stamp rewards',
  label: 'reward',
  entries: STAMP_REWARD_ENTRIES,
  row: stampRewardRow,
  listQuery: stampRewardListQuery,
  create: stampRewardCreateBody,
  update: stampRewardUpdateBody,
});

const REPORT_TAG = 'stamp report';
const stampReportList = endpoint({
  id: 'stamp-report.list',
  method: 'GET',
  path: 'stamp-report',
  tag: REPORT_TAG,
  summary: 'Stamps in and out by Asia/Jakarta day, programme and store, from the daily rollup (default range: this month); movement=in (10, 30) or out (20, 21, 31)',
  access: { entries: STAMP_REPORT_ENTRIES, action: 'view' },
  query: stampReportQuery,
  data: page(stampReportRow),
});

/** cms Digital stamp, "report": the rows, their totals and the export (Export-stamp_report-<date>). */
export const stampReportApi = {
  list: stampReportList,
  totals: endpoint({
    id: 'stamp-report.totals',
    method: 'GET',
    path: 'stamp-report/totals',
    tag: REPORT_TAG,
    summary: 'The stamp report’s totals over every row its filters admit, and the range they cover',
    access: { entries: STAMP_REPORT_ENTRIES, action: 'view' },
    query: stampReportTotalsQuery,
    data: stampReportTotals,
  }),
  export: exportEndpoint(stampReportList, STAMP_REPORT_ENTRIES, 'the stamp report'),
};

/** cms Digital stamp, "coupon": the coupons stamp rewards' redemptions issued, read-only. */
export const stampCouponsApi = resourceApi({
  name: 'stamp-coupons',
  path: 'stamp-coupons',
  tag: 'stamp coupons',
  label: 'stamp coupon',
  entries: STAMP_COUPON_ENTRIES,
  row: stampCouponRow,
  listQuery: stampCouponListQuery,
});

/**
 * The consumer app's side of stamps under `app/`: public to the staff access guard, each behind the consumer-token guard
 * (401 without a consumer token).
 */
const APP_TAG = 'consumer app';
export const stampAppApi = {
  transaction: endpoint({
    id: 'app-stamps.transaction',
    method: 'POST',
    path: 'app/transactions',
    tag: APP_TAG,
    summary: 'A POS or online transaction of the consumer earns stamps by every active programme that admits it; sent again, it answers the first result',
    access: 'public',
    body: appTransactionBody,
    data: appTransactionResult,
    errors: [401, 409],
  }),
  stamps: endpoint({
    id: 'app-stamps.balances',
    method: 'GET',
    path: 'app/stamps',
    tag: APP_TAG,
    summary: 'The consumer’s stamp balances by programme and latest movements',
    access: 'public',
    data: appStamps,
    errors: [401],
  }),
  rewards: endpoint({
    id: 'app-stamps.rewards',
    method: 'GET',
    path: 'app/stamp-rewards',
    tag: APP_TAG,
    summary: 'Rewards the consumer can redeem today (active, in period, in stock)',
    access: 'public',
    data: z.array(appStampReward),
    errors: [401],
  }),
  redeem: endpoint({
    id: 'app-stamps.redeem',
    method: 'POST',
    path: 'app/stamp-rewards/:id/redeem',
    tag: APP_TAG,
    summary: 'Redeems a reward: debits the programme’s stamps, takes one from stock and issues a coupon, all at once',
    access: 'public',
    data: appRedemption,
    errors: [401, 404, 422],
  }),
};

export const STAMP_INJECT_ENTRIES = ['heimdal.digital-stamp-inject'] as const;

const stampInjections = resourceApi({
  name: 'stamp-injections',
  path: 'stamp-injections',
  tag: 'stamp injections',
  label: 'stamp injection batch',
  entries: STAMP_INJECT_ENTRIES,
  row: stampInjectionRow,
  listQuery: stampInjectionListQuery,
});

/**
 * heimdal Digital Stamp Inject: the confirmed injection batches (they arrive by the import below) and their reversal as
 * a whole (422 when a consumer's balance would go below zero, 409 when already reversed or changed).
 */
export const stampInjectionsApi = {
  ...stampInjections,
  reverse: endpoint({
    id: 'stamp-injections.reverse',
    method: 'POST',
    path: 'stamp-injections/:id/reverse',
    tag: 'stamp injections',
    summary: 'Reverses a batch: a compensating ledger row for each of its rows, all in one transaction, or none',
    access: { entries: STAMP_INJECT_ENTRIES, action: 'create' },
    params: idParam,
    body: stampInjectionReverseBody,
    data: stampInjectionRow,
    errors: [409, 422],
  }),
  rows: endpoint({
    id: 'stamp-injections.rows',
    method: 'GET',
    path: 'stamp-injections/:id/rows',
    tag: 'stamp injections',
    summary: 'The rows of a batch: consumer, programme, stamps and the ledger rows written (and their reversal)',
    access: { entries: STAMP_INJECT_ENTRIES, action: 'view' },
    params: idParam,
    query: stampInjectionLinesQuery,
    data: page(stampInjectionLine),
  }),
};

/** The injection file: consumer by app card id, programme by id or name, stamps; the reason once for the file. */
export const stampInjectImportApi = {
  stampInject: importApi('digital-stamp-inject', {
    title: 'Inject digital stamps by file',
    entries: STAMP_INJECT_ENTRIES,
    action: 'create',
    params: stampInjectParams,
  }),
};

/** Every endpoint of the stamp half of the loyalty domain. */
export const stampsApi = { stampProgrammesApi, stampRewardsApi, stampReportApi, stampCouponsApi, stampAppApi, stampInjectionsApi, stampInjectImportApi };
