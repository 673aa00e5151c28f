import { z } from 'zod';
import { COUPON_LOG_ENTRIES, COUPON_SETTING_ENTRIES } from '../access/entries.ts';
import { audienceEstimate, audienceEstimateBody } from '../common/audience.schema.ts';
import { endpoint, exportEndpoint, resourceApi } from '../common/endpoint.ts';
import { couponLogListQuery, couponLogRow } from './coupon-log.schema.ts';
import { bigIdParam, idParam } from '../common/list-query.ts';
import { couponCodeExportQuery, couponCodesBody } from './coupon-code.schema.ts';
import { appCouponRow, appCouponUseBody, appMyCouponsQuery } from './coupon-app.schema.ts';
import {
  couponClaimRow,
  couponSettingCreateBody,
  couponSettingDetail,
  couponSettingListQuery,
  couponSettingRow,
  couponSettingUpdateBody,
} from './coupon-setting.schema.ts';

const couponSettings = resourceApi({
  name: 'coupon-settings',
  path: 'coupon-settings',
  tag: 'coupon settings',
  label: 'coupon setting',
  entries: COUPON_SETTING_ENTRIES,
  // The coupon log's filter picks a coupon by name.
  viewEntries: COUPON_LOG_ENTRIES,
  row: couponSettingRow,
  detail: couponSettingDetail,
  listQuery: couponSettingListQuery,
  create: couponSettingCreateBody,
  update: couponSettingUpdateBody,
  remove: true,
});
export const couponSettingsApi = {
  ...couponSettings,
  audience: endpoint({
    id: 'coupon-settings.audience-estimate',
    method: 'POST',
    path: 'coupon-settings/audience-estimate',
    tag: 'coupon settings',
    summary: 'The number of active consumers a coupon targeting reaches (counted exactly at the time of asking)',
    access: { entries: COUPON_SETTING_ENTRIES, action: 'view' },
    body: audienceEstimateBody,
    data: audienceEstimate,
  }),
  generateCodes: endpoint({
    id: 'coupon-settings.generate-codes',
    method: 'POST',
    path: 'coupon-settings/:id/codes',
    tag: 'coupon settings',
    summary: 'Generates the coupon’s unique codes from a pattern as a background job (422 when the pattern has no room for the quota)',
    access: { entries: COUPON_SETTING_ENTRIES, action: 'edit' },
    params: idParam,
    body: couponCodesBody,
    data: couponSettingDetail,
    errors: [409, 422],
  }),
  exportCodes: exportEndpoint({ id: 'coupon-codes.list', path: 'coupon-codes', tag: 'coupon settings', query: couponCodeExportQuery }, COUPON_SETTING_ENTRIES, 'the generated codes of a coupon'),
};

const couponLogs = resourceApi({
  name: 'coupon-logs',
  path: 'coupon-logs',
  tag: 'coupon log',
  label: 'coupon claim',
  entries: COUPON_LOG_ENTRIES,
  row: couponLogRow,
  listQuery: couponLogListQuery,
});
/** cms Coupon Log: every claim, filtered by coupon, status, claimed date, store and search; exported with the list's query string. */
export const couponLogsApi = { ...couponLogs, export: exportEndpoint(couponLogs.list, COUPON_LOG_ENTRIES, 'the coupon log') };

const APP_TAG = 'consumer app';
const consumerToken = [401] as const;

/** The consumer app's coupons: claimable ones, claiming (409 when the quota or the consumer's limit is spent), its own, using one. */
export const appCouponsApi = {
  list: endpoint({
    id: 'app-coupons.list',
    method: 'GET',
    path: 'app/coupons',
    tag: APP_TAG,
    summary: 'The coupons the consumer may claim now (active, in period, quota left, its targeting admits the consumer)',
    access: 'public',
    data: z.array(appCouponRow),
    errors: consumerToken,
  }),
  claim: endpoint({
    id: 'app-coupons.claim',
    method: 'POST',
    path: 'app/coupons/:id/claim',
    tag: APP_TAG,
    summary: 'Claims one coupon: takes a unit of the quota and of the consumer’s limit atomically',
    access: 'public',
    params: idParam,
    data: couponClaimRow,
    errors: [401, 404, 409, 422],
  }),
  mine: endpoint({
    id: 'app-coupons.mine',
    method: 'GET',
    path: 'app/my-coupons',
    tag: APP_TAG,
    summary: 'The consumer’s claimed coupons, newest first',
    access: 'public',
    query: appMyCouponsQuery,
    data: z.array(couponClaimRow),
    errors: consumerToken,
  }),
  use: endpoint({
    id: 'app-coupons.use',
    method: 'POST',
    path: 'app/my-coupons/:id/use',
    tag: APP_TAG,
    summary: 'Uses an active claimed coupon at a store, on a receipt (status Used)',
    access: 'public',
    params: bigIdParam,
    body: appCouponUseBody,
    data: couponClaimRow,
    errors: [401, 404, 409],
  }),
};

export const couponsApi = { couponSettingsApi, couponLogsApi, appCouponsApi };
