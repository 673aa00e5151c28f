import { createContext, lazy, Suspense, useContext, type ReactNode } from 'react';
import { Empty, Flex, Skeleton, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { can, CONSUMER_ENTRIES, consumersApi, membersApi, PERSONAL_DATA_ACCESS_ENTRIES, type ConsumerDetail } from '@portal/contract';
import { useSession } from '../../lib/session.ts';
import { useSearchParam } from '../../ui/search-param.ts';
import { resourceKeys } from '../../lib/query-keys.ts';
import { useResourceAccess } from '../../ui/use-resource-access.ts';
import { TagChip } from '../masterdata/masterdata.inputs.tsx';
import { resourcePaths } from '../../ui/resource-paths.ts';
import type * as Histories from './ConsumerHistory.tsx';

// The histories load with the first tab opened, in a chunk of their own: the detail's route stays within its budget.
const histories = () => import('./ConsumerHistory.tsx');
const part = <K extends keyof typeof Histories>(name: K) =>
  lazy(async () => ({ default: (await histories())[name] })) as unknown as (typeof Histories)[K];
const AddressHistory = part('AddressHistory');
const StampHistory = part('StampHistory');
const CouponHistory = part('CouponHistory');
const PosSaleHistory = part('PosSaleHistory');
const ActivityHistory = part('ActivityHistory');
const ConsumerTickets = part('ConsumerTickets');
const ConsumerOrders = part('ConsumerOrders');
const ConsumerChats = part('ConsumerChats');
const PersonalDataAccessTab = lazy(async () => ({ default: (await import('./PersonalDataAccessTab.tsx')).PersonalDataAccessTab }));

/**
 * The history tab a screen opens on: the spec's `coupon-history/{id}/detail` and `info-address/{id}/detail` are the
 * owner's detail opened at that tab. A claimed coupon named in the URL (`?coupon=`) opens the coupon tab too.
 */
export const OpenHistoryTab = createContext<'addresses' | 'coupons' | undefined>(undefined);

function useOpenTab(): string | undefined {
  const tab = useContext(OpenHistoryTab);
  const [coupon] = useSearchParam('coupon');
  return tab ?? (coupon ? 'coupons' : undefined);
}

/**
 * The one-customer view's histories: addresses, tags, stamps (with the in/out filter), coupons, POS sales, activity, and
 * the consumer's tickets, orders and chat for those who hold the Help Center, Order Management and Chat Live entries.
 */
export function ConsumerTabs({ row }: { row: ConsumerDetail }) {
  const { t } = useTranslation();
  const access = useResourceAccess({ entries: CONSUMER_ENTRIES });
  const perms = useSession()?.access.perms;
  const owner = { id: row.id, api: consumersApi, cacheKey: resourceKeys('consumer').detail(row.id) };
  const editPath = perms && can(perms, access.entry, 'edit') ? (addressId: number) => `${access.paths.list}/${row.id}/address/${addressId}/edit` : undefined;
  const exportQuery = perms && can(perms, access.entry, 'export') ? { consumer_id: row.id } : undefined;
  const openTab = useOpenTab();
  const tab = (key: string, label: string, children: ReactNode) => ({ key, label: t(`consumers.tabs.${key}`, label), children: <Suspense fallback={<Skeleton active />}>{children}</Suspense> });
  return (
    <Tabs
      data-testid="consumer-tabs"
      defaultActiveKey={openTab}
      items={[
        tab('addresses', 'Addresses', <AddressHistory owner={owner} editPath={editPath} />),
        tab('tags', 'Tags', row.tags.length ? <Flex gap={8} wrap>{row.tags.map((tag) => <TagChip key={tag.id} row={tag} />)}</Flex> : <Empty description={t('consumers.history.noTags', 'No tags')} />),
        tab('stamps', 'Stamp History', <StampHistory owner={owner} exportQuery={exportQuery} />),
        tab('coupons', 'Coupon History', <CouponHistory owner={owner} exportQuery={exportQuery} />),
        tab('pos', 'POS Sales', <PosSaleHistory owner={owner} />),
        tab('activity', 'Activity Log', <ActivityHistory owner={owner} />),
        ...(perms && can(perms, 'cms.help-center', 'view')
          ? [tab('tickets', 'Tickets', <ConsumerTickets owner={owner} consumerId={row.id} detailPath={resourcePaths('cms.help-center').detail} />)]
          : []),
        ...(perms && can(perms, 'cms.order-management', 'view')
          ? [tab('orders', 'Orders', <ConsumerOrders owner={owner} consumerId={row.id} detailPath={resourcePaths('cms.order-management').detail} />)]
          : []),
        ...(perms && can(perms, 'cms.chatlive', 'view') ? [tab('chats', 'Chats', <ConsumerChats owner={owner} consumerId={row.id} detailPath={resourcePaths('cms.chatlive').detail} />)] : []),
        // The Super Admin's alone (the entry can be granted to no role).
        ...(perms && can(perms, PERSONAL_DATA_ACCESS_ENTRIES[0], 'view') ? [tab('personalDataAccess', 'Personal data access', <PersonalDataAccessTab owner={owner} />)] : []),
      ]}
    />
  );
}

/** A member's address info and coupon history (its consumer's, under the member's own permission). */
export function MemberTabs({ row }: { row: { id: number } }) {
  const { t } = useTranslation();
  const access = useResourceAccess({ entries: ['cms.member-management'] });
  const perms = useSession()?.access.perms;
  const owner = { id: row.id, api: membersApi, cacheKey: resourceKeys('member').detail(row.id) };
  // The spec's `info-address/{id}/edit`: the member's address form, the address named in the query.
  const editPath = perms && can(perms, access.entry, 'edit') ? (addressId: number) => `${access.paths.list}/info-address/${row.id}/edit?address=${addressId}` : undefined;
  const openTab = useOpenTab();
  return (
    <Tabs
      data-testid="member-tabs"
      defaultActiveKey={openTab}
      items={[
        { key: 'addresses', label: t('consumers.tabs.addresses', 'Addresses'), children: <Suspense fallback={<Skeleton active />}><AddressHistory owner={owner} editPath={editPath} /></Suspense> },
        { key: 'coupons', label: t('consumers.tabs.coupons', 'Coupon History'), children: <Suspense fallback={<Skeleton active />}><CouponHistory owner={owner} /></Suspense> },
      ]}
    />
  );
}
