import { useState, type ReactNode } from 'react';
import { Alert, Button, Descriptions, Empty, Flex, Modal, Segmented, Skeleton, Table } from 'antd';
import { EditOutlined, EyeOutlined, GiftOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  associatesApi,
  can,
  chatsApi,
  consumersApi,
  COUPON_CLAIM_STATUS,
  type membersApi,
  STAMP_DIRECTION,
  STAMP_MOVEMENT,
  type AssociateHistoryRow,
  type AssociateRow,
  type ChatRow,
  CHAT_STATUS,
  TICKET_STATUS,
  type TicketRow,
  type ConsumerActivityRow,
  type ConsumerAddressRow,
  type ConsumerCouponDetail,
  type ConsumerCouponRow,
  type PosSaleRow,
  type OrderRow,
  ORDER_STATUS,
  orderStaffApi,
  type StampLedgerRow,
  ticketsApi, consumerExportsApi } from '@portal/contract';
import { errorMessage } from '../../lib/notifier.tsx';
import type { Paged, Query } from '../../lib/api.ts';
import { call } from '../../lib/call.ts';
import { resourceKeys } from '../../lib/query-keys.ts';
import { DisplayValue } from '../../ui/DisplayValue.tsx';
import { ExportButton } from '../../ui/ExportButton.tsx';
import { useGo } from '../../ui/nav.ts';
import { resourcePaths } from '../../ui/resource-paths.ts';
import { useSession } from '../../lib/session.ts';
import { useSearchParam } from '../../ui/search-param.ts';
import type { DisplayDef } from '../../ui/resource.ts';

/*
 * The histories of one consumer, shown by the consumer's detail and (addresses, coupons) by its member's: each a paged
 * table with its own page state, several on one screen. `owner` is the record they hang under: its id, its endpoints
 * (a consumer's or a member's) and `cacheKey`, the query key of that record, so its mutations refresh them.
 */
export interface HistoryOwner {
  id: number;
  api: typeof consumersApi | typeof membersApi;
  cacheKey: readonly unknown[];
}
/** A consumer's own record, whose histories (stamps, sales, activity) a membership does not show. */
export type ConsumerOwner = HistoryOwner & { api: typeof consumersApi };

const PAGE_SIZE = 10;

type Column<T> = DisplayDef<T> & { width?: number };

export function HistoryTable<T extends { id: number }>({
  owner,
  name,
  load,
  columns,
  query,
  testId,
  action,
}: {
  owner: Pick<HistoryOwner, 'cacheKey'>;
  /** The list's name under the owner's query key. */
  name: string;
  /** Reads a page of the list with this query (the page, and `query`). */
  load: (query: Query) => Promise<{ data: Paged<T> }>;
  columns: readonly Column<T>[];
  query?: Query;
  testId: string;
  action?: (row: T) => ReactNode;
}) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const params = { page, limit: PAGE_SIZE, ...query };
  const list = useQuery({
    queryKey: [...owner.cacheKey, name, params],
    queryFn: async () => (await load(params)).data,
    placeholderData: keepPreviousData,
  });
  const cols: { key: string; title: string; width?: number | undefined; render: (_: unknown, row: T) => ReactNode }[] = columns.map((c) => ({
    key: c.key,
    title: t(`consumers.history.fields.${c.key}`, c.label),
    width: c.width,
    render: (_: unknown, row: T) => <DisplayValue def={c} row={row} />,
  }));
  if (action) cols.push({ key: '__action', title: '', width: 110, render: (_: unknown, row: T) => action(row) });
  return (
    <Table<T>
      data-testid={testId}
      rowKey="id"
      size="small"
      loading={list.isFetching}
      columns={cols}
      dataSource={list.data?.data ?? []}
      locale={{ emptyText: <Empty description={t('consumers.history.empty', 'Nothing yet')} /> }}
      pagination={{ current: page, pageSize: PAGE_SIZE, total: list.data?.meta.total ?? 0, showSizeChanger: false, onChange: setPage }}
      scroll={{ x: 'max-content' }}
    />
  );
}

const chain = ({ row }: { row: ConsumerAddressRow }) => <>{[row.village_name, row.district_name, row.regency_name, row.province_name].filter(Boolean).join(', ')}</>;
const ADDRESS_COLUMNS: readonly Column<ConsumerAddressRow>[] = [
  { key: 'label', label: 'Label', width: 110 },
  { key: 'is_primary', label: 'Primary', kind: 'boolean', width: 80 },
  { key: 'recipient_name', label: 'Recipient' },
  { key: 'recipient_phone', label: 'Phone' },
  { key: 'address_line', label: 'Address' },
  { key: 'chain', label: 'Village, District, Regency, Province', kind: 'custom', component: chain },
  { key: 'postal_code', label: 'Postal Code', width: 100 },
];
const STAMP_COLUMNS: readonly Column<StampLedgerRow>[] = [
  { key: 'at', label: 'Time', kind: 'date' },
  { key: 'direction', label: 'In / Out', kind: 'status', enum: STAMP_DIRECTION },
  { key: 'code', label: 'Movement', kind: 'status', enum: STAMP_MOVEMENT },
  { key: 'quantity', label: 'Stamps', kind: 'number' },
  { key: 'balance_after', label: 'Balance', kind: 'number' },
  { key: 'programme_name', label: 'Programme' },
  { key: 'store_name', label: 'Store' },
  { key: 'reference', label: 'Reference' },
  { key: 'note', label: 'Note' },
];
const COUPON_COLUMNS: readonly Column<ConsumerCouponRow>[] = [
  { key: 'claimed_at', label: 'Claimed At', kind: 'date' },
  { key: 'coupon_code', label: 'Coupon Code' },
  { key: 'name', label: 'Coupon' },
  { key: 'reward_name', label: 'Reward' },
  { key: 'status', label: 'Status', kind: 'status', enum: COUPON_CLAIM_STATUS },
  { key: 'redeemed_at', label: 'Redeemed At', kind: 'date' },
  { key: 'expires_at', label: 'Expires At', kind: 'date' },
  { key: 'store_name', label: 'Store' },
];
const COUPON_DETAIL: readonly Column<ConsumerCouponDetail>[] = [
  ...(COUPON_COLUMNS as readonly Column<ConsumerCouponDetail>[]),
  { key: 'store_code', label: 'Store Code' },
  { key: 'pos_receipt_no', label: 'POS Receipt' },
  { key: 'stamps_used', label: 'Stamps Used', kind: 'number' },
  { key: 'description', label: 'Description' },
];
const SALE_COLUMNS: readonly Column<PosSaleRow>[] = [
  { key: 'at', label: 'Time', kind: 'date' },
  { key: 'receipt_no', label: 'Receipt' },
  { key: 'store_name', label: 'Store' },
  { key: 'total', label: 'Total', kind: 'rupiah' },
  { key: 'item_count', label: 'Items', kind: 'number' },
  { key: 'stamps_earned', label: 'Stamps Earned', kind: 'number' },
];
const ACTIVITY_COLUMNS: readonly Column<ConsumerActivityRow>[] = [
  { key: 'at', label: 'Time', kind: 'date' },
  { key: 'activity', label: 'Activity', kind: 'tag' },
  { key: 'description', label: 'Description' },
  { key: 'platform', label: 'Platform' },
  { key: 'actor_name', label: 'By Staff' },
];

/** The addresses; `editPath` (given to those who may edit) opens one in the address form. */
export function AddressHistory({ owner, editPath }: { owner: HistoryOwner; editPath?: (addressId: number) => string }) {
  const { t } = useTranslation();
  const { link } = useGo();
  return (
    <HistoryTable<ConsumerAddressRow>
      owner={owner}
      name="addresses"
      load={(query) => call(owner.api.addresses, { id: owner.id, query })}
      columns={ADDRESS_COLUMNS}
      testId="consumer-addresses"
      action={
        editPath
          ? (a) => (
              <Button size="small" icon={<EditOutlined />} {...link(editPath(a.id))} data-testid="consumer-address-edit">
                {t('ui.edit', 'Edit')}
              </Button>
            )
          : undefined
      }
    />
  );
}

/** Claimed coupons; each opens its detail in a dialog, named in the URL (`?coupon=12`) so the link opens it too. */
export function CouponHistory({ owner, exportQuery }: { owner: HistoryOwner; exportQuery?: Query }) {
  const { t } = useTranslation();
  const { link } = useGo();
  const perms = useSession()?.access.perms;
  // A coupon a stamp reward's redemption issued has its own detail (cms Digital stamp, coupon).
  const canOpenStampCoupon = perms !== undefined && can(perms, 'cms.coupon', 'view');
  const [couponParam, setCouponParam] = useSearchParam('coupon');
  const parsed = Number(couponParam);
  const couponId = Number.isSafeInteger(parsed) && parsed > 0 ? parsed : null;
  const setCouponId = (id: number | null) => setCouponParam(id === null ? undefined : String(id));
  const coupon = useQuery({
    queryKey: [...owner.cacheKey, 'coupon', couponId],
    queryFn: async () => (await call(owner.api.coupon, { id: owner.id, couponId: couponId ?? 0 })).data,
    enabled: couponId !== null,
  });
  return (
    <Flex vertical gap={12}>
      {exportQuery && (
        <Flex justify="end">
          <ExportButton endpoint={consumerExportsApi.coupons} query={exportQuery} />
        </Flex>
      )}
      <HistoryTable<ConsumerCouponRow>
        owner={owner}
        name="coupons"
        load={(query) => call(owner.api.coupons, { id: owner.id, query })}
        columns={COUPON_COLUMNS}
        testId="consumer-coupons"
        action={(c) => (
          <Button size="small" icon={<EyeOutlined />} onClick={() => setCouponId(c.id)} data-testid="consumer-coupon-open">
            {t('ui.detail', 'Detail')}
          </Button>
        )}
      />
      <Modal open={couponId !== null} onCancel={() => setCouponId(null)} footer={null} title={t('consumers.history.couponDetail', 'Coupon detail')} width={720} destroyOnHidden>
        {coupon.isPending && <Skeleton active />}
        {coupon.isError && <Alert type="error" showIcon title={errorMessage(coupon.error, t('ui.notFound', 'Record not found'))} data-testid="consumer-coupon-error" />}
        {coupon.data && (
          <Flex vertical gap={12}>
            <Descriptions
            bordered
            size="small"
            column={1}
            data-testid="consumer-coupon-detail"
              items={COUPON_DETAIL.map((c) => ({ key: c.key, label: t(`consumers.history.fields.${c.key}`, c.label), children: <DisplayValue def={c} row={coupon.data} /> }))}
            />
            {coupon.data.reward_id !== null && canOpenStampCoupon && (
              <Flex justify="end">
                <Button icon={<GiftOutlined />} {...link(resourcePaths('cms.coupon').detail(coupon.data.id))} data-testid="consumer-coupon-stamp-coupon">
                  {t('consumers.history.stampCoupon', 'Stamp Coupon Detail')}
                </Button>
              </Flex>
            )}
          </Flex>
        )}
      </Modal>
    </Flex>
  );
}

/** The stamp ledger with the section 3 filter: all, Stamp In (10, 30) or Stamp Out (20, 21, 31); its export keeps the filter. */
export function StampHistory({ owner, exportQuery }: { owner: ConsumerOwner; exportQuery?: Query }) {
  const { t } = useTranslation();
  const [direction, setDirection] = useState<'all' | 'in' | 'out'>('all');
  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" gap={12} wrap>
        <Segmented
          data-testid="consumer-stamp-filter"
          value={direction}
          onChange={(v) => setDirection(v as 'all' | 'in' | 'out')}
          options={[
            { value: 'all', label: t('consumers.history.stampAll', 'All') },
            { value: 'in', label: t('consumers.history.stampIn', 'Stamp In (10, 30)') },
            { value: 'out', label: t('consumers.history.stampOut', 'Stamp Out (20, 21, 31)') },
          ]}
        />
        {exportQuery && <ExportButton endpoint={consumerExportsApi.stamps} query={direction === 'all' ? exportQuery : { ...exportQuery, direction }} />}
      </Flex>
      <HistoryTable<StampLedgerRow>
        key={direction}
        owner={owner}
        name="stamps"
        load={(query) => call(owner.api.stamps, { id: owner.id, query })}
        columns={STAMP_COLUMNS}
        query={direction === 'all' ? {} : { direction }}
        testId="consumer-stamps"
      />
    </Flex>
  );
}

export const PosSaleHistory = ({ owner }: { owner: ConsumerOwner }) => (
  <HistoryTable<PosSaleRow> owner={owner} name="pos-sales" load={(query) => call(owner.api.posSales, { id: owner.id, query })} columns={SALE_COLUMNS} testId="consumer-pos-sales" />
);
export const ActivityHistory = ({ owner }: { owner: ConsumerOwner }) => (
  <HistoryTable<ConsumerActivityRow> owner={owner} name="activity" load={(query) => call(owner.api.activity, { id: owner.id, query })} columns={ACTIVITY_COLUMNS} testId="consumer-activity" />
);

const ASSOCIATE_HISTORY_COLUMNS: readonly Column<AssociateHistoryRow>[] = [
  { key: 'at', label: 'Time', kind: 'date' },
  { key: 'receipt_no', label: 'Receipt' },
  { key: 'store_name', label: 'Store' },
  { key: 'amount', label: 'Purchase', kind: 'rupiah' },
  { key: 'discount', label: 'Staff Discount', kind: 'rupiah' },
];

/** An associate's staff purchases, read by its `associateId`. */
export function AssociateHistory({ row }: { row: AssociateRow }) {
  return (
    <HistoryTable<AssociateHistoryRow>
      owner={{ cacheKey: resourceKeys('associate').detail(row.id) }}
      name="history"
      load={(query) => call(associatesApi.history, { query })}
      query={{ associateId: row.associate_id }}
      columns={ASSOCIATE_HISTORY_COLUMNS}
      testId="associate-history"
    />
  );
}

const TICKET_COLUMNS: readonly Column<TicketRow>[] = [
  { key: 'id', label: 'Ticket', width: 80 },
  { key: 'subject', label: 'Subject' },
  { key: 'status', label: 'Status', kind: 'status', enum: TICKET_STATUS },
  { key: 'category_name', label: 'Category' },
  { key: 'assignee_name', label: 'Assignee' },
  { key: 'created_at', label: 'Created At', kind: 'date' },
  { key: 'last_message_at', label: 'Last Message', kind: 'date' },
];
const CHAT_COLUMNS: readonly Column<ChatRow>[] = [
  { key: 'status', label: 'Status', kind: 'status', enum: CHAT_STATUS },
  { key: 'last_message', label: 'Last Message' },
  { key: 'last_message_at', label: 'Last Message At', kind: 'date' },
  { key: 'created_at', label: 'Started At', kind: 'date' },
];

/**
 * The consumer's records of another screen (tickets, chats, orders), each row opening its own screen: one list read
 * with the consumer as its filter.
 */
function ConsumerRecords<T extends { id: number }>(props: {
  owner: HistoryOwner;
  name: string;
  load: (query: Query) => Promise<{ data: Paged<T> }>;
  query: Query;
  columns: readonly Column<T>[];
  detailPath: (id: number) => string;
  open: string;
  testId: string;
  openTestId: string;
}) {
  const { link } = useGo();
  return (
    <HistoryTable<T>
      owner={props.owner}
      name={props.name}
      load={props.load}
      query={props.query}
      columns={props.columns}
      testId={props.testId}
      action={(row) => (
        <Button size="small" icon={<EyeOutlined />} {...link(props.detailPath(row.id))} data-testid={props.openTestId}>
          {props.open}
        </Button>
      )}
    />
  );
}

type LinkedProps = { owner: HistoryOwner; consumerId: number; detailPath: (id: number) => string };

/** The consumer's help-center tickets, newest first, each opening the ticket. */
export function ConsumerTickets({ owner, consumerId, detailPath }: LinkedProps) {
  const { t } = useTranslation();
  return (
    <ConsumerRecords<TicketRow>
      owner={owner}
      name="tickets"
      load={(query) => call(ticketsApi.list, { query })}
      query={{ consumer_id: consumerId, sort_by: 'created_at', sort_dir: 'desc' }}
      columns={TICKET_COLUMNS}
      detailPath={detailPath}
      open={t('ui.detail', 'Detail')}
      testId="consumer-tickets"
      openTestId="consumer-ticket-open"
    />
  );
}

/** The consumer's live chat (one conversation per consumer), opening the chat screen. */
export function ConsumerChats({ owner, consumerId, detailPath }: LinkedProps) {
  const { t } = useTranslation();
  return (
    <ConsumerRecords<ChatRow>
      owner={owner}
      name="chats"
      load={(query) => call(chatsApi.list, { query })}
      query={{ consumer_id: consumerId }}
      columns={CHAT_COLUMNS}
      detailPath={detailPath}
      open={t('ui.open', 'Open')}
      testId="consumer-chats"
      openTestId="consumer-chat-open"
    />
  );
}

const ORDER_COLUMNS: readonly Column<OrderRow>[] = [
  { key: 'order_no', label: 'Order No' },
  { key: 'created_at', label: 'Order Date', kind: 'date' },
  { key: 'status', label: 'Status', kind: 'status', enum: ORDER_STATUS },
  { key: 'store_name', label: 'Store' },
  { key: 'total', label: 'Total', kind: 'rupiah' },
];

/** The consumer's online orders, newest first, each opening the order in Order Management. */
export function ConsumerOrders({ owner, consumerId, detailPath }: LinkedProps) {
  const { t } = useTranslation();
  return (
    <ConsumerRecords<OrderRow>
      owner={owner}
      name="orders"
      load={(query) => call(orderStaffApi.list, { query })}
      query={{ consumer_id: consumerId }}
      columns={ORDER_COLUMNS}
      detailPath={detailPath}
      open={t('ui.detail', 'Detail')}
      testId="consumer-orders"
      openTestId="consumer-order-open"
    />
  );
}
