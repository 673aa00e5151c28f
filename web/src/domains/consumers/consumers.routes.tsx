import type { AnyRoute } from '@tanstack/react-router';
import { ASSOCIATE_ENTRIES, CONSUMER_ENTRIES, MEMBER_ENTRIES } from '@portal/contract';
import { resourceRoutes } from '../../ui/resource-routes.ts';

const screens = () => import('./consumers.screens.tsx');
const memberScreens = () => import('./members.screens.tsx');
const associateScreens = () => import('./associates.screens.tsx');

/**
 * cms Consumer (list, the one-customer detail, profile and address edit), Member Management and the Associate Loyalty
 * Program, each in a chunk of its own.
 */
export function consumerRoutes(parent: AnyRoute): AnyRoute[] {
  return [
    ...resourceRoutes(parent, screens, [
      {
        entries: CONSUMER_ENTRIES,
        list: 'ConsumerListScreen',
        detail: 'ConsumerDetailScreen',
        edit: 'ConsumerEditScreen',
        extra: [
          { path: '$id/address/$addressId/edit', screen: 'ConsumerAddressEditScreen' },
          { path: 'coupon-history/$id/detail', screen: 'ConsumerCouponHistoryScreen' },
        ],
      },
    ]),
    ...resourceRoutes(parent, memberScreens, [
      {
        entries: MEMBER_ENTRIES,
        list: 'MemberListScreen',
        detail: 'MemberDetailScreen',
        edit: 'MemberEditScreen',
        // `$id` is the member's throughout: its address info, its address form (`?address=`) and its coupon history.
        extra: [
          { path: 'info-address/$id/detail', screen: 'MemberAddressInfoScreen' },
          { path: 'info-address/$id/edit', screen: 'MemberAddressEditScreen' },
          { path: 'coupon-history/$id/detail', screen: 'MemberCouponHistoryScreen' },
        ],
      },
    ]),
    ...resourceRoutes(parent, associateScreens, [
      {
        // `$id` is the employee number (`{employeeNo}/detail`, `{employeeNo}/edit`).
        entries: ASSOCIATE_ENTRIES,
        list: 'AssociateListScreen',
        create: 'AssociateCreateScreen',
        detail: 'AssociateDetailScreen',
        edit: 'AssociateEditScreen',
        extra: [{ path: 'bulk', screen: 'AssociateBulkScreen' }],
      },
    ]),
  ];
}
