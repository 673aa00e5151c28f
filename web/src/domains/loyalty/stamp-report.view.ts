import { STAMP_DIRECTION, stampProgrammeRow, stampProgrammesApi, stampReportApi, stampReportQuery, type StampReportRow } from '@portal/contract';
import { enumOptions, remoteOptions } from '../../ui/options.ts';
import { dayDisplay } from '../../ui/DayInput.tsx';
import { defineResource } from '../../ui/resource.ts';
import { storeOptions } from './loyalty.options.ts';

const programmeOptions = remoteOptions('stamp-programme', stampProgrammesApi.list, stampProgrammeRow.pick({ id: true, name: true }), (p) => ({ value: p.id, label: p.name }), {
  query: { limit: 50, sort_by: 'name', sort_dir: 'asc' },
  searchable: true,
});

/**
 * cms Digital stamp, Report: stamps in and out by day (Asia/Jakarta), programme and store, read from the daily rollup.
 * Rows have no record page (rowActions: false): `get` is never called, the list fills its slot.
 */
export const stampReportView = defineResource<StampReportRow>({
  name: 'stamp-report',
  i18n: 'loyalty.report',
  title: 'Stamp Report',
  entries: ['cms.report'],
  listQuery: stampReportQuery,
  api: { list: stampReportApi.list, get: stampReportApi.list },
  export: stampReportApi.export,
  filters: [
    { kind: 'dateRange', from: 'day_from', to: 'day_to', label: 'Date' },
    { kind: 'select', key: 'movement', label: 'Movement', options: enumOptions(STAMP_DIRECTION), width: 150 },
    { kind: 'select', key: 'programme_id', label: 'Programme', options: programmeOptions, width: 220 },
    { kind: 'select', key: 'store_id', label: 'Store', options: storeOptions, width: 220 },
  ],
  columns: [
    dayDisplay<StampReportRow>('day', 'Date', { sortable: true }),
    { key: 'programme_name', label: 'Programme', sortable: true },
    { key: 'store_code', label: 'Store Code', width: 120 },
    { key: 'store_name', label: 'Store', sortable: true },
    { key: 'stamps_in', label: 'Stamp In', kind: 'number', sortable: true, width: 120 },
    { key: 'stamps_out', label: 'Stamp Out', kind: 'number', sortable: true, width: 120 },
    { key: 'net', label: 'Net', kind: 'number', width: 100 },
    { key: 'movements', label: 'Movements', kind: 'number', width: 120 },
  ],
  detail: [],
  rowActions: false,
  rowTitle: (r) => `${r.day} · ${r.programme_name}`,
});
