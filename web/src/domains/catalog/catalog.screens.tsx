import { useMemo } from 'react';
import { Button, Card, Space } from 'antd';
import { ApartmentOutlined } from '@ant-design/icons';
import { useParams } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { productsApi } from '@portal/contract';
import { call } from '../../lib/call.ts';
import { resourceKeys } from '../../lib/query-keys.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { ResourceCreatePage, ResourceDetailPage, ResourceEditPage, ResourceListPage, listScreen } from '../../ui/ResourceScreens.tsx';
import { ResourceTable } from '../../ui/ResourceTable.tsx';
import { ImportLinkButton, ImportPage } from '../../ui/ImportScreens.tsx';
import { useResourceAccess } from '../../ui/use-resource-access.ts';
import { useGo } from '../../ui/nav.ts';
import { CategoryOrderButton } from './CategoryOrder.tsx';
import { parentCategoryView } from './parent-category.view.ts';
import { productView } from './product.view.ts';
import { productStoreView, storeProductView } from './store-product.view.ts';
import { storeView, threePlView } from './store.view.ts';
import { subCategoryView } from './sub-category.view.ts';
import { DeliveryMethodsButton, StoreDeliveryMethodsCard } from './StoreDeliveryMethods.tsx';
import { groupStoreView } from './group-store.view.ts';
import { catalogI18n } from './catalog.i18n.ts';
import { registerDictionaries } from '../../lib/i18n.ts';

// The domain's texts (and those of the components it borrows) arrive with its screens, not with every screen.
registerDictionaries(catalogI18n);

const useId = () => {
  const params: Record<string, unknown> = useParams({ strict: false });
  return typeof params.id === 'string' ? params.id : '';
};

export const ParentCategoryListScreen = listScreen(parentCategoryView, function ParentCategoryList() {
  const access = useResourceAccess(parentCategoryView);
  return <ResourceListPage view={parentCategoryView} extra={access.can('edit') ? <CategoryOrderButton /> : undefined} />;
});
export const ParentCategoryCreateScreen = () => <ResourceCreatePage view={parentCategoryView} />;
export const ParentCategoryDetailScreen = () => <ResourceDetailPage view={parentCategoryView} />;
export const ParentCategoryEditScreen = () => <ResourceEditPage view={parentCategoryView} />;

export const SubCategoryListScreen = listScreen(subCategoryView);
export const SubCategoryDetailScreen = () => <ResourceDetailPage view={subCategoryView} />;
export const SubCategoryEditScreen = () => <ResourceEditPage view={subCategoryView} />;

export const ProductListScreen = listScreen(productView, function ProductList() {
  const { t } = useTranslation();
  const buttons = (
    <Space wrap>
      <ImportLinkButton view={productView} path="import" testId="product-import-open">
        {t('catalog.product.import', 'Import')}
      </ImportLinkButton>
      <ImportLinkButton view={productView} path="preview-bulk-image" testId="product-image-import-open">
        {t('catalog.product.bulkImage', 'Bulk Image')}
      </ImportLinkButton>
    </Space>
  );
  return <ResourceListPage view={productView} extra={buttons} />;
});
/** `import` and `preview` (the same wizard at its preview step, by `?batch=`): the bulk product edit. */
export const ProductImportScreen = () => <ImportPage view={productView} importKey="product-edit" />;
export const ProductImageImportScreen = () => <ImportPage view={productView} importKey="product-image" />;
export const ProductCreateScreen = () => <ResourceCreatePage view={productView} />;
export const ProductDetailScreen = () => <ResourceDetailPage view={productView} />;
export const ProductEditScreen = () => <ResourceEditPage view={productView} />;

/** orion `product-management/{id}/view-store`: the stores carrying the product, with its price and stock there. */
export function ProductViewStoreScreen() {
  const { t } = useTranslation();
  const id = useId();
  const product = useQuery({ queryKey: resourceKeys('product').detail(id), queryFn: async () => (await call(productsApi.get, { id })).data });
  const view = useMemo(() => ({ ...productStoreView, listParams: { id } }), [id]);
  return (
    <>
      <PageHeader title={t('catalog.product.storesOf', 'Stores carrying {{name}}', { name: product.data ? `${product.data.plu} · ${product.data.name}` : '…' })} />
      <Card>
        <ResourceTable key={id} view={view} />
      </Card>
    </>
  );
}

/** Regions of operations are the group stores (hidden from the menu by the spec); store management leads to them. */
function RegionsButton() {
  const { t } = useTranslation();
  const regions = useResourceAccess(groupStoreView);
  const { link } = useGo();
  if (!regions.can('view')) return null;
  return (
    <Button icon={<ApartmentOutlined />} {...link(regions.paths.list)} data-testid="store-regions-open">
      {t('catalog.store.regions', 'Regions')}
    </Button>
  );
}

export const StoreListScreen = listScreen(storeView, function StoreList() {
  const { t } = useTranslation();
  const buttons = (
    <Space wrap>
      <RegionsButton />
      <ImportLinkButton view={storeView} path="bulk-edit" testId="store-import-open">
        {t('catalog.store.bulkEdit', 'Bulk Edit')}
      </ImportLinkButton>
      <ImportLinkButton view={storeView} path="store-product-sync" testId="store-product-sync-open">
        {t('catalog.store.productSync', 'Sync Store Products')}
      </ImportLinkButton>
    </Space>
  );
  return <ResourceListPage view={storeView} extra={buttons} />;
});
/** `bulk-edit` and `preview-edit` (the same wizard at its preview step): the bulk store edit. */
export const StoreImportScreen = () => <ImportPage view={storeView} importKey="store-edit" />;
export const StoreProductSyncScreen = () => <ImportPage view={storeView} importKey="store-product-sync" />;
export const StoreCreateScreen = () => <ResourceCreatePage view={storeView} />;
export const StoreEditScreen = () => <ResourceEditPage view={storeView} />;

/** A store with its products (price, stock, active) below; each product opens store-product/{id}. */
export function StoreDetailScreen() {
  const { t } = useTranslation();
  const id = useId();
  const view = useMemo(() => ({ ...storeProductView, listParams: { id } }), [id]);
  return (
    <>
      <ResourceDetailPage view={storeView} />
      <Card title={t('catalog.store.products', 'Products in this store')} style={{ marginTop: 16 }} data-testid="store-products">
        <ResourceTable key={id} view={view} />
      </Card>
    </>
  );
}

export const StoreProductDetailScreen = () => <ResourceDetailPage view={storeProductView} />;
export const StoreProductEditScreen = () => <ResourceEditPage view={storeProductView} />;

export const ThreePlListScreen = listScreen(threePlView, () => <ResourceListPage view={threePlView} extra={<DeliveryMethodsButton />} />);
/** A store's 3PL setting with the delivery methods it offers below. */
export function ThreePlDetailScreen() {
  const id = useId();
  return (
    <>
      <ResourceDetailPage view={threePlView} />
      <StoreDeliveryMethodsCard key={id} storeId={id} />
    </>
  );
}
export const ThreePlEditScreen = () => <ResourceEditPage view={threePlView} />;
