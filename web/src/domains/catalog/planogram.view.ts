import { createElement } from 'react';
import { Space, Tag, Typography } from 'antd';
import {
  ACTIVE_STATUS,
  CONTENT_TYPE,
  DISPLAY_LOCATION,
  MEMBER_SCOPE,
  planogramCreateBody,
  planogramListQuery,
  planogramUpdateBody,
  type PlanogramDetail,
  type PlanogramRow, planogramsApi } from '@portal/contract';
import { call } from '../../lib/call.ts';
import { DayInput, dayDisplay } from '../../ui/DayInput.tsx';
import { enumOptions } from '../../ui/options.ts';
import { optionMultiSelect, pickedIds } from '../../ui/RemoteSelect.tsx';
import { defineResource } from '../../ui/resource.ts';
import { subCategoryOptions } from './catalog.options.ts';
import { productPicker } from './ecommerce.pickers.ts';

const sameSet = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((v) => b.includes(v));

/** Tags of a detail's list, or a dash. */
function tags(items: readonly string[]) {
  if (!items.length) return createElement(Typography.Text, { type: 'secondary' }, '-');
  return createElement(Space, { size: [4, 8], wrap: true }, ...items.map((text) => createElement(Tag, { key: text }, text)));
}
const SubCategoryTags = ({ row }: { row: PlanogramDetail }) => tags(row.sub_categories.map((c) => `${c.parent_name} › ${c.name}`));
const ProductTags = ({ row }: { row: PlanogramDetail }) => tags(row.products.map((p) => `${p.plu} · ${p.name}`));

/**
 * Planograms: the record's form, and its synced sub categories and products saved after it the way spec section 5
 * says: the category sync only with a non-empty sub-category list, the product sync only with a non-empty product list.
 * Emptying a list that had items clears it with its own call; an unchanged list is not sent again.
 */
export const planogramView = defineResource<PlanogramRow, PlanogramDetail>({
  name: 'planogram',
  i18n: 'ecommerce.planogram',
  title: 'Planogram',
  entries: ['cms.planogram-management'],
  listQuery: planogramListQuery,
  api: planogramsApi,
  search: 'Search title',
  filters: [
    { kind: 'select', key: 'content_type', label: 'Content Type', options: enumOptions(CONTENT_TYPE), width: 170 },
    { kind: 'select', key: 'display_location', label: 'Display Location', options: enumOptions(DISPLAY_LOCATION), width: 190 },
    { kind: 'select', key: 'member_scope', label: 'Member Scope', options: enumOptions(MEMBER_SCOPE), width: 160 },
    { kind: 'select', key: 'status', label: 'Status', options: enumOptions(ACTIVE_STATUS), width: 130 },
    { kind: 'date', key: 'active_on', label: 'Active On' },
  ],
  columns: [
    { key: 'position', label: 'Order', sortable: true, width: 80 },
    { key: 'title', label: 'Title', sortable: true, link: true },
    { key: 'content_type', label: 'Content Type', kind: 'tag', enum: CONTENT_TYPE },
    { key: 'display_location', label: 'Display Location', kind: 'tag', enum: DISPLAY_LOCATION },
    { key: 'member_scope', label: 'Member Scope', kind: 'tag', enum: MEMBER_SCOPE, defaultHidden: true },
    dayDisplay<PlanogramRow>('start_date', 'Start Date', { sortable: true }),
    dayDisplay<PlanogramRow>('end_date', 'End Date'),
    { key: 'priority', label: 'Priority', sortable: true, width: 90 },
    { key: 'sub_category_count', label: 'Sub Categories', kind: 'number', width: 120 },
    { key: 'product_count', label: 'Products', kind: 'number', width: 100 },
    { key: 'status', label: 'Status', kind: 'status', enum: ACTIVE_STATUS, width: 100 },
    { key: 'updated_at', label: 'Updated At', kind: 'date', sortable: true, defaultHidden: true },
  ],
  form: {
    create: planogramCreateBody,
    update: planogramUpdateBody,
    fields: [
      { name: 'title', label: 'Title', input: 'text' },
      { name: 'content_type', label: 'Content Type', input: 'select', options: enumOptions(CONTENT_TYPE) },
      { name: 'display_location', label: 'Display Location', input: 'select', options: enumOptions(DISPLAY_LOCATION) },
      { name: 'member_scope', label: 'Member Scope', input: 'select', options: enumOptions(MEMBER_SCOPE) },
      { name: 'start_date', label: 'Start Date', input: 'custom', component: DayInput, wide: false },
      { name: 'end_date', label: 'End Date', input: 'custom', component: DayInput, wide: false },
      { name: 'priority', label: 'Priority', input: 'number', help: '1 (highest) to 10' },
      { name: 'status', label: 'Status', input: 'select', options: enumOptions(ACTIVE_STATUS) },
      { name: 'image_url', label: 'Image URL', input: 'text', placeholder: 'https://… or /images/…' },
      { name: 'description', label: 'Description', input: 'textarea' },
      { name: 'sub_category_ids', label: 'Synced Sub Categories', input: 'custom', component: optionMultiSelect(subCategoryOptions) },
      { name: 'product_ids', label: 'Synced Products', input: 'custom', component: productPicker },
    ],
    fromDetail: (p) => ({
      title: p.title,
      content_type: p.content_type,
      display_location: p.display_location,
      member_scope: p.member_scope,
      start_date: p.start_date,
      end_date: p.end_date,
      priority: p.priority,
      status: p.status,
      image_url: p.image_url ?? '',
      description: p.description ?? '',
      sub_category_ids: p.sub_categories.map((c) => c.id),
      product_ids: p.products.map((x) => ({ value: x.id, label: `${x.plu} · ${x.name}` })),
    }),
    // The synced lists are not part of the planogram's body: they go to their own sync calls after it is saved.
    toBody: ({ sub_category_ids: _s, product_ids: _p, ...body }) => body,
    afterSave: async (saved, values) => {
      const subs = Array.isArray(values.sub_category_ids) ? values.sub_category_ids.map(Number) : [];
      const products = pickedIds(values.product_ids);
      const hadSubs = saved.sub_categories.map((c) => c.id);
      const hadProducts = saved.products.map((p) => p.id);
      if (subs.length > 0 && !sameSet(subs, hadSubs)) await call(planogramsApi.categorySync, { id: saved.id, body: { sub_category_id: subs } });
      else if (subs.length === 0 && hadSubs.length > 0) await call(planogramsApi.clearCategorySync, { id: saved.id });
      if (products.length > 0 && !sameSet(products, hadProducts)) await call(planogramsApi.productSync, { id: saved.id, body: { product_id: products } });
      else if (products.length === 0 && hadProducts.length > 0) await call(planogramsApi.clearProductSync, { id: saved.id });
    },
  },
  detail: [
    {
      key: 'general',
      title: 'Planogram',
      items: [
        { key: 'title', label: 'Title' },
        { key: 'content_type', label: 'Content Type', kind: 'tag', enum: CONTENT_TYPE },
        { key: 'display_location', label: 'Display Location', kind: 'tag', enum: DISPLAY_LOCATION },
        { key: 'member_scope', label: 'Member Scope', kind: 'tag', enum: MEMBER_SCOPE },
        dayDisplay<PlanogramDetail>('start_date', 'Start Date'),
        dayDisplay<PlanogramDetail>('end_date', 'End Date'),
        { key: 'priority', label: 'Priority' },
        { key: 'position', label: 'Order' },
        { key: 'status', label: 'Status', kind: 'status', enum: ACTIVE_STATUS },
        { key: 'image_url', label: 'Image URL' },
        { key: 'description', label: 'Description' },
        { key: 'updated_by_name', label: 'Updated By' },
        { key: 'updated_at', label: 'Updated At', kind: 'date' },
      ],
    },
    { key: 'subCategories', title: 'Synced Sub Categories', component: SubCategoryTags },
    { key: 'products', title: 'Synced Products', component: ProductTags },
  ],
  rowTitle: (p) => p.title,
});
