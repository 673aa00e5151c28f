import type { ReactNode } from 'react';
import { Button, Spin } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useLocation } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { preOrdersApi, type ListMeta, type PreOrderEventRow } from '@portal/contract';
import { callEndpoint } from '../../lib/call.ts';
import { registerDictionaries } from '../../lib/i18n.ts';
import { resourceKeys } from '../../lib/query-keys.ts';
import { useGo } from '../../ui/nav.ts';
import { useDefaultFilters } from '../../ui/ReportTotals.tsx';
import { ResourceCreatePage, ResourceDetailPage, ResourceEditPage, ResourceListPage, listScreen } from '../../ui/ResourceScreens.tsx';
import { useResourceAccess } from '../../ui/use-resource-access.ts';
import { catalogI18n } from '../catalog/catalog.i18n.ts';
import { ecommerceI18n } from '../catalog/ecommerce.i18n.ts';
import { EventReportSummaryCard } from './EventReportSummary.tsx';
import { ordersI18n } from './orders.i18n.ts';
import { preOrderEventView } from './pre-order-event.view.ts';
import { eventReportView, stickerView } from './pre-order-report.view.ts';
import { preOrdersI18n } from './pre-orders.i18n.ts';
import { StickerSheet } from './StickerSheet.tsx';

// The pre-order screens' texts (and those of the order statuses and the product and store pickers they show).
registerDictionaries(preOrdersI18n, ordersI18n, catalogI18n, ecommerceI18n);

/* cms Pre-order Events. */

export const PreOrderEventListScreen = listScreen(preOrderEventView);
export const PreOrderEventCreateScreen = () => <ResourceCreatePage view={preOrderEventView} />;
export const PreOrderEventDetailScreen = () => <ResourceDetailPage view={preOrderEventView} />;
export const PreOrderEventEditScreen = () => <ResourceEditPage view={preOrderEventView} />;

/* pandora, Reports: both open on the newest event (by its order window), written into the URL. */

/** The newest event's id, read with the open report's right; none when there is no event (or no right). */
function useNewestEvent() {
  return useQuery({
    queryKey: resourceKeys(preOrderEventView.name).list({ sort_by: 'order_start', sort_dir: 'desc', limit: 1, via: 'newest' }),
    queryFn: async () =>
      (await callEndpoint<{ data: PreOrderEventRow[]; meta: ListMeta }>(preOrdersApi.events.list, { query: { sort_by: 'order_start', sort_dir: 'desc', limit: 1 } })).data.data[0]?.id ?? null,
    staleTime: 60_000,
  });
}

function WithEvent({ id, children }: { id: number; children: ReactNode }) {
  const ready = useDefaultFilters(() => ({ event_id: id }));
  return ready ? <>{children}</> : null;
}

/** The report once its default event is in the URL (as it is when there is no event at all). */
function OnNewestEvent({ children }: { children: ReactNode }) {
  const newest = useNewestEvent();
  if (newest.isPending) return <Spin data-testid="list-loading" style={{ display: 'block', margin: 48 }} />;
  return newest.data ? <WithEvent id={newest.data}>{children}</WithEvent> : <>{children}</>;
}

/** The print view of the stickers the report shows now: its filters, page and page size. */
function PrintStickersButton() {
  const { t } = useTranslation();
  const { link } = useGo();
  const access = useResourceAccess(stickerView);
  const searchStr = useLocation({ select: (l) => l.searchStr });
  return (
    <Button icon={<PrinterOutlined />} {...link(`${access.paths.list}/print${searchStr}`)} data-testid="sticker-print-open">
      {t('orders.reports.preOrderSticker.printOpen', 'Print stickers')}
    </Button>
  );
}

export const StickerScreen = listScreen(stickerView, () => (
  <OnNewestEvent>
    <ResourceListPage view={stickerView} extra={<PrintStickersButton />} />
  </OnNewestEvent>
));
export const StickerPrintScreen = () => <StickerSheet />;

export const EventReportScreen = listScreen(eventReportView, () => (
  <OnNewestEvent>
    <ResourceListPage view={eventReportView} above={<EventReportSummaryCard />} />
  </OnNewestEvent>
));
