import { useMemo } from 'react';
import { Card } from 'antd';
import { Result } from '../../ui/Result.tsx';
import { useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { ResourceForm } from '../../ui/ResourceForm.tsx';
import { RecordEditPage } from '../../ui/RecordEditPage.tsx';
import { ResourceCreatePage, ResourceDetailPage, ResourceEditPage, ResourceListPage, listScreen } from '../../ui/ResourceScreens.tsx';
import { useResourceAccess } from '../../ui/use-resource-access.ts';
import { CONSUMER_ADDRESSES, consumerAddressView, MEMBER_ADDRESSES, type AddressOwner } from './consumer-address.view.ts';
import { memberView } from './member.view.ts';
import { associateView } from './associate.view.ts';
import { ImportLinkButton, ImportPage } from '../../ui/ImportScreens.tsx';
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

export const MemberListScreen = listScreen(memberView);
export const MemberDetailScreen = () => <ResourceDetailPage view={memberView} />;
export const MemberEditScreen = () => <ResourceEditPage view={memberView} />;
/** The spec's `member-management/info-address/{id}/detail`: the member's detail at its addresses. */
export const MemberAddressInfoScreen = () => (
  <OpenHistoryTab.Provider value="addresses">
    <ResourceDetailPage view={memberView} />
  </OpenHistoryTab.Provider>
);
/** The spec's `member-management/coupon-history/{id}/detail`: the member's detail at its coupon history. */
export const MemberCouponHistoryScreen = () => (
  <OpenHistoryTab.Provider value="coupons">
    <ResourceDetailPage view={memberView} />
  </OpenHistoryTab.Provider>
);

/** The spec's `member-management/info-address/{id}/edit`: the member's address form, the address `?address=` names (the primary one when none). */
export function MemberAddressEditScreen() {
  const { t } = useTranslation();
  const params: Record<string, unknown> = useParams({ strict: false });
  const memberId = typeof params.id === 'string' ? params.id : '';
  const view = useMemo(() => consumerAddressView(MEMBER_ADDRESSES, memberId), [memberId]);
  return <RecordEditPage key={memberId} view={view} param="address" title={t('consumers.address.editTitle', 'Edit Address')} emptyText={t('consumers.address.none', 'This member has no address yet')} />;
}

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
