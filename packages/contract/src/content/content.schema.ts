import { z } from 'zod';
import { listQuery, recordId, versioned, versionField } from '../common/list-query.ts';
import { emailField, isoDateTime } from '../common/fields.ts';
import { BANNER_PLACEMENT_PAGE, BANNER_TYPE, CONTENT_TYPE, DIGITAL_PRODUCT_TYPE, DISPLAY_LOCATION, MESSAGE_KIND, PRIORITY_MAX, PRIORITY_MIN } from '../enums/index.ts';
import { idFilter, imageUrlField, intFilter, nameField } from '../common/resource-fields.ts';
import { dayFilter, enumValueField, instantField } from '../common/period.ts';
import { LIST_START_MESSAGE, listStartsValid } from '../common/rich-text.ts';
import { CONTENT_KINDS } from './content-entries.ts';
import { targetingFields, targetingRules } from '../common/audience.schema.ts';


export const RECURRENCE = ['daily', 'weekly', 'monthly'] as const;

/** Every column of a content item; fields of another kind are null. */
export const contentRow = z.object({
  id: z.number().int(),
  kind: z.enum(CONTENT_KINDS),
  title: z.string(),
  description: z.string().nullable(),
  image_url: z.string().nullable(),
  link_url: z.string().nullable(),
  priority: z.number().int(),
  targeting: z.number().int(),
  member_scope: z.number().int(),
  consumer_tag_ids: z.array(z.number().int()),
  province_codes: z.array(z.string()),
  start_at: isoDateTime,
  end_at: isoDateTime,
  /** The displayed status (set B), derived from the stored state and the period at the time of the answer. */
  status: z.number().int(),
  campaign_id: z.number().int().nullable(),
  campaign_title: z.string().nullable(),
  content_type: z.number().int().nullable(),
  display_location: z.number().int().nullable(),
  placement_page: z.string().nullable(),
  banner_type: z.number().int().nullable(),
  digital_product_type: z.number().int().nullable(),
  position: z.number().int().nullable(),
  message_kind: z.number().int().nullable(),
  message: z.string().nullable(),
  recurrence: z.string().nullable(),
  send_time: z.string().nullable(),
  submitted_by: z.number().int().nullable(),
  submitted_by_name: z.string().nullable(),
  submitted_at: isoDateTime.nullable(),
  reviewed_by_name: z.string().nullable(),
  reviewed_at: isoDateTime.nullable(),
  reject_reason: z.string().nullable(),
  created_at: isoDateTime,
  created_by_name: z.string().nullable(),
  updated_at: isoDateTime,
  updated_by_name: z.string().nullable(),
  version: z.number().int(),
});
export type ContentRow = z.infer<typeof contentRow>;


const linkField = z
  .string()
  .trim()
  .max(500)
  .refine((v) => v === '' || /^(https?:\/\/|app:\/\/)/.test(v), 'Link must be an http(s) or app:// address')
  .nullable()
  .optional();

/** Rich text (HTML from the editor); the server sanitises it before storing and keeps null when no text is left. */
const descriptionField = z
  .string()
  .max(20_000, 'Description must be at most 20,000 characters')
  .refine(listStartsValid, LIST_START_MESSAGE)
  .nullable()
  .optional();

const common = {
  title: nameField('Title', 120),
  description: descriptionField,
  image_url: imageUrlField,
  link_url: linkField,
  priority: z.number({ error: 'Priority is required' }).int().min(PRIORITY_MIN, 'Priority is 1 to 10').max(PRIORITY_MAX, 'Priority is 1 to 10').default(5),
  ...targetingFields,
  start_at: instantField('Start'),
  end_at: instantField('End'),
};
const inCampaign = { campaign_id: recordId.nullable().optional() };

type ContentShape = { targeting: number; consumer_tag_ids: number[]; province_codes: string[]; start_at: string; end_at: string };
/** The period ends after it starts, and the targeting rules. */
const contentRules = <T extends z.ZodType<ContentShape>>(schema: T) =>
  targetingRules(schema.refine((b) => new Date(b.end_at).getTime() > new Date(b.start_at).getTime(), { message: 'End must be after the start', path: ['end_at'] }));


const offerFields = {
  ...common,
  ...inCampaign,
  content_type: enumValueField(CONTENT_TYPE, 'Content type'),
  display_location: enumValueField(DISPLAY_LOCATION, 'Display location'),
};
export const offerCreateBody = contentRules(z.object(offerFields).strict());
export const offerUpdateBody = contentRules(z.object({ ...offerFields, ...versioned }).strict());

const bannerFields = {
  ...common,
  ...inCampaign,
  placement_page: z.enum(BANNER_PLACEMENT_PAGE.values, { error: `Placement page must be one of ${BANNER_PLACEMENT_PAGE.values.join(', ')}` }),
  banner_type: enumValueField(BANNER_TYPE, 'Banner type'),
};
export const bannerCreateBody = contentRules(z.object(bannerFields).strict());
export const bannerUpdateBody = contentRules(z.object({ ...bannerFields, ...versioned }).strict());

const digitalBannerFields = { ...common, ...inCampaign, digital_product_type: enumValueField(DIGITAL_PRODUCT_TYPE, 'Digital product type') };
export const digitalBannerCreateBody = contentRules(z.object(digitalBannerFields).strict());
export const digitalBannerUpdateBody = contentRules(z.object({ ...digitalBannerFields, ...versioned }).strict());

const campaignFields = { ...common };
export const campaignCreateBody = contentRules(z.object(campaignFields).strict());
export const campaignUpdateBody = contentRules(z.object({ ...campaignFields, ...versioned }).strict());

const pushFields = {
  ...common,
  ...inCampaign,
  message: nameField('Message', 500),
  message_kind: enumValueField(MESSAGE_KIND, 'Message kind'),
  recurrence: z.enum(RECURRENCE, { error: 'Recurrence must be daily, weekly or monthly' }).nullable().optional(),
  send_time: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Send time must be HH:mm')
    .nullable()
    .optional(),
};
type PushShape = ContentShape & { message_kind: number; recurrence?: string | null | undefined; send_time?: string | null | undefined };
/** A recurring message repeats daily, weekly or monthly at a time of day (Asia/Jakarta) within its period; a broadcast is sent once at its start. */
const pushRules = <T extends z.ZodType<PushShape>>(schema: T) =>
  contentRules(schema)
    .refine((b) => b.message_kind !== 1 || !!b.recurrence, { message: 'A recurring message needs its recurrence', path: ['recurrence'] })
    .refine((b) => b.message_kind !== 1 || !!b.send_time, { message: 'A recurring message needs its send time', path: ['send_time'] })
    .refine((b) => b.message_kind !== 0 || (!b.recurrence && !b.send_time), { message: 'A broadcast is sent once, at its start', path: ['recurrence'] });
export const pushMessageCreateBody = pushRules(z.object(pushFields).strict());
export const pushMessageUpdateBody = pushRules(z.object({ ...pushFields, ...versioned }).strict());

export const CONTENT_BODIES = {
  offer: { create: offerCreateBody, update: offerUpdateBody },
  banner: { create: bannerCreateBody, update: bannerUpdateBody },
  campaign: { create: campaignCreateBody, update: campaignUpdateBody },
  'push-message': { create: pushMessageCreateBody, update: pushMessageUpdateBody },
  'banner-digital-product': { create: digitalBannerCreateBody, update: digitalBannerUpdateBody },
} as const;
export type OfferCreate = z.infer<typeof offerCreateBody>;
export type BannerCreate = z.infer<typeof bannerCreateBody>;
export type CampaignCreate = z.infer<typeof campaignCreateBody>;
export type PushMessageCreate = z.infer<typeof pushMessageCreateBody>;

/** One list query for every kind; the filters of another kind simply match nothing. */
export const contentListQuery = listQuery(['updated_at', 'start_at', 'end_at', 'title', 'priority', 'position', 'created_at'] as const, {
  status: intFilter(0, 6),
  /** Items whose period overlaps these Asia/Jakarta days (inclusive). */
  date_from: dayFilter,
  date_to: dayFilter,
  campaign_id: idFilter,
  content_type: intFilter(0, 7),
  placement_page: z.enum(BANNER_PLACEMENT_PAGE.values).optional(),
  banner_type: intFilter(1, 10),
  digital_product_type: intFilter(1, 2),
  message_kind: intFilter(0, 1),
});
export type ContentListQuery = z.infer<typeof contentListQuery>;

/** Workflow bodies: every transition carries the version the person saw. */
export const contentTransitionBody = z.object({ ...versioned }).strict();
const reasonField = z.string({ error: 'A reason is required' }).trim().min(3, 'Give a reason of at least 3 characters').max(500, 'At most 500 characters');
export const contentRejectBody = z.object({ ...versioned, reason: reasonField }).strict();
export type ContentTransition = z.infer<typeof contentTransitionBody>;
export type ContentReject = z.infer<typeof contentRejectBody>;

const orderIds = z.array(recordId).min(1).max(500);
/** Banner order of one placement page, as dragged: every banner of that page, in the new order. */
export const bannerPositionsBody = z.object({ placement_page: z.enum(BANNER_PLACEMENT_PAGE.values), ids: orderIds }).strict();
/** Top-up banner order: every top-up banner, in the new order. */
export const digitalBannerPositionsBody = z.object({ ids: orderIds }).strict();

/** The approver's queue: pending items of every kind. */
export const approvalListQuery = listQuery(['submitted_at', 'title', 'start_at'] as const, {
  kind: z.enum(CONTENT_KINDS).optional(),
});
export type ApprovalListQuery = z.infer<typeof approvalListQuery>;
export const approvalRow = contentRow;

/** One field of the comparison with the last published version. */
export const approvalChange = z.object({ field: z.string(), published: z.unknown(), pending: z.unknown(), changed: z.boolean() });
export const approvalDetail = z.object({
  item: contentRow,
  /** Null when the item was never published. */
  published_at: z.string().nullable(),
  changes: z.array(approvalChange),
});
export type ApprovalDetail = z.infer<typeof approvalDetail>;

const bulkItem = z.object({ id: recordId, version: versionField }).strict();
export const approvalBulkApproveBody = z.object({ items: z.array(bulkItem).min(1).max(100) }).strict();
export const approvalBulkRejectBody = z.object({ items: z.array(bulkItem).min(1).max(100), reason: reasonField }).strict();
export type ApprovalBulkApprove = z.infer<typeof approvalBulkApproveBody>;
export type ApprovalBulkReject = z.infer<typeof approvalBulkRejectBody>;

/** The fields compared with the last published version, in form order. */
export const COMPARED_FIELDS = [
  'title',
  'description',
  'image_url',
  'link_url',
  'priority',
  'targeting',
  'member_scope',
  'consumer_tag_ids',
  'province_codes',
  'start_at',
  'end_at',
  'campaign_id',
  'content_type',
  'display_location',
  'placement_page',
  'banner_type',
  'digital_product_type',
  'message_kind',
  'message',
  'recurrence',
  'send_time',
] as const;
/** What a reorder names: the banners of one placement page, or every top-up banner. */
export type BannerPositions = { placement_page?: z.infer<typeof bannerPositionsBody>['placement_page']; ids: number[] };

/** Content images: uploaded as multipart (field "file"), at most this size, PNG, JPEG, GIF or WebP; served from /images. */
export const CONTENT_IMAGE_MAX_MB = 2;
export const contentImageUploaded = z.object({ url: z.string(), size: z.number().int(), content_type: z.string() });
export type ContentImageUploaded = z.infer<typeof contentImageUploaded>;

/** A push message's test send: an e-mail of it to a few staff members (portal users), before it goes to consumers. */
export const pushTestSendBody = z
  .object({
    emails: z
      .array(emailField, { error: 'E-mails must be a list' })
      .min(1, 'Name at least one e-mail')
      .max(10, 'At most 10 e-mails')
      .refine((v) => new Set(v).size === v.length, 'An e-mail is listed twice'),
  })
  .strict();
export type PushTestSend = z.infer<typeof pushTestSendBody>;
export const pushTestSent = z.object({ sent: z.number().int() });
