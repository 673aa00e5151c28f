import { COUPON_CLAIM_STATUS, stampCouponListQuery, stampCouponsApi, stampRewardRow, stampRewardsApi, type StampCouponRow } from '@portal/contract';
import { enumOptions, remoteOptions } from '../../ui/options.ts';
import { defineResource } from '../../ui/resource.ts';
import { StampCouponConsumerLink } from './StampCouponLinks.tsx';

const rewardOptions = remoteOptions('stamp-reward', stampRewardsApi.list, stampRewardRow.pick({ id: true, name: true }), (r) => ({ value: r.id, label: r.name }), {
  query: { limit: 50, sort_by: 'name', sort_dir: 'asc' },
  searchable: true,
});

/**
 * cms Digital stamp, Coupon: the coupons stamp rewards' redemptions issued (STP- codes), with the reward, programme,
 * consumer (phone masked without the personal-data right), stamps spent, and where and when the coupon was used.
 */
export const stampCouponView = defineResource<StampCouponRow>({
  name: 'stamp-coupon',
  i18n: 'loyalty.stampCoupon',
  title: 'Stamp Coupon',
  entries: ['cms.coupon'],
  listQuery: stampCouponListQuery,
  api: stampCouponsApi,
  search: 'Search coupon code or consumer name',
  filters: [
    { kind: 'select', key: 'reward_id', label: 'Reward', options: rewardOptions, width: 220 },
    { kind: 'select', key: 'status', label: 'Status', options: enumOptions(COUPON_CLAIM_STATUS), width: 140 },
    { kind: 'dateRange', from: 'redeemed_from', to: 'redeemed_to', label: 'Redeemed Date' },
  ],
  columns: [
    { key: 'coupon_code', label: 'Coupon Code', link: true, width: 190 },
    { key: 'reward_name', label: 'Reward' },
    { key: 'consumer_name', label: 'Consumer Name' },
    { key: 'stamps_used', label: 'Stamps Spent', kind: 'number', width: 130 },
    { key: 'redeemed_at', label: 'Redeemed Date', kind: 'date', sortable: true },
    { key: 'status', label: 'Status', kind: 'status', enum: COUPON_CLAIM_STATUS, width: 110 },
    { key: 'programme_name', label: 'Stamp Programme' },
    { key: 'phone_number', label: 'Phone Number', defaultHidden: true },
    { key: 'used_at', label: 'Used Date', kind: 'date', defaultHidden: true },
    { key: 'store_name', label: 'Used At Store', defaultHidden: true },
  ],
  detail: [
    {
      key: 'coupon',
      title: 'Stamp Coupon',
      items: [
        { key: 'coupon_code', label: 'Coupon Code' },
        { key: 'status', label: 'Status', kind: 'status', enum: COUPON_CLAIM_STATUS },
        { key: 'reward_name', label: 'Reward' },
        { key: 'reward_id', label: 'Reward ID', kind: 'number' },
        { key: 'programme_name', label: 'Stamp Programme' },
        { key: 'stamps_used', label: 'Stamps Spent', kind: 'number' },
        { key: 'redeemed_at', label: 'Redeemed Date', kind: 'date' },
        { key: 'expires_at', label: 'Expires At', kind: 'date' },
      ],
    },
    {
      key: 'consumer',
      title: 'Consumer',
      items: [
        { key: 'consumer', label: 'Consumer Name', kind: 'custom', component: StampCouponConsumerLink },
        { key: 'phone_number', label: 'Phone Number' },
      ],
    },
    {
      key: 'use',
      title: 'Use',
      items: [
        { key: 'used_at', label: 'Used Date', kind: 'date' },
        { key: 'store_name', label: 'Store' },
        { key: 'pos_receipt_no', label: 'POS Receipt' },
      ],
    },
  ],
  rowTitle: (r) => `${r.coupon_code} · ${r.reward_name}`,
});
