import path from 'node:path';
import { CONTENT_IMAGE_MAX_MB, CONTENT_KINDS, type ContentKind } from '@portal/contract';
import { ResourceService } from '../../platform/crud/index.ts';
import type { DomainModule, ModuleContext } from '../../platform/module.ts';
import { BannerPositionService } from './banner-position.service.ts';
import { AudienceService } from '../../platform/audience.ts';
import { ContentImageService } from './content-image.service.ts';
import { CONTENT_PUBLISH_JOB, ContentPublishingService } from './content-publishing.service.ts';
import { ContentWorkflowService } from './content-workflow.service.ts';
import type { ContentServices } from './content.deps.ts';
import { contentExports } from './content.exports.ts';
import { approvalDef, ContentService } from './content.resource.ts';
import { registerContentRoutes } from './content.routes.ts';
import { NotificationOfferService } from './notification-offer.resource.ts';
import { PushTestSendService } from './push-test-send.service.ts';
import { surveyExports } from './survey.exports.ts';
import { registerSurveyRoutes, surveyServices } from './survey.routes.ts';

/** cms Campaign: offers, banners, campaigns and push messages, their workflow, the approval queue and scheduled publishing. */
export function contentModule(ctx: ModuleContext): DomainModule {
  const { db, jobs, clock, mailer, config } = ctx;
  const publishing = new ContentPublishingService(db, jobs, clock);
  const workflow = new ContentWorkflowService(db, clock, publishing);
  const kinds = Object.fromEntries(CONTENT_KINDS.map((k) => [k, new ContentService(k, db, clock)])) as Record<ContentKind, ContentService>;
  const services: ContentServices = {
    kinds,
    approvals: new ResourceService(approvalDef(clock), db),
    workflow,
    publishing,
    bannerPositions: new BannerPositionService(db, kinds.banner),
    digitalBannerPositions: new BannerPositionService(db, kinds['banner-digital-product']),
    images: new ContentImageService(db, path.join(config.DATA_DIR, 'images'), CONTENT_IMAGE_MAX_MB * 1024 * 1024),
    pushTestSend: new PushTestSendService(db, mailer, workflow),
    audience: new AudienceService(db),
    notificationOffers: new NotificationOfferService(db, clock),
  };
  const surveys = surveyServices(db);
  return {
    name: 'content',
    register: (app) => {
      registerContentRoutes(app, services, clock);
      registerSurveyRoutes(app, surveys, { db, clock, consumerAuth: ctx.consumerAuth });
    },
    exports: [...contentExports(clock), ...surveyExports],
    // Sweeps are queued for each approved item's start and end; the one at start-up catches up after downtime.
    jobs: [
      {
        name: CONTENT_PUBLISH_JOB,
        handler: async () => {
          await publishing.sweep();
        },
        sendOnStart: {},
      },
    ],
  };
}
