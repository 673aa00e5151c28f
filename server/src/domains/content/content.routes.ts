import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  APPROVAL_ENTRY,
  CONTENT_BODIES,
  CONTENT_ENTRY,
  CONTENT_KINDS,
  CONTENT_PATH,
  approvalBulkApproveBody,
  approvalBulkRejectBody,
  approvalDetail,
  approvalListQuery,
  audienceEstimate,
  audienceEstimateBody,
  bannerPositionsBody,
  contentListQuery,
  contentRejectBody,
  contentRow,
  contentTransitionBody,
  digitalBannerPositionsBody,
  envelope,
  idParam,
  NOTIFICATION_OFFER_ENTRY,
  notificationOfferListQuery,
  notificationOfferRow,
  notificationOfferUpdateBody,
  pushTestSendBody,
  pushTestSent,
} from '@portal/contract';
import type { Clock } from '../../platform/clock.ts';
import { auditContext, registerResourceRoutes } from '../../platform/crud/index.ts';
import { registerContentImageRoutes } from './content-image.routes.ts';
import type { ContentServices } from './content.deps.ts';

/** cms Campaign: offers, banners, campaigns and push messages, their workflow, the approval queue and scheduled publishing. */
export function registerContentRoutes(app: FastifyInstance, s: ContentServices, clock: Clock): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  registerContentImageRoutes(app, s.images, clock);

  r.put('/api/v1/banners/positions', {
    config: { permission: { entries: [CONTENT_ENTRY.banner], action: 'edit' } },
    schema: {
      tags: ['banners'],
      summary: 'Order the banners of one placement page as dragged (409 when the list changed meanwhile)',
      body: bannerPositionsBody,
      response: { 200: envelope(z.array(contentRow)) },
    },
    handler: async (req) => ({ message: 'Edit Data Successful', data: await s.bannerPositions.reorder(req.body, auditContext(req, clock)) }),
  });
  r.put('/api/v1/banner-digital-products/positions', {
    config: { permission: { entries: [CONTENT_ENTRY['banner-digital-product']], action: 'edit' } },
    schema: {
      tags: ['banner-digital-products'],
      summary: 'Order the top-up banners as dragged (409 when the list changed meanwhile)',
      body: digitalBannerPositionsBody,
      response: { 200: envelope(z.array(contentRow)) },
    },
    handler: async (req) => ({ message: 'Edit Data Successful', data: await s.digitalBannerPositions.reorder(req.body, auditContext(req, clock)) }),
  });

  for (const kind of CONTENT_KINDS) {
    const entry = CONTENT_ENTRY[kind];
    const path = `/api/v1/${CONTENT_PATH[kind]}`;
    const tags = [CONTENT_PATH[kind]];
    registerResourceRoutes(app, s.kinds[kind], clock, {
      path,
      entries: [entry],
      tags,
      row: contentRow,
      listQuery: contentListQuery,
      create: CONTENT_BODIES[kind].create,
      update: CONTENT_BODIES[kind].update,
      remove: true,
    });
    for (const action of ['submit', 'deactivate'] as const) {
      r.post(`${path}/:id/${action}`, {
        config: { permission: { entries: [entry], action: 'edit' } },
        schema: { tags, summary: `${action === 'submit' ? 'Submit for approval' : 'Deactivate'} (409 from a state that forbids it or a stale version)`, params: idParam, body: contentTransitionBody, response: { 200: envelope(contentRow) } },
        handler: async (req) => ({ message: 'Success', data: await s.workflow.transition(kind, req.params.id, action, req.body, auditContext(req, clock)) }),
      });
    }
    r.post(`${path}/:id/approve`, {
      config: { permission: { entries: [entry, APPROVAL_ENTRY], action: 'approve' } },
      schema: { tags, summary: 'Approve a pending item (never by its submitter)', params: idParam, body: contentTransitionBody, response: { 200: envelope(contentRow) } },
      handler: async (req) => ({ message: 'Success', data: await s.workflow.transition(kind, req.params.id, 'approve', req.body, auditContext(req, clock)) }),
    });
    r.post(`${path}/:id/reject`, {
      config: { permission: { entries: [entry, APPROVAL_ENTRY], action: 'approve' } },
      schema: { tags, summary: 'Reject a pending item with a reason (never by its submitter)', params: idParam, body: contentRejectBody, response: { 200: envelope(contentRow) } },
      handler: async (req) => ({ message: 'Success', data: await s.workflow.transition(kind, req.params.id, 'reject', req.body, auditContext(req, clock)) }),
    });
    r.post(`${path}/:id/duplicate`, {
      config: { permission: { entries: [entry], action: 'create' } },
      schema: { tags, summary: 'Copy an item as a new draft', params: idParam, response: { 200: envelope(contentRow) } },
      handler: async (req) => ({ message: 'Success', data: await s.workflow.duplicate(kind, req.params.id, auditContext(req, clock)) }),
    });
  }

  r.post('/api/v1/push-messages/:id/test-send', {
    config: { permission: { entries: [CONTENT_ENTRY['push-message']], action: 'edit' } },
    schema: { tags: ['push-messages'], summary: 'E-mail the message to a few staff members as a test (portal users only)', params: idParam, body: pushTestSendBody, response: { 200: envelope(pushTestSent) } },
    handler: async (req) => ({ message: 'Success', data: await s.pushTestSend.send(req.params.id, req.body, auditContext(req, clock)) }),
  });

  // Whoever sees any content (its form, or the approver's queue) sees the audience its targeting reaches.
  r.post('/api/v1/content-audience/estimate', {
    config: { permission: { entries: [...CONTENT_KINDS.map((k) => CONTENT_ENTRY[k]), APPROVAL_ENTRY], action: 'view' } },
    schema: {
      tags: ['content audience'],
      summary: 'The number of active consumers a targeting reaches (counted exactly at the time of asking)',
      body: audienceEstimateBody,
      response: { 200: envelope(audienceEstimate) },
    },
    handler: async (req) => ({ message: 'Success', data: await s.audience.estimate(req.body) }),
  });

  registerResourceRoutes(app, s.notificationOffers, clock, {
    path: '/api/v1/notification-offers',
    entries: [NOTIFICATION_OFFER_ENTRY],
    tags: ['notification offers'],
    row: notificationOfferRow,
    listQuery: notificationOfferListQuery,
    update: notificationOfferUpdateBody,
  });

  r.get('/api/v1/approval-messages/:id/compare', {
    config: { permission: { entries: [APPROVAL_ENTRY], action: 'view' } },
    schema: { tags: ['approval messages'], summary: 'A pending item beside its last published version, field by field', params: idParam, response: { 200: envelope(approvalDetail) } },
    handler: async (req) => ({ message: 'Success', data: await s.workflow.compare(req.params.id) }),
  });
  r.post('/api/v1/approval-messages/bulk/approve', {
    config: { permission: { entries: [APPROVAL_ENTRY], action: 'approve' } },
    schema: { tags: ['approval messages'], summary: 'Approve several pending items: all or none', body: approvalBulkApproveBody, response: { 200: envelope(z.array(contentRow)) } },
    handler: async (req) => ({ message: 'Success', data: await s.workflow.bulk('approve', req.body.items, undefined, auditContext(req, clock)) }),
  });
  r.post('/api/v1/approval-messages/bulk/reject', {
    config: { permission: { entries: [APPROVAL_ENTRY], action: 'approve' } },
    schema: { tags: ['approval messages'], summary: 'Reject several pending items with one reason: all or none', body: approvalBulkRejectBody, response: { 200: envelope(z.array(contentRow)) } },
    handler: async (req) => ({ message: 'Success', data: await s.workflow.bulk('reject', req.body.items, req.body.reason, auditContext(req, clock)) }),
  });
  for (const action of ['approve', 'reject'] as const) {
    r.post(`/api/v1/approval-messages/:id/${action}`, {
      config: { permission: { entries: [APPROVAL_ENTRY], action: 'approve' } },
      schema: {
        tags: ['approval messages'],
        summary: `${action === 'approve' ? 'Approve' : 'Reject'} a pending item of any kind from the queue`,
        params: idParam,
        body: action === 'approve' ? contentTransitionBody : contentRejectBody,
        response: { 200: envelope(contentRow) },
      },
      handler: async (req) => ({ message: 'Success', data: await s.workflow.transition(undefined, req.params.id, action, req.body, auditContext(req, clock)) }),
    });
  }
  registerResourceRoutes(app, s.approvals, clock, {
    path: '/api/v1/approval-messages',
    entries: [APPROVAL_ENTRY],
    tags: ['approval messages'],
    row: contentRow,
    listQuery: approvalListQuery,
  });
}
