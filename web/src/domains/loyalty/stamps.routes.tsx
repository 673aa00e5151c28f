import type { AnyRoute } from '@tanstack/react-router';
import { resourceRoutes } from '../../ui/resource-routes.ts';

const screens = () => import('./stamps.screens.tsx');

/** cms Digital stamp: stamp programmes, rewards, the stamp report and the stamp coupons. */
export function stampRoutes(parent: AnyRoute): AnyRoute[] {
  return resourceRoutes(parent, screens, [
    {
      entries: ['cms.stamp'],
      list: 'StampProgrammeListScreen',
      create: 'StampProgrammeCreateScreen',
      detail: 'StampProgrammeDetailScreen',
      edit: 'StampProgrammeEditScreen',
    },
    {
      entries: ['cms.reward'],
      list: 'StampRewardListScreen',
      create: 'StampRewardCreateScreen',
      detail: 'StampRewardDetailScreen',
      edit: 'StampRewardEditScreen',
    },
    { entries: ['cms.report'], list: 'StampReportScreen' },
    { entries: ['cms.coupon'], list: 'StampCouponListScreen', detail: 'StampCouponDetailScreen' },
  ]);
}
