import { z } from 'zod';
import { APPROVAL_ENTRY, CONTENT_ENTRY, CONTENT_KINDS, CONTENT_PATH, NOTIFICATION_OFFER_ENTRY, type ContentKind } from './content-entries.ts';
import { endpoint, exportEndpoint, resourceApi } from '../common/endpoint.ts';
import { SURVEY_FORM_ENTRY } from './survey-entries.ts';
import { audienceEstimate, audienceEstimateBody } from '../common/audience.schema.ts';
import {
  CONTENT_BODIES,
  approvalBulkApproveBody,
  approvalBulkRejectBody,
  approvalDetail,
  approvalListQuery,
  bannerPositionsBody,
  contentImageUploaded,
  contentListQuery,
  contentRejectBody,
  contentRow,
  contentTransitionBody,
  digitalBannerPositionsBody,
  pushTestSendBody,
  pushTestSent,
} from './content.schema.ts';
import { notificationOfferListQuery, notificationOfferRow, notificationOfferUpdateBody } from './notification-offer.schema.ts';

/** The record's word of each kind in the summaries. */
const KIND_LABEL: Record<ContentKind, string> = { offer: 'offer', banner: 'banner', campaign: 'campaign', 'push-message': 'push message', 'banner-digital-product': 'top-up banner' };

/**
 * The endpoints of one kind of content: its resource (list, get, create, update, remove) and its workflow actions
 * (submit, deactivate, approve, reject, duplicate). The path is the kind's URL segment, which is also its tag.
 */
function contentKindApi<const P extends string, C extends z.ZodType, U extends z.ZodType>(kind: ContentKind, path: P, bodies: { create: C; update: U }) {
  if (CONTENT_PATH[kind] !== path) throw new Error(`${kind}: its path is ${CONTENT_PATH[kind]}, not ${path}`);
  const entry = CONTENT_ENTRY[kind];
  const tag = path;
  const edit = { entries: [entry], action: 'edit' } as const;
  // The kind's checkers and the approvers of the queue both approve and reject.
  const approve = { entries: [entry, APPROVAL_ENTRY], action: 'approve' } as const;
  const stateful = '(409 from a state that forbids it or a stale version)';
  const resource = resourceApi({
    name: path,
    path,
    label: KIND_LABEL[kind],
    entries: [entry],
    row: contentRow,
    listQuery: contentListQuery,
    create: bodies.create,
    update: bodies.update,
    remove: true,
  });
  return {
    ...resource,
    export: exportEndpoint(resource.list, [entry], `${KIND_LABEL[kind]} records`),
    submit: endpoint({
      id: `${path}.submit`,
      method: 'POST',
      path: `${path}/:id/submit`,
      tag,
      summary: `Submit for approval ${stateful}`,
      access: edit,
      body: contentTransitionBody,
      data: contentRow,
    }),
    deactivate: endpoint({ id: `${path}.deactivate`, method: 'POST', path: `${path}/:id/deactivate`, tag, summary: `Deactivate ${stateful}`, access: edit, body: contentTransitionBody, data: contentRow }),
    approve: endpoint({
      id: `${path}.approve`,
      method: 'POST',
      path: `${path}/:id/approve`,
      tag,
      summary: 'Approve a pending item (never by its submitter)',
      access: approve,
      body: contentTransitionBody,
      data: contentRow,
    }),
    reject: endpoint({
      id: `${path}.reject`,
      method: 'POST',
      path: `${path}/:id/reject`,
      tag,
      summary: 'Reject a pending item with a reason (never by its submitter)',
      access: approve,
      body: contentRejectBody,
      data: contentRow,
    }),
    duplicate: endpoint({
      id: `${path}.duplicate`,
      method: 'POST',
      path: `${path}/:id/duplicate`,
      tag,
      summary: 'Copy an item as a new draft',
      access: { entries: [entry], action: 'create' },
      data: contentRow,
    }),
  };
}

export const offersApi = contentKindApi('offer', 'offers', CONTENT_BODIES.offer);

export const bannersApi = {
  ...contentKindApi('banner', 'banners', CONTENT_BODIES.banner),
  positions: endpoint({
    id: 'banners.positions',
    method: 'PUT',
    path: 'banners/positions',
    tag: 'banners',
    summary: 'Order the banners of one placement page as dragged (409 when the list changed meanwhile)',
    access: { entries: [CONTENT_ENTRY.banner], action: 'edit' },
    body: bannerPositionsBody,
    data: z.array(contentRow),
    errors: [409],
  }),
};

export const campaignsApi = contentKindApi('campaign', 'campaigns', CONTENT_BODIES.campaign);

export const pushMessagesApi = {
  ...contentKindApi('push-message', 'push-messages', CONTENT_BODIES['push-message']),
  testSend: endpoint({
    id: 'push-messages.test-send',
    method: 'POST',
    path: 'push-messages/:id/test-send',
    tag: 'push-messages',
    summary: 'E-mail the message to a few staff members as a test (portal users only)',
    access: { entries: [CONTENT_ENTRY['push-message']], action: 'edit' },
    body: pushTestSendBody,
    data: pushTestSent,
  }),
};

/** Top-up banners (a Top-up & Bills entry) on the banners' lifecycle and ordering. */
export const digitalBannersApi = {
  ...contentKindApi('banner-digital-product', 'banner-digital-products', CONTENT_BODIES['banner-digital-product']),
  positions: endpoint({
    id: 'banner-digital-products.positions',
    method: 'PUT',
    path: 'banner-digital-products/positions',
    tag: 'banner-digital-products',
    summary: 'Order the top-up banners as dragged (409 when the list changed meanwhile)',
    access: { entries: [CONTENT_ENTRY['banner-digital-product']], action: 'edit' },
    body: digitalBannerPositionsBody,
    data: z.array(contentRow),
    errors: [409],
  }),
};

/** Each kind's endpoints, picked by kind (the generic content screens). */
export const CONTENT_KIND_API = {
  offer: offersApi,
  banner: bannersApi,
  campaign: campaignsApi,
  'push-message': pushMessagesApi,
  'banner-digital-product': digitalBannersApi,
} as const satisfies Record<ContentKind, unknown>;

const approver = { entries: [APPROVAL_ENTRY], action: 'approve' } as const;
const approvalTag = 'approval messages';

/** The approver's queue: pending items of every kind, compared with what is published, approved or rejected one by one or in bulk. */
export const approvalMessagesApi = {
  ...resourceApi({
    name: 'approval-messages',
    path: 'approval-messages',
    tag: approvalTag,
    label: 'pending item',
    entries: [APPROVAL_ENTRY],
    row: contentRow,
    listQuery: approvalListQuery,
  }),
  compare: endpoint({
    id: 'approval-messages.compare',
    method: 'GET',
    path: 'approval-messages/:id/compare',
    tag: approvalTag,
    summary: 'A pending item beside its last published version, field by field',
    access: { entries: [APPROVAL_ENTRY], action: 'view' },
    data: approvalDetail,
  }),
  bulkApprove: endpoint({
    id: 'approval-messages.bulk-approve',
    method: 'POST',
    path: 'approval-messages/bulk/approve',
    tag: approvalTag,
    summary: 'Approve several pending items: all or none',
    access: approver,
    body: approvalBulkApproveBody,
    data: z.array(contentRow),
    errors: [409],
  }),
  bulkReject: endpoint({
    id: 'approval-messages.bulk-reject',
    method: 'POST',
    path: 'approval-messages/bulk/reject',
    tag: approvalTag,
    summary: 'Reject several pending items with one reason: all or none',
    access: approver,
    body: approvalBulkRejectBody,
    data: z.array(contentRow),
    errors: [409],
  }),
  approve: endpoint({
    id: 'approval-messages.approve',
    method: 'POST',
    path: 'approval-messages/:id/approve',
    tag: approvalTag,
    summary: 'Approve a pending item of any kind from the queue',
    access: approver,
    body: contentTransitionBody,
    data: contentRow,
  }),
  reject: endpoint({
    id: 'approval-messages.reject',
    method: 'POST',
    path: 'approval-messages/:id/reject',
    tag: approvalTag,
    summary: 'Reject a pending item of any kind from the queue',
    access: approver,
    body: contentRejectBody,
    data: contentRow,
  }),
};

/** Whoever sees any content (its form, the approver's queue, or a survey form) sees the audience its targeting reaches. */
export const contentAudienceApi = {
  estimate: endpoint({
    id: 'content-audience.estimate',
    method: 'POST',
    path: 'content-audience/estimate',
    tag: 'content audience',
    summary: 'The number of active consumers a targeting reaches (counted exactly at the time of asking)',
    access: { entries: [...CONTENT_KINDS.map((k) => CONTENT_ENTRY[k]), APPROVAL_ENTRY, SURVEY_FORM_ENTRY], action: 'view' },
    body: audienceEstimateBody,
    data: audienceEstimate,
  }),
};

/** Content images: uploaded as multipart by anyone who may create content of some kind (no JSON body to validate). */
export const contentImagesApi = {
  upload: endpoint({
    id: 'content-images.upload',
    method: 'POST',
    path: 'content-images',
    tag: 'content images',
    summary: 'Upload an image (multipart field "file"; PNG, JPEG, GIF or WebP within the size limit)',
    access: { entries: CONTENT_KINDS.map((k) => CONTENT_ENTRY[k]), action: 'create' },
    data: contentImageUploaded,
    errors: [413],
  }),
};

export const notificationOffersApi = resourceApi({
  name: 'notification-offers',
  path: 'notification-offers',
  tag: 'notification offers',
  label: 'notification offer',
  entries: [NOTIFICATION_OFFER_ENTRY],
  row: notificationOfferRow,
  listQuery: notificationOfferListQuery,
  update: notificationOfferUpdateBody,
});

export const contentApi = {
  offersApi,
  bannersApi,
  campaignsApi,
  pushMessagesApi,
  digitalBannersApi,
  approvalMessagesApi,
  contentAudienceApi,
  contentImagesApi,
  notificationOffersApi,
};
