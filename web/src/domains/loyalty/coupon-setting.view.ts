import {
  ACTIVE_STATUS,
  COUPON_TYPE,
  MEMBER_SCOPE,
  PROMO_TYPE,
  TARGETING,
  couponSettingCreateBody,
  couponSettingListQuery,
  couponSettingsApi,
  couponSettingUpdateBody,
  type CouponSettingDetail,
  type CouponSettingRow,
} from '@portal/contract';
import { audienceEstimate } from '../../ui/AudienceEstimate.tsx';
import { DayInput, dayDisplay } from '../../ui/DayInput.tsx';
import { enumOptions } from '../../ui/options.ts';
import { consumerTagOptions } from '../../ui/consumer-tag-options.ts';
import { optionMultiSelect } from '../../ui/RemoteSelect.tsx';
import { defineResource } from '../../ui/resource.ts';
import { provinceOptions } from '../../ui/region-options.ts';
import { CouponCodesPanel } from './CouponCodesPanel.tsx';
import { CouponProductsInput, CouponProductsTable, DiscountText, couponLinesOf, couponLinesToBody } from './CouponProductsInput.tsx';
import { optionNamesOf } from './coupon.display.tsx';

const audience = audienceEstimate(couponSettingsApi.audience);
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const num = (v: unknown): number | undefined => (typeof v === 'number' ? v : undefined);

/** cms Coupon Setting: what a consumer may claim (delivery, order or by-PLU), for whom, how often, while the quota lasts. */
export const couponSettingView = defineResource<CouponSettingRow, CouponSettingDetail>({
  name: 'coupon-setting',
  i18n: 'loyalty.coupon',
  title: 'Coupon Setting',
  entries: ['cms.coupon-setting'],
  listQuery: couponSettingListQuery,
  api: couponSettingsApi,
  search: 'Search coupon name',
  filters: [
    { kind: 'select', key: 'status', label: 'Status', options: enumOptions(ACTIVE_STATUS), width: 130 },
    { kind: 'select', key: 'coupon_type', label: 'Coupon Type', options: enumOptions(COUPON_TYPE), width: 150 },
    { kind: 'select', key: 'promo_type', label: 'Promo Type', options: enumOptions(PROMO_TYPE), width: 150 },
    { kind: 'select', key: 'targeting', label: 'Targeting', options: enumOptions(TARGETING), width: 160 },
    { kind: 'date', key: 'active_on', label: 'Active On' },
  ],
  columns: [
    { key: 'name', label: 'Name', link: true, sortable: true },
    { key: 'coupon_type', label: 'Coupon Type', kind: 'status', enum: COUPON_TYPE, width: 120 },
    { key: 'promo_type', label: 'Promo Type', kind: 'status', enum: PROMO_TYPE, width: 120 },
    { key: 'discount', label: 'Discount', kind: 'custom', component: DiscountText },
    { key: 'targeting', label: 'Targeting', kind: 'status', enum: TARGETING, width: 130 },
    dayDisplay<CouponSettingRow>('start_date', 'Start Date', { sortable: true }),
    dayDisplay<CouponSettingRow>('end_date', 'End Date'),
    { key: 'quota', label: 'Quota', kind: 'number', sortable: true, width: 90 },
    { key: 'claimed', label: 'Claimed', kind: 'number', width: 90 },
    { key: 'status', label: 'Status', kind: 'status', enum: ACTIVE_STATUS, width: 100 },
    { key: 'min_purchase', label: 'Minimum Purchase', kind: 'rupiah', defaultHidden: true },
    { key: 'budget', label: 'Budget', kind: 'rupiah', defaultHidden: true },
    { key: 'updated_by_name', label: 'Updated By', defaultHidden: true },
    { key: 'updated_at', label: 'Updated At', kind: 'date', sortable: true, defaultHidden: true },
  ],
  form: {
    create: couponSettingCreateBody,
    update: couponSettingUpdateBody,
    fields: [
      { name: 'name', label: 'Name', input: 'text' },
      { name: 'status', label: 'Status', input: 'select', options: enumOptions(ACTIVE_STATUS) },
      { name: 'description', label: 'Description', input: 'textarea' },
      { name: 'coupon_type', label: 'Coupon Type', input: 'select', options: enumOptions(COUPON_TYPE) },
      { name: 'promo_type', label: 'Promo Type', input: 'select', options: enumOptions(PROMO_TYPE) },
      { name: 'discount_value', label: 'Discount', input: 'number', help: 'Percent (1-100) for a percentage, Rupiah for an amount' },
      { name: 'max_discount', label: 'Maximum Discount', input: 'rupiah', help: 'Percentage only: the most it takes off' },
      { name: 'min_purchase', label: 'Minimum Purchase', input: 'rupiah' },
      { name: 'budget', label: 'Budget', input: 'rupiah' },
      { name: 'start_date', label: 'Start Date', input: 'custom', component: DayInput, wide: false },
      { name: 'end_date', label: 'End Date', input: 'custom', component: DayInput, wide: false },
      { name: 'quota', label: 'Quota', input: 'number', help: 'Coupons that can be claimed in all' },
      { name: 'limit_per_consumer', label: 'Limit per Consumer', input: 'number' },
      { name: 'products', label: 'Product Coupons', input: 'custom', component: CouponProductsInput, help: 'By PLU only: the products and what the coupon takes off each' },
      { name: 'targeting', label: 'Targeting', input: 'select', options: enumOptions(TARGETING) },
      { name: 'member_scope', label: 'Member Scope', input: 'select', options: enumOptions(MEMBER_SCOPE) },
      { name: 'consumer_tag_ids', label: 'Consumer Tags', input: 'custom', component: optionMultiSelect(consumerTagOptions), help: 'Targeted only' },
      { name: 'province_codes', label: 'Regions', input: 'custom', component: optionMultiSelect(provinceOptions), help: 'Targeted only' },
      { name: 'audience', label: 'Estimated Audience', input: 'custom', component: audience.Field },
    ],
    fromDetail: (d) => ({
      name: d.name,
      status: d.status,
      description: d.description ?? '',
      coupon_type: d.coupon_type,
      promo_type: d.promo_type,
      discount_value: d.discount_value,
      max_discount: d.max_discount ?? undefined,
      min_purchase: d.min_purchase,
      budget: d.budget,
      start_date: d.start_date,
      end_date: d.end_date,
      quota: d.quota,
      limit_per_consumer: d.limit_per_consumer,
      products: couponLinesOf(d),
      targeting: d.targeting,
      member_scope: d.member_scope,
      consumer_tag_ids: d.consumer_tag_ids,
      province_codes: d.province_codes,
    }),
    duplicate: (v) => ({ ...v, name: `${String(v.name ?? '')} (copy)`.slice(0, 120), status: 1 }),
    toBody: (v) => {
      const { audience: _a, ...rest } = v;
      return {
        ...rest,
        max_discount: v.promo_type === 1 ? num(v.max_discount) : null,
        products: v.coupon_type === 3 ? couponLinesToBody(v.products) : [],
        consumer_tag_ids: v.targeting === 1 ? list(v.consumer_tag_ids) : [],
        province_codes: v.targeting === 1 ? list(v.province_codes) : [],
      };
    },
  },
  detail: [
    {
      key: 'general',
      title: 'Coupon Setting',
      items: [
        { key: 'name', label: 'Name' },
        { key: 'status', label: 'Status', kind: 'status', enum: ACTIVE_STATUS },
        { key: 'coupon_type', label: 'Coupon Type', kind: 'status', enum: COUPON_TYPE },
        { key: 'promo_type', label: 'Promo Type', kind: 'status', enum: PROMO_TYPE },
        { key: 'discount', label: 'Discount', kind: 'custom', component: DiscountText },
        { key: 'min_purchase', label: 'Minimum Purchase', kind: 'rupiah' },
        dayDisplay<CouponSettingDetail>('start_date', 'Start Date'),
        dayDisplay<CouponSettingDetail>('end_date', 'End Date'),
        { key: 'budget', label: 'Budget', kind: 'rupiah' },
        { key: 'quota', label: 'Quota', kind: 'number' },
        { key: 'claimed', label: 'Claimed', kind: 'number' },
        { key: 'limit_per_consumer', label: 'Limit per Consumer', kind: 'number' },
        { key: 'description', label: 'Description' },
        { key: 'created_by_name', label: 'Created By' },
        { key: 'created_at', label: 'Created At', kind: 'date' },
        { key: 'updated_by_name', label: 'Updated By' },
        { key: 'updated_at', label: 'Updated At', kind: 'date' },
      ],
    },
    {
      key: 'audience',
      title: 'Audience',
      items: [
        { key: 'targeting', label: 'Targeting', kind: 'status', enum: TARGETING },
        { key: 'member_scope', label: 'Member Scope', kind: 'status', enum: MEMBER_SCOPE },
        { key: 'consumer_tag_ids', label: 'Consumer Tags', kind: 'custom', component: optionNamesOf(consumerTagOptions, 'consumer_tag_ids') },
        { key: 'province_codes', label: 'Regions', kind: 'custom', component: optionNamesOf(provinceOptions, 'province_codes') },
        { key: 'estimate', label: 'Estimated Audience', kind: 'custom', component: audience.OfRow },
      ],
    },
    { key: 'products', title: 'Product Coupons', component: CouponProductsTable },
    { key: 'codes', title: 'Coupon Codes', component: CouponCodesPanel },
  ],
  rowTitle: (d) => d.name,
});
