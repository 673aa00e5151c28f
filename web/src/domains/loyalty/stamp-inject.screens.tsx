import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { registerDictionaries } from '../../lib/i18n.ts';
import { ImportLinkButton, ImportPage } from '../../ui/ImportScreens.tsx';
import { ResourceDetailPage, ResourceListPage, listScreen } from '../../ui/ResourceScreens.tsx';
import { useResourceAccess } from '../../ui/use-resource-access.ts';
import { stampInjectI18n } from './stamp-inject.i18n.ts';
import { InjectReasonInput, reasonProblem } from './StampInjectParts.tsx';
import { stampInjectionView } from './stamp-inject.view.ts';

registerDictionaries(stampInjectI18n);

export const StampInjectionListScreen = listScreen(stampInjectionView, function StampInjectionList() {
  const { t } = useTranslation();
  return (
    <ResourceListPage
      view={stampInjectionView}
      extra={
        <ImportLinkButton view={stampInjectionView} action="create" path="import" testId="stamp-inject-import-open">
          {t('loyalty.inject.import', 'Import')}
        </ImportLinkButton>
      }
    />
  );
});

export const StampInjectionDetailScreen = () => <ResourceDetailPage view={stampInjectionView} />;

/** The import wizard with the batch's reason; a failed upload returns to the list (spec section 4). */
export function StampInjectionImportScreen() {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const access = useResourceAccess(stampInjectionView);
  const problem = reasonProblem(reason);
  return (
    <ImportPage
      view={stampInjectionView}
      action="create"
      importKey="digital-stamp-inject"
      params={{ reason: reason.trim() }}
      uploadPrelude={<InjectReasonInput value={reason} onChange={setReason} />}
      uploadBlocked={problem ? t(problem) : null}
      failTo={access.paths.list}
    />
  );
}
