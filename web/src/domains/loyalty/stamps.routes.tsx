import type { AnyRoute } from '@tanstack/react-router';
import { resourceRoutes } from '../../ui/resource-routes.ts';

const screens = () => import('./stamps.screens.tsx');
const injectScreens = () => import('./stamp-inject.screens.tsx');

/** cms Digital stamp: stamp programmes, rewards, the stamp report and the stamp coupons; heimdal Digital Stamp Inject: injection batches by file. */
export function stampRoutes(parent: AnyRoute): AnyRoute[] {
  return [
    ...stampProgrammeRoutes(parent),
    ...resourceRoutes(parent, injectScreens, [
      {
        entries: ['heimdal.digital-stamp-inject'],
        list: 'StampInjectionListScreen',
        detail: 'StampInjectionDetailScreen',
        extra: [{ path: 'import', screen: 'StampInjectionImportScreen' }],
      },
    ]),
  ];
}

function stampProgrammeRoutes(parent: AnyRoute): AnyRoute[] {
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
