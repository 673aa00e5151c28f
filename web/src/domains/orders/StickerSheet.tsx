import { Button, Flex, Spin, Typography } from 'antd';
import { ArrowLeftOutlined, PrinterOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useLocation } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { preOrdersApi, stickerQuery, type ListMeta, type StickerRow } from '@portal/contract';
import { callEndpoint } from '../../lib/call.ts';
import { formatCount } from '../../lib/format.ts';
import { errorMessage } from '../../lib/notifier.tsx';
import { resourceKeys } from '../../lib/query-keys.ts';
import { useGo } from '../../ui/nav.ts';
import { printCss } from '../../ui/print.ts';
import { useReportFilters } from '../../ui/ReportTotals.tsx';
import { Result } from '../../ui/Result.tsx';
import { resourcePaths } from '../../ui/resource-paths.ts';
import { useResourceAccess } from '../../ui/use-resource-access.ts';
import { PreOrderSticker } from './PreOrderSticker.tsx';
import { stickerView } from './pre-order-report.view.ts';

// An A4 sheet of stickers, two across, each kept whole on its page; on screen the same sheet on white.
const SHEET_CSS = `.sticker-sheet { display: grid; grid-template-columns: repeat(2, minmax(0, 1fr)); gap: 4mm; background: #fff; padding: 16px; max-width: 210mm; }
.pre-order-sticker { border: 1px dashed #8c8c8c; border-radius: 4px; padding: 10px 12px; min-height: 64mm; break-inside: avoid; page-break-inside: avoid; font-size: 12px; color: #000; background: #fff; }
.pre-order-sticker .sticker-event { font-size: 11px; color: #595959; text-transform: uppercase; letter-spacing: 0.04em; }
.pre-order-sticker .sticker-number { font-size: 15px; font-weight: 700; font-family: ui-monospace, Menlo, Consolas, monospace; word-break: break-all; }
.pre-order-sticker dl { margin: 6px 0 0; }
.pre-order-sticker dt { font-size: 10px; color: #595959; margin-top: 3px; }
.pre-order-sticker dd { margin: 0; }
.pre-order-sticker .sticker-day { font-size: 14px; font-weight: 600; }
.pre-order-sticker .sticker-items { width: 100%; border-collapse: collapse; margin-top: 8px; }
.pre-order-sticker .sticker-items th, .pre-order-sticker .sticker-items td { border-top: 1px solid #d9d9d9; padding: 2px 4px; text-align: left; vertical-align: top; }
.pre-order-sticker .sticker-items th { font-size: 10px; color: #595959; font-weight: 600; }
.pre-order-sticker .sticker-units { text-align: right; font-size: 11px; margin-top: 4px; }
${printCss({ size: 'A4', margin: '8mm' })}
@media print { .sticker-sheet { padding: 0; max-width: none; } }`;

/**
 * The print view of the sticker report: the stickers of the page the report shows (its filters, page and page size
 * from the URL) as an A4 sheet to print and cut.
 */
export function StickerSheet() {
  const { t } = useTranslation();
  const { link } = useGo();
  const access = useResourceAccess(stickerView);
  const searchStr = useLocation({ select: (l) => l.searchStr });
  const query = useReportFilters(stickerQuery);
  const stickers = useQuery({
    queryKey: resourceKeys(stickerView.name).list({ ...query, via: 'print' }),
    queryFn: async () => (await callEndpoint<{ data: StickerRow[]; meta: ListMeta }>(preOrdersApi.stickers.list, { query })).data,
    placeholderData: keepPreviousData,
    enabled: access.can('view'),
  });
  if (!access.can('view')) return <Result status="403" title="403" subTitle={t('ui.forbidden', 'You do not have permission to open this page.')} data-testid="forbidden" />;
  const back = `${resourcePaths(access.entry).list}${searchStr}`;
  const page = stickers.data;
  const first = page ? (page.meta.page - 1) * page.meta.limit + 1 : 0;
  return (
    <div data-testid="sticker-print">
      <style>{SHEET_CSS}</style>
      <Flex justify="space-between" align="center" wrap gap={12} data-no-print style={{ marginBottom: 16 }}>
        <div>
          <Typography.Title level={1} style={{ margin: 0, fontSize: 22 }}>
            {t('orders.reports.preOrderSticker.printTitle', 'Pre-order stickers')}
          </Typography.Title>
          {page && page.data.length > 0 && (
            <Typography.Text type="secondary" data-testid="sticker-print-range">
              {t('orders.reports.preOrderSticker.printRange', 'Stickers {{from}}–{{to}} of {{total}}: change the page or page size on the report to print others', {
                from: formatCount(first),
                to: formatCount(first + page.data.length - 1),
                total: formatCount(page.meta.total),
              })}
            </Typography.Text>
          )}
        </div>
        <Flex gap={8}>
          <Button icon={<ArrowLeftOutlined />} {...link(back)} data-testid="sticker-print-back">
            {t('orders.reports.preOrderSticker.backToReport', 'Back to the report')}
          </Button>
          <Button type="primary" icon={<PrinterOutlined />} disabled={!page?.data.length} onClick={() => window.print()} data-testid="sticker-print-button">
            {t('orders.reports.preOrderSticker.print', 'Print')}
          </Button>
        </Flex>
      </Flex>
      {stickers.isPending && <Spin data-testid="detail-loading" style={{ display: 'block', margin: 48 }} />}
      {stickers.isError && <Result status="warning" title={errorMessage(stickers.error)} data-testid="sticker-print-error" />}
      {page && page.data.length === 0 && (
        <Result status="info" title={t('orders.reports.preOrderSticker.none', 'No pre-orders match these filters: there is nothing to print.')} data-testid="sticker-print-empty" />
      )}
      {page && page.data.length > 0 && (
        <div className="sticker-sheet">
          {page.data.map((row) => (
            <PreOrderSticker key={row.id} row={row} />
          ))}
        </div>
      )}
    </div>
  );
}
