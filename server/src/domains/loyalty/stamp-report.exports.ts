import { stampReportApi, STAMP_REPORT_ENTRIES, stampReportQuery } from '@portal/contract';
import type { Clock } from '../../platform/clock.ts';
import { defineExport } from '../../platform/exports/index.ts';
import type { ModuleExport } from '../../platform/module.ts';
import { STAMP_REPORT_SELECT, STAMP_REPORT_TIE, stampReportFrom, stampReportSort } from './stamp-report.service.ts';

/** The stamp report as a file, with the screen's filters (range, movement, programme, store): Export-stamp_report-<date>. */
export function stampReportExports(clock: Clock): ModuleExport[] {
  const def = defineExport({
    // The section 9 general pattern Export-{param}-{suffix}: `Export-stamp_report-<YYYYMMDD_HHmmss>.<format>`.
    name: 'Export-stamp_report',
    sheetName: 'Stamp Report',
    entries: STAMP_REPORT_ENTRIES,
    listQuery: stampReportQuery,
    columns: [
      { key: 'day', label: 'Date' },
      { key: 'programme_name', label: 'Programme' },
      { key: 'store_code', label: 'Store Code' },
      { key: 'store_name', label: 'Store' },
      { key: 'stamps_in', label: 'Stamp In', format: 'number' },
      { key: 'stamps_out', label: 'Stamp Out', format: 'number' },
      { key: 'net', label: 'Net', format: 'number' },
      { key: 'movements', label: 'Movements', format: 'number' },
    ],
    source: (q) => ({
      select: STAMP_REPORT_SELECT,
      from: stampReportFrom(q, clock.now()),
      where: [],
      // The chosen order, then what makes a row unique (a day, programme and store).
      keys: [...new Set([stampReportSort(q), ...STAMP_REPORT_TIE])],
      dir: q.sort_dir,
    }),
  });
  return [{ def, endpoint: stampReportApi.export }];
}
