import { useTranslation } from 'react-i18next';
import { registerDictionaries } from '../../lib/i18n.ts';
import { ImportLinkButton, ImportPage } from '../../ui/ImportScreens.tsx';
import { ResourceCreatePage, ResourceDetailPage, ResourceEditPage, ResourceListPage, listScreen } from '../../ui/ResourceScreens.tsx';
import { ctaSettingView } from './cta-setting.view.ts';
import { digitalProductView } from './digital-product.view.ts';
import { topUpI18n } from './top-up.i18n.ts';
import { topUpView } from './top-up.view.ts';

// The domain's texts arrive with its screens, not with every screen.
registerDictionaries(topUpI18n);

/* Top-up and bills: orion Digital Product Management, cms Order Management Digital Product (with its bulk update by file), cms CTA Setting. */

export const DigitalProductListScreen = listScreen(digitalProductView);
export const DigitalProductCreateScreen = () => <ResourceCreatePage view={digitalProductView} />;
export const DigitalProductDetailScreen = () => <ResourceDetailPage view={digitalProductView} />;
export const DigitalProductEditScreen = () => <ResourceEditPage view={digitalProductView} />;

export const TopUpListScreen = listScreen(topUpView, function TopUpList() {
  const { t } = useTranslation();
  return (
    <ResourceListPage
      view={topUpView}
      extra={
        <ImportLinkButton view={topUpView} action="edit" path="bulk-update" testId="top-up-bulk-update-open">
          {t('topUp.order.bulkUpdate', 'Bulk Update')}
        </ImportLinkButton>
      }
    />
  );
});
export const TopUpDetailScreen = () => <ResourceDetailPage view={topUpView} />;
/** Bulk update by file: upload, validation by cell, confirm once, then the job's status. */
export const TopUpBulkUpdateScreen = () => <ImportPage view={topUpView} action="edit" importKey="top-up-bulk-update" />;

/** The one CTA record at the entry's route, its form at `<route>/edit`. */
export const CtaSettingScreen = () => <ResourceDetailPage view={ctaSettingView} id="1" />;
export const CtaSettingEditScreen = () => <ResourceEditPage view={ctaSettingView} id="1" />;
