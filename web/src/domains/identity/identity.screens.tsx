import { ResourceCreatePage, ResourceDetailPage, ResourceEditPage, listScreen } from '../../ui/ResourceScreens.tsx';
import { logHistoryView } from './log-history.view.ts';
import { roleView } from './role.view.ts';
import { userView } from './user.view.ts';
import { identityI18n } from './identity.i18n.ts';
import { registerDictionaries } from '../../lib/i18n.ts';

// The domain's texts (and those of the components it borrows) arrive with its screens, not with every screen.
registerDictionaries(identityI18n);

/*
 * The identity screens: the generic ones over the views. The ssosis and cms routes of a resource share them; the
 * screen finds its menu entry (permissions, paths, breadcrumbs) from the open path.
 */

export const RoleListScreen = listScreen(roleView);
export const RoleCreateScreen = () => <ResourceCreatePage view={roleView} />;
export const RoleDetailScreen = () => <ResourceDetailPage view={roleView} />;
export const RoleEditScreen = () => <ResourceEditPage view={roleView} />;

export const UserListScreen = listScreen(userView);
export const UserCreateScreen = () => <ResourceCreatePage view={userView} />;
export const UserDetailScreen = () => <ResourceDetailPage view={userView} />;
export const UserEditScreen = () => <ResourceEditPage view={userView} />;

export const LogHistoryListScreen = listScreen(logHistoryView);
export const LogHistoryDetailScreen = () => <ResourceDetailPage view={logHistoryView} />;
