import { STAMP_INJECTION_STATUS, stampInjectionListQuery, stampInjectionsApi, type StampInjectionRow } from '@portal/contract';
import { enumOptions } from '../../ui/options.ts';
import { defineResource } from '../../ui/resource.ts';
import { InjectReasonCell, StampInjectionLines, StampInjectionReverse } from './StampInjectParts.tsx';

/**
 * heimdal Digital Stamp Inject: the confirmed injection batches (they arrive by import only), each with its rows and the
 * ledger rows they wrote, reversible as a whole.
 */
export const stampInjectionView = defineResource<StampInjectionRow>({
  name: 'stamp-injection',
  i18n: 'loyalty.inject',
  title: 'Stamp Injection',
  entries: ['heimdal.digital-stamp-inject'],
  listQuery: stampInjectionListQuery,
  api: stampInjectionsApi,
  search: 'Search file name or reason',
  filters: [
    { kind: 'select', key: 'status', label: 'Status', options: enumOptions(STAMP_INJECTION_STATUS), width: 150 },
    { kind: 'dateRange', from: 'created_from', to: 'created_to', label: 'Uploaded On' },
  ],
  columns: [
    { key: 'created_at', label: 'Uploaded At', kind: 'date', sortable: true, link: true },
    { key: 'created_by_name', label: 'Uploaded By' },
    { key: 'file_name', label: 'File Name', sortable: true },
    { key: 'row_count', label: 'Rows', kind: 'number', sortable: true, width: 90 },
    { key: 'stamps_in', label: 'Stamps In', kind: 'number', width: 110 },
    { key: 'stamps_out', label: 'Stamps Out', kind: 'number', width: 110 },
    { key: 'status', label: 'Status', kind: 'status', enum: STAMP_INJECTION_STATUS, width: 120 },
    { key: 'reversed_by_name', label: 'Reversed By' },
    { key: 'reversed_at', label: 'Reversed At', kind: 'date', defaultHidden: true },
    { key: 'reason', label: 'Reason', kind: 'custom', component: InjectReasonCell, width: 300 },
  ],
  detail: [
    {
      key: 'general',
      title: 'Injection Batch',
      items: [
        { key: 'id', label: 'Batch ID' },
        { key: 'reason', label: 'Reason' },
        { key: 'file_name', label: 'File Name' },
        { key: 'row_count', label: 'Rows', kind: 'number' },
        { key: 'stamps_in', label: 'Stamps In', kind: 'number' },
        { key: 'stamps_out', label: 'Stamps Out', kind: 'number' },
        { key: 'net_stamps', label: 'Net Stamps', kind: 'number' },
        { key: 'status', label: 'Status', kind: 'status', enum: STAMP_INJECTION_STATUS },
        { key: 'created_by_name', label: 'Uploaded By' },
        { key: 'created_at', label: 'Uploaded At', kind: 'date' },
        { key: 'reversed_by_name', label: 'Reversed By' },
        { key: 'reversed_at', label: 'Reversed At', kind: 'date' },
      ],
    },
    { key: 'rows', title: 'Rows', component: StampInjectionLines },
  ],
  detailActions: StampInjectionReverse,
  rowTitle: (r) => `#${r.id} · ${r.file_name}`,
});
