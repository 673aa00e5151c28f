import { useMemo } from 'react';
import { Card, Typography } from 'antd';
import { Result } from '../../ui/Result.tsx';
import { useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { OrderButton } from '../../ui/OrderButton.tsx';
import { ResourceCreatePage, ResourceDetailPage, ResourceEditPage, ResourceListPage, listScreen } from '../../ui/ResourceScreens.tsx';
import { ResourceTable } from '../../ui/ResourceTable.tsx';
import { useResourceAccess } from '../../ui/use-resource-access.ts';
import { groupStoresApi, planogramsApi, storesApi, type PlanogramRow } from '@portal/contract';
import { deliveryMethodView } from './delivery-method.view.ts';
import { groupStoreView } from './group-store.view.ts';
import { planogramView } from './planogram.view.ts';
import { storeView } from './store.view.ts';
import { ecommerceI18n } from './ecommerce.i18n.ts';
import { catalogI18n } from './catalog.i18n.ts';
import { registerDictionaries } from '../../lib/i18n.ts';

// The domain's texts (and those of the components it borrows) arrive with its screens, not with every screen.
registerDictionaries(ecommerceI18n, catalogI18n);

const useId = () => {
  const params: Record<string, unknown> = useParams({ strict: false });
  return typeof params.id === 'string' ? params.id : '';
};

export const GroupStoreListScreen = listScreen(groupStoreView);
export const GroupStoreCreateScreen = () => <ResourceCreatePage view={groupStoreView} />;
export const GroupStoreEditScreen = () => <ResourceEditPage view={groupStoreView} />;

/** A group store with its stores below (`group-stores/{id}/stores`). */
export function GroupStoreDetailScreen() {
  const { t } = useTranslation();
  const id = useId();
  const view = useMemo(
    () => ({ ...storeView, columns: storeView.columns.filter((c) => c.key !== 'group_store_name'), api: { list: groupStoresApi.stores, get: storesApi.get }, listParams: { id }, exportQuery: { group_store_id: id }, rowActions: false as const }),
    [id],
  );
  return (
    <>
      <ResourceDetailPage view={groupStoreView} />
      <Card title={t('ecommerce.groupStore.stores', 'Stores in this group')} style={{ marginTop: 16 }} data-testid="group-store-stores">
        <ResourceTable key={id} view={view} />
      </Card>
    </>
  );
}

/** Delivery methods sit under 3PL Setting: their own title, the entry's permissions. */
export function DeliveryMethodListScreen() {
  const { t } = useTranslation();
  const access = useResourceAccess(deliveryMethodView);
  if (!access.can('view')) return <Result status="403" title="403" subTitle={t('ui.forbidden', 'You do not have permission to open this page.')} data-testid="forbidden" />;
  return (
    <>
      <PageHeader title={t('ecommerce.deliveryMethod.listTitle', 'Delivery Methods')} />
      <Card>
        <ResourceTable view={deliveryMethodView} />
      </Card>
    </>
  );
}
export const DeliveryMethodDetailScreen = () => <ResourceDetailPage view={deliveryMethodView} />;
export const DeliveryMethodEditScreen = () => <ResourceEditPage view={deliveryMethodView} />;

function PlanogramOrder() {
  return (
    <OrderButton<PlanogramRow>
      resource="planogram"
      list={planogramsApi.list}
      sortBy="position"
      save={planogramsApi.positions}
      render={(p) => (
        <>
          <Typography.Text strong>{p.title}</Typography.Text>
          <Typography.Text type="secondary">P{p.priority}</Typography.Text>
        </>
      )}
      texts={{
        open: ['ecommerce.planogram.order.open', 'Reorder'],
        title: ['ecommerce.planogram.order.title', 'Display order of planograms'],
        help: ['ecommerce.planogram.order.help', 'Drag a planogram to its place, or move it with its arrows (from the keyboard too: its handle takes Space and the arrow keys). The app shows planograms in this order.'],
        saved: ['ecommerce.planogram.order.saved', 'Planogram order saved'],
      }}
    />
  );
}

export const PlanogramListScreen = listScreen(planogramView, function PlanogramList() {
  const access = useResourceAccess(planogramView);
  return <ResourceListPage view={planogramView} extra={access.can('edit') ? <PlanogramOrder /> : undefined} />;
});
export const PlanogramCreateScreen = () => <ResourceCreatePage view={planogramView} />;
export const PlanogramDetailScreen = () => <ResourceDetailPage view={planogramView} />;
export const PlanogramEditScreen = () => <ResourceEditPage view={planogramView} />;
