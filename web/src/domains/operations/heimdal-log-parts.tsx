import { type ReactNode } from 'react';
import { Button, Card, Descriptions, Empty, Flex, Space, Spin, Table } from 'antd';
import { UnorderedListOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  CHANNEL,
  formatDate,
  jakartaDayStart,
  VOUCHER_STATUS,
  VOUCHER_USED_LOG_ENTRIES,
  voucherUsedLogsApi,
  type VoucherUsedLogDetail,
  type VoucherUsedReceipt,
} from '@portal/contract';
import { ApiError } from '../../lib/api.ts';
import { call } from '../../lib/call.ts';
import { formatRupiah, useFormat } from '../../lib/format.ts';
import { errorMessage } from '../../lib/notifier.tsx';
import { resourceKeys } from '../../lib/query-keys.ts';
import { DisplayValue } from '../../ui/DisplayValue.tsx';
import { useGo } from '../../ui/nav.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import type { DetailSection, DisplayDef, ResourceView } from '../../ui/resource.ts';
import { useIdParam } from '../../ui/ResourceScreens.tsx';
import { Result } from '../../ui/Result.tsx';
import { StatusTag } from '../../ui/StatusTag.tsx';
import { useEntryTitle, useResourceAccess } from '../../ui/use-resource-access.ts';
import { redemptionPath, type RedemptionPage } from './HeimdalLogLinks.tsx';
import { REDEMPTION_ITEMS, voucherUsedLogView } from './voucher-used-log.view.ts';


/** The page a user may not open. */
export function Forbidden() {
  const { t } = useTranslation();
  return <Result status="403" title="403" subTitle={t('ui.forbidden', 'You do not have permission to open this page.')} data-testid="forbidden" />;
}

/** The entry's title and a spinner while a page's record loads; the record's failure, with the way back to the log. */
export function Loading({ entry }: { entry: string }) {
  return (
    <>
      <PageHeader title={useEntryTitle(entry)} />
      <Spin data-testid="detail-loading" style={{ display: 'block', margin: 48 }} />
    </>
  );
}
export function Failed({ error, list }: { error: unknown; list: string }) {
  const { t } = useTranslation();
  const { link } = useGo();
  const notFound = error instanceof ApiError && error.status === 404;
  return (
    <Result
      status={notFound ? '404' : 'warning'}
      title={notFound ? t('ui.notFound', 'Record not found') : errorMessage(error)}
      extra={<Button {...link(list)}>{t('ui.backToList', 'Back to list')}</Button>}
    />
  );
}

/** Label/value pairs of a record, labelled by the log's own texts. */
export function Pairs<Row extends object>({ i18n, items, row, testId }: { i18n: string; items: readonly DisplayDef<Row>[]; row: Row; testId: string }) {
  const { t } = useTranslation();
  return (
    <Descriptions
      bordered
      size="small"
      column={{ xs: 1, sm: 1, md: 2 }}
      data-testid={testId}
      items={items.map((item) => ({
        key: item.key,
        label: t(`${i18n}.fields.${item.key}`, item.label),
        children: (
          <span data-testid={`${testId}-${item.key}`}>
            <DisplayValue def={item} row={row} />
          </span>
        ),
      }))}
    />
  );
}

/** The cards of a page that shows no other domain's record: its own heading and sections. */
export function OwnPage({ title, sections, testId }: { title: string; sections: { key: string; title: string; body: ReactNode }[]; testId: string }) {
  return (
    <div data-testid={testId}>
      <PageHeader title={title} />
      <Flex vertical gap={16}>
        {sections.map((s) => (
          <Card key={s.key} title={s.title} size="small" data-testid={`detail-section-${s.key}`}>
            {s.body}
          </Card>
        ))}
      </Flex>
    </div>
  );
}

/** A view of another domain (the consumer, the voucher order) with the log's own sections put in front of its own. */
export function withSections<Row extends { id: number | string }, Detail extends Row>(view: ResourceView<Row, Detail>, first: DetailSection<Detail>[], after: DetailSection<Detail>[] = []): ResourceView<Row, Detail> {
  const [lead, ...rest] = view.detail;
  return { ...view, detail: [...first, ...(lead ? [lead] : []), ...after, ...rest] };
}

// ---- Consumer Login Log: {id}/consumer ----

/** A menu entry's route (its list). */
export function useEntryRoute(entry: string): string {
  return useResourceAccess({ entries: [entry] }).paths.list;
}

/** One redemption, as the three pages read it. */
export function useRedemption(id: string, enabled: boolean) {
  return useQuery({
    queryKey: resourceKeys('voucher-used-log').detail(id),
    queryFn: async () => (await call(voucherUsedLogsApi.get, { id })).data,
    enabled,
  });
}

/** The redemption's summary, and the way to its other two pages and back to the log. */
export function RedemptionSummary({ row, page }: { row: VoucherUsedLogDetail; page: RedemptionPage }) {
  const { t } = useTranslation();
  const { link } = useGo();
  const logRoute = useEntryRoute(VOUCHER_USED_LOG_ENTRIES[0]);
  const pages: { page: RedemptionPage; label: string }[] = [
    { page: 'detail-consumer', label: t('heimdal.voucherUsed.pages.consumer', 'Consumer') },
    { page: 'detail-order', label: t('heimdal.voucherUsed.pages.order', 'Order and receipt') },
    { page: 'detail-voucher', label: t('heimdal.voucherUsed.pages.voucher', 'Voucher') },
  ];
  return (
    <Flex vertical gap={12}>
      <Pairs i18n="heimdal.voucherUsed" items={REDEMPTION_ITEMS} row={row} testId="redemption" />
      <Space wrap>
        {pages.map((p) => (
          <Button key={p.page} type={p.page === page ? 'primary' : 'default'} aria-current={p.page === page ? 'page' : undefined} {...link(redemptionPath(row.id, p.page))} data-testid={`redemption-${p.page}`}>
            {p.label}
          </Button>
        ))}
        <Button icon={<UnorderedListOutlined />} {...link(logRoute)} data-testid="redemption-back">
          {t('heimdal.voucherUsed.backToLog', 'Voucher Used Log')}
        </Button>
      </Space>
    </Flex>
  );
}

/** The till receipt the voucher paid, line by line; or why there is none yet. */
export function ReceiptSection({ receipt }: { receipt: VoucherUsedReceipt | null }) {
  const { t } = useTranslation();
  const f = useFormat();
  if (!receipt) return <Empty description={t('heimdal.voucherUsed.noReceipt', 'The store’s POS has not sent this receipt yet.')} data-testid="receipt-none" />;
  const label = (key: string, text: string) => t(`heimdal.voucherUsed.receipt.${key}`, text);
  return (
    <Flex vertical gap={12} data-testid="receipt">
      <Descriptions
        bordered
        size="small"
        column={{ xs: 1, sm: 1, md: 2 }}
        items={[
          { key: 'transaction_id', label: label('transaction_id', 'POS Transaction'), children: receipt.transaction_id },
          { key: 'at', label: label('at', 'Time'), children: f.dateTime(receipt.at) },
          { key: 'store', label: label('store', 'Store'), children: `${receipt.store_code} · ${receipt.store_name}` },
          { key: 'channel', label: label('channel', 'Channel'), children: <StatusTag table={CHANNEL} value={receipt.channel} /> },
          { key: 'total', label: label('total', 'Receipt Total'), children: formatRupiah(receipt.total) },
          { key: 'quantity', label: label('quantity', 'Items'), children: receipt.quantity },
          { key: 'card', label: label('card_scanned', 'Member Card Scanned'), children: receipt.card_scanned ? t('ui.yes', 'Yes') : t('ui.no', 'No') },
        ]}
      />
      <Table
        size="small"
        rowKey="line_no"
        pagination={false}
        dataSource={receipt.lines}
        scroll={{ x: 'max-content' }}
        data-testid="receipt-lines"
        columns={[
          { key: 'plu', title: label('plu', 'PLU'), dataIndex: 'plu' },
          { key: 'product', title: label('product_name', 'Product'), render: (_, l) => l.product_name ?? '-' },
          { key: 'quantity', title: label('line_quantity', 'Qty'), dataIndex: 'quantity', align: 'right' },
          { key: 'price', title: label('price', 'Price'), render: (_, l) => formatRupiah(l.price), align: 'right' },
          { key: 'amount', title: label('amount', 'Amount'), render: (_, l) => formatRupiah(l.amount), align: 'right' },
        ]}
      />
    </Flex>
  );
}

/** The voucher itself: its code masked, product, worth, client, validity and use. */
export function VoucherSection({ row }: { row: VoucherUsedLogDetail }) {
  const { t } = useTranslation();
  const f = useFormat();
  const label = (key: string, text: string) => t(`heimdal.voucherUsed.fields.${key}`, text);
  return (
    <Descriptions
      bordered
      size="small"
      column={{ xs: 1, sm: 1, md: 2 }}
      data-testid="voucher"
      items={[
        { key: 'masked_code', label: label('masked_code', 'Voucher Barcode'), children: row.masked_code },
        { key: 'status', label: label('status', 'Status'), children: <StatusTag table={VOUCHER_STATUS} value="used" /> },
        { key: 'voucher', label: label('voucher', 'Voucher'), children: `${row.voucher_code} · ${row.voucher_name}` },
        { key: 'denomination', label: label('denomination', 'Amount'), children: formatRupiah(row.denomination) },
        { key: 'partner', label: label('partner', 'Partner'), children: `${row.partner_code} · ${row.partner_name}` },
        { key: 'order_number', label: label('order_number', 'Order Number'), children: row.order_number },
        { key: 'released_at', label: label('released_at', 'Released At'), children: f.dateTime(row.released_at) },
        { key: 'valid_until', label: label('valid_until', 'Valid Until'), children: formatDate(jakartaDayStart(row.valid_until), f.lang) },
        { key: 'used_at', label: label('used_at', 'Used At'), children: f.dateTime(row.used_at) },
        { key: 'store', label: label('store', 'Store'), children: `${row.store_code} · ${row.store_name}` },
        { key: 'pos_ref', label: label('pos_ref', 'POS Reference'), children: row.pos_ref ?? '-' },
        { key: 'pos_transaction_no', label: label('pos_transaction_no', 'POS Transaction'), children: row.pos_transaction_no ?? '-' },
      ]}
    />
  );
}

/** One of a redemption's three pages: its guard, its loading and failure, then `body`. */
export function RedemptionPageFrame({ page, body }: { page: RedemptionPage; body: (row: VoucherUsedLogDetail) => ReactNode }) {
  const id = useIdParam();
  const access = useResourceAccess(voucherUsedLogView);
  const redemption = useRedemption(id, access.can('view'));
  if (!access.can('view')) return <Forbidden />;
  if (redemption.isPending) return <Loading entry={access.entry} />;
  if (redemption.isError || !redemption.data) return <Failed error={redemption.error} list={access.paths.list} />;
  return <div data-testid={`redemption-page-${page}`}>{body(redemption.data)}</div>;
}

