import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import {
  CONTENT_IMAGE_MAX_MB,
  CONTENT_KIND_API,
  CONTENT_KINDS,
  approvalMessagesApi,
  bannersApi,
  contentAudienceApi,
  digitalBannersApi,
  notificationOffersApi,
  pushMessagesApi,
  type approvalListQuery,
  type contentRow,
  type ContentKind,
} from '@portal/contract';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { auditContext, registerResourceRoutes, ResourceService } from '../../platform/crud/index.ts';
import type { JobQueue } from '../../platform/jobs.ts';
import { BannerPositionService } from './banner-position.service.ts';
import { registerContentImageRoutes } from './content-image.routes.ts';
import { ContentImageService } from './content-image.service.ts';
import { approvalDef, ContentService } from './content.resource.ts';
import { ContentPublishingService } from './content-publishing.service.ts';
import { ContentWorkflowService } from './content-workflow.service.ts';
import { PushTestSendService } from './push-test-send.service.ts';
import { ContentAudienceService } from './content-audience.service.ts';
import { NotificationOfferService } from './notification-offer.resource.ts';
import type { Mailer } from '../../platform/mail.ts';
import { serve } from '../../platform/serve.ts';

export interface ContentServices {
  kinds: Record<ContentKind, ContentService>;
  approvals: ResourceService<z.infer<typeof contentRow>, z.infer<typeof approvalListQuery>>;
  workflow: ContentWorkflowService;
  publishing: ContentPublishingService;
  bannerPositions: BannerPositionService;
  digitalBannerPositions: BannerPositionService;
  images: ContentImageService;
  pushTestSend: PushTestSendService;
  audience: ContentAudienceService;
  notificationOffers: NotificationOfferService;
}

export function contentServices(db: Db, jobs: JobQueue, clock: Clock, opts: { imagesDir: string; mailer: Mailer }): ContentServices {
  const publishing = new ContentPublishingService(db, jobs, clock);
  const workflow = new ContentWorkflowService(db, clock, publishing);
  const kinds = Object.fromEntries(CONTENT_KINDS.map((k) => [k, new ContentService(k, db, clock)])) as Record<ContentKind, ContentService>;
  return {
    kinds,
    approvals: new ResourceService(approvalDef(clock), db),
    workflow,
    publishing,
    bannerPositions: new BannerPositionService(db, kinds.banner),
    digitalBannerPositions: new BannerPositionService(db, kinds['banner-digital-product']),
    images: new ContentImageService(db, opts.imagesDir, CONTENT_IMAGE_MAX_MB * 1024 * 1024),
    pushTestSend: new PushTestSendService(db, opts.mailer, workflow),
    audience: new ContentAudienceService(db),
    notificationOffers: new NotificationOfferService(db, clock),
  };
}

/** cms Campaign: offers, banners, campaigns and push messages, their workflow, the approval queue and scheduled publishing. */
export function registerContentRoutes(app: FastifyInstance, s: ContentServices, clock: Clock): void {
  s.publishing.register((fn) => app.addHook('onReady', fn));
  registerContentImageRoutes(app, s.images, clock);

  serve(app, bannersApi.positions, async (req) => ({ message: 'Edit Data Successful', data: await s.bannerPositions.reorder(req.body, auditContext(req, clock)) }));
  serve(app, digitalBannersApi.positions, async (req) => ({
    message: 'Edit Data Successful',
    data: await s.digitalBannerPositions.reorder(req.body, auditContext(req, clock)),
  }));

  for (const kind of CONTENT_KINDS) {
    const api = CONTENT_KIND_API[kind];
    registerResourceRoutes(app, s.kinds[kind], clock, api);
    for (const action of ['submit', 'deactivate', 'approve', 'reject'] as const) {
      serve(app, api[action], async (req) => ({ message: 'Success', data: await s.workflow.transition(kind, req.params.id, action, req.body, auditContext(req, clock)) }));
    }
    serve(app, api.duplicate, async (req) => ({ message: 'Success', data: await s.workflow.duplicate(kind, req.params.id, auditContext(req, clock)) }));
  }

  serve(app, pushMessagesApi.testSend, async (req) => ({ message: 'Success', data: await s.pushTestSend.send(req.params.id, req.body, auditContext(req, clock)) }));
  serve(app, contentAudienceApi.estimate, async (req) => ({ message: 'Success', data: await s.audience.estimate(req.body) }));

  registerResourceRoutes(app, s.notificationOffers, clock, notificationOffersApi);

  serve(app, approvalMessagesApi.compare, async (req) => ({ message: 'Success', data: await s.workflow.compare(req.params.id) }));
  serve(app, approvalMessagesApi.bulkApprove, async (req) => ({
    message: 'Success',
    data: await s.workflow.bulk('approve', req.body.items, undefined, auditContext(req, clock)),
  }));
  serve(app, approvalMessagesApi.bulkReject, async (req) => ({
    message: 'Success',
    data: await s.workflow.bulk('reject', req.body.items, req.body.reason, auditContext(req, clock)),
  }));
  for (const action of ['approve', 'reject'] as const) {
    serve(app, approvalMessagesApi[action], async (req) => ({
      message: 'Success',
      data: await s.workflow.transition(undefined, req.params.id, action, req.body, auditContext(req, clock)),
    }));
  }
  registerResourceRoutes(app, s.approvals, clock, approvalMessagesApi);
}
