import { sql } from 'drizzle-orm';
import { ALP_TRANSACTION_TYPE, alpListQuery, exportFileName, freeGiftReportQuery, jakartaDay, promoReportQuery, PROMO_TYPE, TILL_REPORT_ENTRIES as E, tillReportsApi as api, type ExportFormat } from '@portal/contract';
import type { Clock } from '../../platform/clock.ts';
import { groupedKeys } from '../../platform/crud/index.ts';
import { defineExport, enumLabel, resourceExport, type ExportColumn, type ExportViewer } from '../../platform/exports/index.ts';
import type { ModuleExport } from '../../platform/module.ts';
import { maskPhoneSql, type PersonalDataAccessLog } from '../../platform/personal-data.ts';
import { decidePersonalData, stepUpForPersonalData } from '../../platform/personal-data-export.ts';
import { alpDef } from './alp-report.service.ts';
import { handoverConditions, HANDOVER_COLUMNS, HANDOVER_FROM } from './free-gift-report.service.ts';
import type { PromoReportService } from './promo-report.service.ts';
import { todayOf } from './till-report-sql.ts';

/*
 * The till reports' downloads (CSV, TXT, XLSX; past the pipeline's threshold through the Download List), each with its
 * screen's filters and the `export` right on its entry, under spec section 9's names: 'Export Report ALP.xlsx',
 * 'Export Promo Report - <date>.xlsx' (the Jakarta day of the download, as the other dated exports) and
 * `export_free_gift_<YYYYMMDD_HHmmss>` (the moment of the download, as the other prefixes; cms Free Gift Promotion's
 * list export, older, saves its file under the same prefix).
 */

const money = (key: string, label: string): ExportColumn => ({ key, label: `${label} (Rp)`, format: 'money' });
const number = (key: string, label: string): ExportColumn => ({ key, label, format: 'number' });
const STORE: readonly ExportColumn[] = [
  { key: 'store_code', label: 'Store Code' },
  { key: 'store_name', label: 'Store' },
];

const PROMO_COLUMNS: readonly ExportColumn[] = [
  { key: 'promo_code', label: 'Promo Code' },
  { key: 'promo_name', label: 'Promo' },
  { key: 'promo_type', label: 'Promo Type', format: enumLabel(PROMO_TYPE) },
];
const PROMO_FIGURES: readonly ExportColumn[] = [
  number('transactions', 'Transactions'),
  number('quantity', 'Quantity'),
  money('gross', 'Gross Sales'),
  money('discount', 'Discount'),
  money('net', 'Net Sales'),
];

export function tillReportExports(promo: PromoReportService, accessLog: PersonalDataAccessLog, clock: Clock): ModuleExport[] {
  const alp = resourceExport(alpDef(clock), {
    name: 'alp_report',
    fileName: (format: ExportFormat) => `Export Report ALP.${format}`,
    sheetName: 'ALP Report',
    entries: E.alp,
    listQuery: alpListQuery,
    columns: [
      { key: 'at', label: 'Date (WIB)', format: 'datetime' },
      { key: 'receipt_no', label: 'Receipt No' },
      ...STORE,
      { key: 'employee_no', label: 'Employee No' },
      { key: 'associate_name', label: 'Associate' },
      { key: 'department', label: 'Department' },
      { key: 'transaction_type', label: 'Transaction Type', format: enumLabel(ALP_TRANSACTION_TYPE) },
      money('amount', 'Amount'),
      money('discount', 'Staff Discount'),
      money('quota', 'Monthly Quota'),
      money('used', 'Used in Month'),
      number('quota_used', 'Quota Used (%)'),
      money('over_quota', 'Over Quota'),
    ],
  });

  // The rows as the screen groups them: the store or the day column only in its view.
  const promoSource = (q: (typeof promoReportQuery)['_output']) => {
    const report = promo.reportOf(q.view);
    return { select: report.select, from: report.from(q), where: [], keys: groupedKeys(report, 'report'), dir: 'desc' as const };
  };
  const promoColumns = (view: string): ExportColumn[] => [
    ...(view === 'day' ? [{ key: 'day', label: 'Day', format: 'date' } as const] : []),
    ...PROMO_COLUMNS,
    ...(view === 'store' ? STORE : []),
    ...PROMO_FIGURES,
  ];
  const promoReport = defineExport({
    name: 'promo_report',
    fileName: (format, at) => `Export Promo Report - ${jakartaDay(at)}.${format}`,
    sheetName: 'Promo Report',
    entries: E.promo,
    listQuery: promoReportQuery,
    columns: promoColumns('promo'),
    source: promoSource,
    forQuery: async (_db, q) => ({ columns: promoColumns(q.view), source: promoSource }),
  });

  const giftSource = (q: (typeof freeGiftReportQuery)['_output'], viewer: ExportViewer) => ({
    select: sql`select ${HANDOVER_COLUMNS}, ${viewer.personalData ? sql`c.phone` : maskPhoneSql(sql`c.phone`)} as consumer_phone`,
    from: HANDOVER_FROM,
    where: handoverConditions(q, todayOf(clock)),
    keys: ['g.at', 'g.id'],
    keyColumns: ['at', 'id'],
    dir: 'desc' as const,
  });
  const decide = decidePersonalData(accessLog, 'free_gift_report', 'g.consumer_id');
  const freeGift = defineExport({
    // The spec saves the report as export_free_gift; the name keys the export among all (cms Free Gift's list has it).
    name: 'free_gift_report',
    fileName: (format, at) => exportFileName('export_free_gift', format, at),
    guard: stepUpForPersonalData,
    sheetName: 'Free Gift Report',
    entries: E.freeGift,
    listQuery: freeGiftReportQuery,
    columns: [
      { key: 'at', label: 'Date (WIB)', format: 'datetime' },
      { key: 'gift_code', label: 'Free Gift Code' },
      { key: 'gift_name', label: 'Free Gift' },
      { key: 'plu', label: 'PLU' },
      { key: 'product_name', label: 'Gift Product' },
      number('quantity', 'Quantity'),
      { key: 'receipt_no', label: 'Receipt No' },
      money('receipt_amount', 'Receipt Amount'),
      ...STORE,
      { key: 'consumer_name', label: 'Member' },
      { key: 'consumer_phone', label: 'Phone Number' },
    ],
    source: giftSource,
    prepare: (db, q, viewer) => decide(db, giftSource(q, viewer), viewer),
  });

  return [
    { def: alp, endpoint: api.alp.export },
    { def: promoReport, endpoint: api.promo.export },
    { def: freeGift, endpoint: api.freeGift.export },
  ];
}
