import { useTranslation } from 'react-i18next';
import { ImportLinkButton, ImportPage } from '../../ui/ImportScreens.tsx';
import { ResourceCreatePage, ResourceDetailPage, ResourceEditPage, ResourceListPage, listScreen } from '../../ui/ResourceScreens.tsx';
import { associateView } from './associate.view.ts';
import { consumersI18n } from './consumers.i18n.ts';
import { catalogI18n } from '../catalog/catalog.i18n.ts';
import { masterdataI18n } from '../masterdata/masterdata.i18n.ts';
import { registerDictionaries } from '../../lib/i18n.ts';

// The Associate Loyalty Program, in a chunk of its own.
// The domain's texts (and those of the components it borrows) arrive with its screens, not with every screen.
registerDictionaries(consumersI18n, catalogI18n, masterdataI18n);

export const AssociateListScreen = listScreen(associateView, function AssociateList() {
  const { t } = useTranslation();
  const button = (
    <ImportLinkButton view={associateView} action="create" path="bulk" testId="associate-bulk-open">
      {t('consumers.associate.bulk', 'Bulk Upload')}
    </ImportLinkButton>
  );
  return <ResourceListPage view={associateView} extra={button} />;
});
export const AssociateBulkScreen = () => <ImportPage view={associateView} action="create" importKey="associate" />;
export const AssociateCreateScreen = () => <ResourceCreatePage view={associateView} />;
export const AssociateDetailScreen = () => <ResourceDetailPage view={associateView} />;
export const AssociateEditScreen = () => <ResourceEditPage view={associateView} />;
