import type { z } from 'zod';
import type { approvalListQuery, ContentKind, contentRow } from '@portal/contract';
import type { ResourceService } from '../../platform/crud/index.ts';
import type { BannerPositionService } from './banner-position.service.ts';
import type { AudienceService } from '../../platform/audience.ts';
import type { ContentImageService } from './content-image.service.ts';
import type { ContentPublishingService } from './content-publishing.service.ts';
import type { ContentWorkflowService } from './content-workflow.service.ts';
import type { ContentService } from './content.resource.ts';
import type { NotificationOfferService } from './notification-offer.resource.ts';
import type { PushTestSendService } from './push-test-send.service.ts';

/** cms Campaign: the content kinds, their workflow and approval queue, scheduled publishing, images, audience, notification offers. */
export interface ContentServices {
  kinds: Record<ContentKind, ContentService>;
  approvals: ResourceService<z.infer<typeof contentRow>, z.infer<typeof approvalListQuery>>;
  workflow: ContentWorkflowService;
  publishing: ContentPublishingService;
  bannerPositions: BannerPositionService;
  digitalBannerPositions: BannerPositionService;
  images: ContentImageService;
  pushTestSend: PushTestSendService;
  audience: AudienceService;
  notificationOffers: NotificationOfferService;
}
