import { ResourceCreatePage, ResourceDetailPage, ResourceEditPage, ResourceListPage } from '../../ui/ResourceScreens.tsx';
import { logHistoryView } from './log-history.view.ts';
import { roleView } from './role.view.ts';
import { userView } from './user.view.ts';

/*
 * The identity screens: the generic ones over the views. The ssosis and cms routes of a resource share them; the
 * screen finds its menu entry (permissions, paths, breadcrumbs) from the open path.
 */

export const RoleListScreen = () => <ResourceListPage view={roleView} />;
export const RoleCreateScreen = () => <ResourceCreatePage view={roleView} />;
export const RoleDetailScreen = () => <ResourceDetailPage view={roleView} />;
export const RoleEditScreen = () => <ResourceEditPage view={roleView} />;

export const UserListScreen = () => <ResourceListPage view={userView} />;
export const UserCreateScreen = () => <ResourceCreatePage view={userView} />;
export const UserDetailScreen = () => <ResourceDetailPage view={userView} />;
export const UserEditScreen = () => <ResourceEditPage view={userView} />;

export const LogHistoryListScreen = () => <ResourceListPage view={logHistoryView} />;
export const LogHistoryDetailScreen = () => <ResourceDetailPage view={logHistoryView} />;
