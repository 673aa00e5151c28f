import { Suspense, useMemo, useState } from 'react';
import { Button, Flex, Spin, Typography } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { useRouter, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { can, previewTarget, type MenuEntry, type PreviewKind } from '@portal/contract';
import { useLang } from '../../lib/i18n.ts';
import { useSession } from '../../lib/session.ts';
import { printCss } from '../../ui/print.ts';
import { PrintModeContext, type PrintMode } from '../../ui/print-mode.ts';
import { Result } from '../../ui/Result.tsx';
import { DrillButton } from './analytics-links.tsx';
import { PreviewChooser } from './PreviewChooser.tsx';

/** The first rows of a report a sheet holds: one page of the largest size a list serves. */
const PRINTED_ROWS = 100;

/*
 * The sheet is landscape A4 on screen too, so the charts are drawn at the width they print at. What a screen offers to
 * click (its buttons, links to details, pagers, switches, the ways to other pages) is not on the sheet; printed, the
 * shell and the preview's own buttons stay off the paper too, a widget is not cut across two pages, and a scrolled
 * table is printed whole.
 */
const PREVIEW_CSS = `.print-sheet { background: #fff; max-width: 277mm; margin: 0 auto; padding: 24px; box-shadow: 0 1px 6px rgba(0, 0, 0, 0.15); }
.print-sheet .ant-card-extra, .print-sheet .ant-pagination, .print-sheet .ant-btn, .print-sheet .ant-radio-group, .print-sheet nav, .print-sheet [data-testid$="-details"] { display: none !important; }
.print-sheet [role="region"] { max-height: none !important; overflow: visible !important; }
${printCss({ size: 'A4 landscape', margin: '10mm' })}
@media print {
  .print-sheet { max-width: none; padding: 0; box-shadow: none; }
  .print-sheet .ant-card { break-inside: avoid; }
  .print-sheet header, .print-sheet .ant-table-thead { break-after: avoid; }
}`;

/** Back to the page printed, with the filters it was printed with, and the browser's print dialog. */
function Toolbar({ entry, path, search }: { entry: MenuEntry; path: string; search: Record<string, string | number | undefined> }) {
  const { t } = useTranslation();
  const lang = useLang();
  const name = lang === 'id' ? entry.labelId : entry.label;
  return (
    <Flex justify="space-between" align="center" wrap gap={8} style={{ maxWidth: '277mm', margin: '0 auto 16px' }} data-no-print>
      <DrillButton drill={{ to: path, search }} testId="preview-back" back>
        {t('printPreview.backTo', 'Back to {{name}}', { name })}
      </DrillButton>
      <Flex align="center" gap={12} wrap>
        <Typography.Text type="secondary">{t('printPreview.hint', 'Print, or save as a PDF from the browser’s print dialog. Landscape A4.')}</Typography.Text>
        <Button type="primary" icon={<PrinterOutlined aria-hidden />} onClick={() => window.print()} data-testid="preview-print">
          {t('printPreview.print', 'Print')}
        </Button>
      </Flex>
    </Flex>
  );
}

/**
 * A print preview: the page named by `path` (a dashboard's for `dashboard`, a report's for `report`), with the filters
 * beside it in the query, laid out for paper. The page's own screen draws it (its widgets, or its totals and first rows)
 * in print mode, reading its data through its own endpoints, so the server refuses the data as it would on the page;
 * a user whose role does not open the page is told so here first.
 */
export function PrintPreview({ kind }: { kind: PreviewKind }) {
  const { t } = useTranslation();
  const lang = useLang();
  const router = useRouter();
  const raw: Record<string, unknown> = useSearch({ strict: false });
  const perms = useSession()?.access.perms;
  const [mode] = useState<PrintMode>(() => ({ rows: PRINTED_ROWS, generatedAt: new Date() }));
  const target = previewTarget(kind, raw.path);
  const path = 'path' in target ? target.path : undefined;
  const Screen = useMemo(() => (path ? router.getMatchedRoutes(path)[2]?.options.component : undefined), [router, path]);
  if ('problem' in target || !Screen) return <PreviewChooser kind={kind} refused={'problem' in target && target.problem === 'missing' ? undefined : String(raw.path)} />;
  const name = lang === 'id' ? target.entry.labelId : target.entry.label;
  if (!perms || !can(perms, target.entry.key, 'view')) {
    return <Result status="403" title={t('printPreview.noAccess', 'No access')} subTitle={t('printPreview.noAccessText', 'Your role does not open {{name}}, so its print preview cannot be shown.', { name })} data-testid="forbidden" />;
  }
  const { path: _path, ...search } = raw;
  const filters = Object.fromEntries(Object.entries(search).flatMap(([k, v]) => (typeof v === 'string' || typeof v === 'number' ? [[k, v]] : [])));
  return (
    <div data-testid="print-preview" data-kind={kind}>
      <style>{PREVIEW_CSS}</style>
      <Toolbar entry={target.entry} path={target.path} search={filters} />
      <div className="print-sheet" data-testid="print-sheet">
        <PrintModeContext.Provider value={mode}>
          <Suspense fallback={<Spin aria-label={t('printPreview.loading', 'Loading the page to print…')} style={{ display: 'block', margin: 48 }} />}>
            <Screen />
          </Suspense>
        </PrintModeContext.Provider>
      </div>
    </div>
  );
}
