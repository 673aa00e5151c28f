import { Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { ImportLinkButton, ImportPage, RecordImportPage } from '../../ui/ImportScreens.tsx';
import { ResourceCreatePage, ResourceDetailPage, ResourceEditPage, ResourceListPage, listScreen } from '../../ui/ResourceScreens.tsx';
import { freeGiftView } from './free-gift.view.ts';
import { masterPromoView } from './master-promo.view.ts';
import { MasterPromoBulkButton, MasterPromoBulkEditScreen } from './MasterPromoBulkEdit.tsx';
import { maxPurchaseView } from './max-purchase.view.ts';
import { promoView } from './promo.view.ts';
import { promotionI18n } from './promotion.i18n.ts';
import { catalogI18n } from '../catalog/catalog.i18n.ts';
import { ecommerceI18n } from '../catalog/ecommerce.i18n.ts';
import { registerDictionaries } from '../../lib/i18n.ts';

// The domain's texts (and those of the components it borrows) arrive with its screens, not with every screen.
registerDictionaries(promotionI18n, catalogI18n, ecommerceI18n);

export const PromoListScreen = listScreen(promoView, function PromoList() {
  const { t } = useTranslation();
  const button = (
    <ImportLinkButton view={promoView} action="create" path="import" testId="promo-import-open">
      {t('promotion.promo.import', 'Import')}
    </ImportLinkButton>
  );
  return <ResourceListPage view={promoView} extra={button} />;
});
export const PromoImportScreen = () => <ImportPage view={promoView} action="create" importKey="promo" />;
export const PromoCreateScreen = () => <ResourceCreatePage view={promoView} />;
export const PromoDetailScreen = () => <ResourceDetailPage view={promoView} />;
export const PromoEditScreen = () => <ResourceEditPage view={promoView} />;

export const FreeGiftListScreen = listScreen(freeGiftView);
export const FreeGiftCreateScreen = () => <ResourceCreatePage view={freeGiftView} />;
export const FreeGiftDetailScreen = () => <ResourceDetailPage view={freeGiftView} />;
export const FreeGiftStoreUploadScreen = () => <RecordImportPage view={freeGiftView} importKey="free-gift-stores" param="free_gift_id" />;
export const FreeGiftEditScreen = () => <ResourceEditPage view={freeGiftView} />;

export const MaxPurchaseListScreen = listScreen(maxPurchaseView);
export const MaxPurchaseCreateScreen = () => <ResourceCreatePage view={maxPurchaseView} />;
export const MaxPurchaseDetailScreen = () => <ResourceDetailPage view={maxPurchaseView} />;
export const MaxPurchaseEditScreen = () => <ResourceEditPage view={maxPurchaseView} />;

export const MasterPromoListScreen = listScreen(masterPromoView, function MasterPromoList() {
  const { t } = useTranslation();
  const buttons = (
    <Space wrap>
      <MasterPromoBulkButton />
      <ImportLinkButton view={masterPromoView} path="import" testId="master-promo-import-open">
        {t('promotion.masterPromo.import', 'Import')}
      </ImportLinkButton>
    </Space>
  );
  return <ResourceListPage view={masterPromoView} extra={buttons} />;
});
export const MasterPromoImportScreen = () => <ImportPage view={masterPromoView} importKey="master-promo" />;
export const MasterPromoDetailScreen = () => <ResourceDetailPage view={masterPromoView} />;
export const MasterPromoEditScreen = () => <ResourceEditPage view={masterPromoView} />;
export { MasterPromoBulkEditScreen };
