import { useMemo } from 'react';
import { Card } from 'antd';
import { Result } from '../../ui/Result.tsx';
import { useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { ResourceForm } from '../../ui/ResourceForm.tsx';
import { ResourceDetailPage, ResourceEditPage, listScreen } from '../../ui/ResourceScreens.tsx';
import { useResourceAccess } from '../../ui/use-resource-access.ts';
import { CONSUMER_ADDRESSES, consumerAddressView, type AddressOwner } from './consumer-address.view.ts';
import { consumerView } from './consumer.view.ts';
import { OpenHistoryTab } from './ConsumerTabs.tsx';
import { consumersI18n } from './consumers.i18n.ts';
import { catalogI18n } from '../catalog/catalog.i18n.ts';
import { masterdataI18n } from '../masterdata/masterdata.i18n.ts';
import { registerDictionaries } from '../../lib/i18n.ts';

// The domain's texts (and those of the components it borrows) arrive with its screens, not with every screen.
registerDictionaries(consumersI18n, catalogI18n, masterdataI18n);

export const ConsumerListScreen = listScreen(consumerView);
export const ConsumerDetailScreen = () => <ResourceDetailPage view={consumerView} />;
/** The spec's `consumer/coupon-history/{id}/detail`: the consumer's detail at its coupon history (`?coupon=` opens a claim). */
export const ConsumerCouponHistoryScreen = () => (
  <OpenHistoryTab.Provider value="coupons">
    <ResourceDetailPage view={consumerView} />
  </OpenHistoryTab.Provider>
);
export const ConsumerEditScreen = () => <ResourceEditPage view={consumerView} />;

/** Edits one address of its owner, then returns to the owner. */
function AddressEditPage({ owner }: { owner: AddressOwner }) {
  const { t } = useTranslation();
  const params: Record<string, unknown> = useParams({ strict: false });
  const ownerId = typeof params.id === 'string' ? params.id : '';
  const addressId = typeof params.addressId === 'string' ? params.addressId : '';
  const view = useMemo(() => consumerAddressView(owner, ownerId), [owner, ownerId]);
  const access = useResourceAccess(view);
  if (!access.can('edit')) return <Result status="403" title="403" subTitle={t('ui.forbidden', 'You do not have permission to open this page.')} data-testid="forbidden" />;
  return (
    <>
      <PageHeader title={t('consumers.address.editTitle', 'Edit Address')} />
      <Card>
        <ResourceForm key={addressId} view={view} mode="edit" id={addressId} />
      </Card>
    </>
  );
}

export const ConsumerAddressEditScreen = () => <AddressEditPage owner={CONSUMER_ADDRESSES} />;
