import { createElement } from 'react';
import {
  BANNER_PLACEMENT_PAGE,
  BANNER_TYPE,
  CONTENT_BODIES,
  CONTENT_ENTRY,
  CONTENT_KIND_API,
  CONTENT_STATUS,
  CONTENT_TYPE,
  DIGITAL_PRODUCT_TYPE,
  DISPLAY_LOCATION,
  MEMBER_SCOPE,
  MESSAGE_KIND,
  RECURRENCE,
  TARGETING,
  campaignsApi,
  contentAudienceApi,
  canEditContent,
  contentListQuery,
  contentRow,
  type ContentKind,
  type ContentRow,
} from '@portal/contract';
import { codeOptions, enumOptions, remoteOptions } from '../../ui/options.ts';
import { consumerTagOptions } from '../../ui/consumer-tag-options.ts';
import { optionMultiSelect } from '../../ui/RemoteSelect.tsx';
import { defineResource, type ColumnDef, type DisplayDef, type FieldDef, type FilterDef, type ResourceView } from '../../ui/resource.ts';
import { provinceOptions } from '../../ui/region-options.ts';
import { ContentApprovalBar } from './ContentApprovalBar.tsx';
import { JakartaDateTimeInput } from '../../ui/JakartaDateTimeInput.tsx';
import { ContentImageInput, JakartaTime } from './content.inputs.tsx';
import { optionNamesOf } from '../../ui/option-names.tsx';
import { ContentImage, PushPreview, RichDescription } from './content.display.tsx';
import { RichTextField } from '../../ui/RichTextField.tsx';
import { audienceEstimate } from '../../ui/AudienceEstimate.tsx';

const audience = audienceEstimate(contentAudienceApi.estimate);
const campaignOptions = remoteOptions('campaign', campaignsApi.list, contentRow, (c) => ({ value: c.id, label: c.title }), { query: { limit: 50, sort_by: 'start_at' }, searchable: true });

function time(key: 'start_at' | 'end_at' | 'submitted_at' | 'reviewed_at' | 'updated_at' | 'created_at', label: string, extra: { sortable?: boolean } = {}): ColumnDef<ContentRow> {
  function Time({ row }: { row: ContentRow }) {
    return createElement(JakartaTime, { value: row[key] });
  }
  return { key, label, kind: 'custom', component: Time, ...extra };
}

/** What each kind adds to the common fields, columns, filters and detail items. */
interface KindSpec {
  title: string;
  fields: FieldDef[];
  columns: ColumnDef<ContentRow>[];
  filters: FilterDef[];
  items: DisplayDef<ContentRow>[];
  inCampaign: boolean;
}

const campaignField: FieldDef = { name: 'campaign_id', label: 'Campaign', input: 'select', options: campaignOptions };

const KINDS: Record<ContentKind, KindSpec> = {
  offer: {
    title: 'Offer',
    inCampaign: true,
    fields: [
      { name: 'content_type', label: 'Content Type', input: 'select', options: enumOptions(CONTENT_TYPE) },
      { name: 'display_location', label: 'Display Location', input: 'select', options: enumOptions(DISPLAY_LOCATION) },
    ],
    columns: [{ key: 'content_type', label: 'Content Type', kind: 'tag', enum: CONTENT_TYPE }],
    filters: [{ kind: 'select', key: 'content_type', label: 'Content Type', options: enumOptions(CONTENT_TYPE), width: 160 }],
    items: [
      { key: 'content_type', label: 'Content Type', kind: 'tag', enum: CONTENT_TYPE },
      { key: 'display_location', label: 'Display Location', kind: 'tag', enum: DISPLAY_LOCATION },
    ],
  },
  banner: {
    title: 'Banner',
    inCampaign: true,
    fields: [
      { name: 'placement_page', label: 'Placement Page', input: 'select', options: enumOptions(BANNER_PLACEMENT_PAGE) },
      { name: 'banner_type', label: 'Banner Type', input: 'select', options: enumOptions(BANNER_TYPE) },
    ],
    columns: [
      { key: 'placement_page', label: 'Placement Page', kind: 'tag', enum: BANNER_PLACEMENT_PAGE },
      { key: 'banner_type', label: 'Banner Type', kind: 'tag', enum: BANNER_TYPE },
      { key: 'position', label: 'Position', kind: 'number', sortable: true, width: 100 },
    ],
    filters: [
      { kind: 'select', key: 'placement_page', label: 'Placement Page', options: enumOptions(BANNER_PLACEMENT_PAGE), width: 170 },
      { kind: 'select', key: 'banner_type', label: 'Banner Type', options: enumOptions(BANNER_TYPE), width: 150 },
    ],
    items: [
      { key: 'placement_page', label: 'Placement Page', kind: 'tag', enum: BANNER_PLACEMENT_PAGE },
      { key: 'banner_type', label: 'Banner Type', kind: 'tag', enum: BANNER_TYPE },
      { key: 'position', label: 'Position', kind: 'number' },
    ],
  },
  campaign: { title: 'Campaign', inCampaign: false, fields: [], columns: [], filters: [], items: [] },
  'banner-digital-product': {
    title: 'Top-up Banner',
    inCampaign: true,
    fields: [{ name: 'digital_product_type', label: 'Digital Product Type', input: 'select', options: enumOptions(DIGITAL_PRODUCT_TYPE) }],
    columns: [
      { key: 'digital_product_type', label: 'Digital Product Type', kind: 'tag', enum: DIGITAL_PRODUCT_TYPE },
      { key: 'position', label: 'Position', kind: 'number', sortable: true, width: 100 },
    ],
    filters: [{ kind: 'select', key: 'digital_product_type', label: 'Digital Product Type', options: enumOptions(DIGITAL_PRODUCT_TYPE), width: 190 }],
    items: [
      { key: 'digital_product_type', label: 'Digital Product Type', kind: 'tag', enum: DIGITAL_PRODUCT_TYPE },
      { key: 'position', label: 'Position', kind: 'number' },
    ],
  },
  'push-message': {
    title: 'Push Message',
    inCampaign: true,
    fields: [
      { name: 'message_kind', label: 'Message Kind', input: 'select', options: enumOptions(MESSAGE_KIND) },
      { name: 'recurrence', label: 'Recurrence', input: 'select', options: codeOptions(RECURRENCE), help: 'Recurring messages only' },
      { name: 'send_time', label: 'Send Time', input: 'text', placeholder: 'HH:mm', help: 'Recurring messages only (Asia/Jakarta)' },
      { name: 'message', label: 'Message', input: 'textarea' },
    ],
    columns: [{ key: 'message_kind', label: 'Message Kind', kind: 'tag', enum: MESSAGE_KIND }],
    filters: [{ kind: 'select', key: 'message_kind', label: 'Message Kind', options: enumOptions(MESSAGE_KIND), width: 150 }],
    items: [
      { key: 'message_kind', label: 'Message Kind', kind: 'tag', enum: MESSAGE_KIND },
      { key: 'message', label: 'Message' },
      { key: 'recurrence', label: 'Recurrence' },
      { key: 'send_time', label: 'Send Time' },
    ],
  },
};

const COMMON_FIELDS: FieldDef[] = [
  { name: 'title', label: 'Title', input: 'text' },
  { name: 'priority', label: 'Priority', input: 'number', help: '1 (highest) to 10' },
  { name: 'start_at', label: 'Start', input: 'custom', component: JakartaDateTimeInput, wide: false },
  { name: 'end_at', label: 'End', input: 'custom', component: JakartaDateTimeInput, wide: false },
];
const TARGET_FIELDS: FieldDef[] = [
  { name: 'targeting', label: 'Targeting', input: 'select', options: enumOptions(TARGETING) },
  { name: 'member_scope', label: 'Member Scope', input: 'select', options: enumOptions(MEMBER_SCOPE) },
  { name: 'consumer_tag_ids', label: 'Consumer Tags', input: 'custom', component: optionMultiSelect(consumerTagOptions), help: 'Targeted only' },
  { name: 'province_codes', label: 'Regions', input: 'custom', component: optionMultiSelect(provinceOptions), help: 'Targeted only' },
  // Shows the reach of the fields above; it never holds a value, so the body never carries it.
  { name: 'audience', label: 'Estimated Audience', input: 'custom', component: audience.Field },
  { name: 'image_url', label: 'Image', input: 'custom', component: ContentImageInput, wide: false },
  { name: 'link_url', label: 'Link', input: 'text', placeholder: 'https://… or app://…' },
  { name: 'description', label: 'Description', input: 'custom', component: RichTextField },
];

const list = (v: unknown) => (Array.isArray(v) ? v : []);

/** The generic resource of one kind of marketing content, with the approval bar on its detail page. */
export function contentView(kind: ContentKind): ResourceView<ContentRow> {
  const spec = KINDS[kind];
  const fields = [...COMMON_FIELDS, ...spec.fields, ...(spec.inCampaign ? [campaignField] : []), ...TARGET_FIELDS];
  return defineResource<ContentRow>({
    name: kind,
    i18n: 'content',
    title: spec.title,
    entries: [CONTENT_ENTRY[kind]],
    listQuery: contentListQuery,
    api: CONTENT_KIND_API[kind],
    search: 'Search title',
    filters: [
      { kind: 'select', key: 'status', label: 'Status', options: enumOptions(CONTENT_STATUS), width: 200 },
      ...spec.filters,
      { kind: 'dateRange', from: 'date_from', to: 'date_to', label: 'Period' },
    ],
    columns: [
      { key: 'title', label: 'Title', sortable: true, link: true },
      ...spec.columns,
      { key: 'priority', label: 'Priority', kind: 'number', sortable: true, width: 90 },
      time('start_at', 'Start', { sortable: true }),
      time('end_at', 'End', { sortable: true }),
      { key: 'status', label: 'Status', kind: 'status', enum: CONTENT_STATUS, width: 190 },
      { key: 'targeting', label: 'Targeting', kind: 'tag', enum: TARGETING, defaultHidden: true },
      ...(spec.inCampaign ? [{ key: 'campaign_title', label: 'Campaign', defaultHidden: true }] : []),
      { key: 'submitted_by_name', label: 'Submitted By', defaultHidden: true },
      { key: 'updated_by_name', label: 'Updated By', defaultHidden: true },
      time('updated_at', 'Updated At', { sortable: true }),
    ],
    form: {
      create: CONTENT_BODIES[kind].create,
      update: CONTENT_BODIES[kind].update,
      fields,
      fromDetail: (row) => ({
        ...Object.fromEntries(fields.map((f) => [f.name, row[f.name as keyof ContentRow] ?? undefined])),
        description: row.description ?? '',
        image_url: row.image_url ?? '',
        link_url: row.link_url ?? '',
      }),
      // A copy is named as one; it is a new Draft, its period and targeting kept for the person to adjust.
      duplicate: (v) => ({ ...v, title: `${String(v.title ?? '')} (copy)` }),
      toBody: (v) => ({
        ...v,
        consumer_tag_ids: list(v.consumer_tag_ids),
        province_codes: list(v.province_codes),
        ...(kind === 'push-message' && v.message_kind === 0 ? { recurrence: null, send_time: null } : {}),
      }),
    },
    detail: [
      {
        key: 'general',
        title: spec.title,
        items: [
          { key: 'title', label: 'Title' },
          { key: 'status', label: 'Status', kind: 'status', enum: CONTENT_STATUS },
          ...spec.items,
          { key: 'priority', label: 'Priority', kind: 'number' },
          time('start_at', 'Start'),
          time('end_at', 'End'),
          ...(spec.inCampaign ? [{ key: 'campaign_title', label: 'Campaign' }] : []),
          { key: 'image_url', label: 'Image', kind: 'custom', component: ContentImage },
          { key: 'link_url', label: 'Link' },
        ],
      },
      {
        key: 'audience',
        title: 'Audience',
        items: [
          { key: 'targeting', label: 'Targeting', kind: 'tag', enum: TARGETING },
          { key: 'member_scope', label: 'Member Scope', kind: 'tag', enum: MEMBER_SCOPE },
          { key: 'consumer_tag_ids', label: 'Consumer Tags', kind: 'custom', component: optionNamesOf(consumerTagOptions, 'consumer_tag_ids') },
          { key: 'province_codes', label: 'Regions', kind: 'custom', component: optionNamesOf(provinceOptions, 'province_codes') },
          { key: 'audience', label: 'Estimated Audience', kind: 'custom', component: audience.OfRow },
        ],
      },
      { key: 'description', title: 'Description', component: RichDescription },
      ...(kind === 'push-message' ? [{ key: 'preview', title: 'Device Preview', component: PushPreview }] : []),
      {
        key: 'review',
        title: 'Review',
        items: [
          { key: 'submitted_by_name', label: 'Submitted By' },
          time('submitted_at', 'Submitted At'),
          { key: 'reviewed_by_name', label: 'Reviewed By' },
          time('reviewed_at', 'Reviewed At'),
          { key: 'reject_reason', label: 'Reject Reason' },
          { key: 'created_by_name', label: 'Created By' },
          time('created_at', 'Created At'),
          { key: 'updated_by_name', label: 'Updated By' },
          time('updated_at', 'Updated At'),
        ],
      },
    ],
    rowTitle: (row) => row.title,
    detailActions: ContentApprovalBar,
    // Edit (and delete) only where the workflow allows: never in review or while published.
    locked: (row) => !canEditContent(row.status),
  });
}

export const offerView = contentView('offer');
export const bannerView = contentView('banner');
export const campaignView = contentView('campaign');
export const pushMessageView = contentView('push-message');
export const digitalBannerView = contentView('banner-digital-product');
