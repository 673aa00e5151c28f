import type { AnyRoute } from '@tanstack/react-router';
import { resourceRoutes } from '../../ui/resource-routes.ts';

const screens = () => import('./identity.screens.tsx');

/** The role, user and log-history routes under `parent` (the admin shell), at their ssosis and cms menu locations. */
export function identityRoutes(parent: AnyRoute): AnyRoute[] {
  return resourceRoutes(parent, screens, [
    {
      entries: ['ssosis.role-management', 'cms.role'],
      list: 'RoleListScreen',
      create: 'RoleCreateScreen',
      detail: 'RoleDetailScreen',
      edit: 'RoleEditScreen',
    },
    {
      entries: ['ssosis.user-management', 'cms.user'],
      list: 'UserListScreen',
      create: 'UserCreateScreen',
      detail: 'UserDetailScreen',
      edit: 'UserEditScreen',
    },
    { entries: ['cms.log-history'], list: 'LogHistoryListScreen', detail: 'LogHistoryDetailScreen' },
  ]);
}
