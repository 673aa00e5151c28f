import type { FastifyInstance } from 'fastify';
import {
  CONTENT_KIND_API,
  CONTENT_KINDS,
  approvalMessagesApi,
  bannersApi,
  contentAudienceApi,
  digitalBannersApi,
  notificationOffersApi,
  pushMessagesApi,
} from '@portal/contract';
import type { Clock } from '../../platform/clock.ts';
import { auditContext, registerResourceRoutes } from '../../platform/crud/index.ts';
import { serve } from '../../platform/serve.ts';
import { registerContentImageRoutes } from './content-image.routes.ts';
import type { ContentServices } from './content.deps.ts';

/** cms Campaign: offers, banners, campaigns and push messages, their workflow, the approval queue and scheduled publishing. */
export function registerContentRoutes(app: FastifyInstance, s: ContentServices, clock: Clock): void {
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
