import type { AnyRoute } from '@tanstack/react-router';
import { resourceRoutes } from '../../ui/resource-routes.ts';

const screens = () => import('./coupons.screens.tsx');

/** cms Digital Coupon: coupon settings (with duplicate) and the coupon log. */
export function couponRoutes(parent: AnyRoute): AnyRoute[] {
  return resourceRoutes(parent, screens, [
    {
      entries: ['cms.coupon-setting'],
      list: 'CouponSettingListScreen',
      create: 'CouponSettingCreateScreen',
      detail: 'CouponSettingDetailScreen',
      edit: 'CouponSettingEditScreen',
      extra: [{ path: '$id/duplicate', screen: 'CouponSettingDuplicateScreen' }],
    },
    { entries: ['cms.coupon-log'], list: 'CouponLogListScreen', detail: 'CouponLogDetailScreen' },
  ]);
}
