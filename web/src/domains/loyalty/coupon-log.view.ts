import {
  COUPON_CLAIM_STATUS,
  couponLogListQuery,
  couponLogsApi,
  couponSettingRow,
  couponSettingsApi,
  type CouponLogRow,
} from '@portal/contract';
import { enumOptions, remoteOptions } from '../../ui/options.ts';
import { defineResource } from '../../ui/resource.ts';
import { storeOptions } from './loyalty.options.ts';
import { CouponLogStampCouponButton } from './StampCouponLinks.tsx';

const couponOptions = remoteOptions('coupon-setting', couponSettingsApi.list, couponSettingRow.pick({ id: true, name: true }), (c) => ({ value: c.id, label: c.name }), {
  query: { limit: 50, sort_by: 'updated_at' },
  searchable: true,
});

/** cms Coupon Log: every claim with the section 3 fields; phone and e-mail come masked without the personal-data right. */
export const couponLogView = defineResource<CouponLogRow>({
  name: 'coupon-log',
  i18n: 'loyalty.couponLog',
  title: 'Coupon Log',
  entries: ['cms.coupon-log'],
  listQuery: couponLogListQuery,
  api: couponLogsApi,
  export: couponLogsApi.export,
  search: 'Search coupon code or consumer name',
  filters: [
    { kind: 'select', key: 'coupon_id', label: 'Coupon', options: couponOptions, width: 220 },
    { kind: 'select', key: 'status', label: 'Status', options: enumOptions(COUPON_CLAIM_STATUS), width: 140 },
    { kind: 'select', key: 'store_id', label: 'Store', options: storeOptions, width: 200 },
    { kind: 'dateRange', from: 'claimed_from', to: 'claimed_to', label: 'Claimed Date' },
  ],
  columns: [
    { key: 'coupon_code', label: 'Coupon Code', link: true, width: 170 },
    { key: 'coupon_id', label: 'Coupon ID', kind: 'number', width: 100, defaultHidden: true },
    { key: 'reward_id', label: 'Reward ID', kind: 'number', width: 100, defaultHidden: true },
    { key: 'name', label: 'Name' },
    { key: 'claimed_date', label: 'Claimed Date', kind: 'date', sortable: true },
    { key: 'consumer_name', label: 'Consumer Name' },
    { key: 'phone_number', label: 'Phone Number' },
    { key: 'email', label: 'E-mail', defaultHidden: true },
    { key: 'app_card_id', label: 'App Card ID', defaultHidden: true },
    { key: 'physical_card_id', label: 'Physical Card ID', defaultHidden: true },
    { key: 'redemption_date', label: 'Redemption Date', kind: 'date' },
    { key: 'store', label: 'Store' },
    { key: 'status', label: 'Status', kind: 'status', enum: COUPON_CLAIM_STATUS, width: 110 },
  ],
  detail: [
    {
      key: 'claim',
      title: 'Coupon Claim',
      items: [
        { key: 'coupon_code', label: 'Coupon Code' },
        { key: 'coupon_id', label: 'Coupon ID', kind: 'number' },
        { key: 'reward_id', label: 'Reward ID', kind: 'number' },
        { key: 'name', label: 'Name' },
        { key: 'status', label: 'Status', kind: 'status', enum: COUPON_CLAIM_STATUS },
        { key: 'claimed_date', label: 'Claimed Date', kind: 'date' },
        { key: 'expires_at', label: 'Expires At', kind: 'date' },
        { key: 'redemption_date', label: 'Redemption Date', kind: 'date' },
        { key: 'store', label: 'Store' },
        { key: 'pos_receipt_no', label: 'POS Receipt' },
      ],
    },
    {
      key: 'consumer',
      title: 'Consumer',
      items: [
        { key: 'consumer_name', label: 'Consumer Name' },
        { key: 'phone_number', label: 'Phone Number' },
        { key: 'email', label: 'E-mail' },
        { key: 'app_card_id', label: 'App Card ID' },
        { key: 'physical_card_id', label: 'Physical Card ID' },
      ],
    },
  ],
  rowTitle: (r) => `${r.coupon_code} · ${r.name}`,
  detailActions: CouponLogStampCouponButton,
});
