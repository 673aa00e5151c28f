import { useMemo } from 'react';
import { useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { RecordEditPage } from '../../ui/RecordEditPage.tsx';
import { ResourceDetailPage, ResourceEditPage, listScreen } from '../../ui/ResourceScreens.tsx';
import { consumerAddressView, MEMBER_ADDRESSES } from './consumer-address.view.ts';
import { memberView } from './member.view.ts';
import { OpenHistoryTab } from './ConsumerTabs.tsx';
import { consumersI18n } from './consumers.i18n.ts';
import { catalogI18n } from '../catalog/catalog.i18n.ts';
import { masterdataI18n } from '../masterdata/masterdata.i18n.ts';
import { registerDictionaries } from '../../lib/i18n.ts';

// Member Management, in a chunk of its own (the consumer's and the associates' screens are theirs).
// The domain's texts (and those of the components it borrows) arrive with its screens, not with every screen.
registerDictionaries(consumersI18n, catalogI18n, masterdataI18n);

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
