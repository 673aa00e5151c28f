import { DOWNLOAD_IN_PROGRESS, DOWNLOAD_STATUS, downloadListQuery, downloadsApi, type DownloadRow } from '@portal/contract';
import { enumOptions } from '../../ui/options.ts';
import { defineResource } from '../../ui/resource.ts';
import { DownloadAction, FileSize } from './DownloadCells.tsx';

/** While an export is being written the list re-reads itself this often; it stops once none is. */
export const DOWNLOAD_REFRESH_MS = 2000;

/** The signed-in user's own exports (spec section 3 export status), newest first, each downloadable once ready. */
export const downloadView = defineResource<DownloadRow>({
  name: 'downloads',
  i18n: 'operations.download',
  title: 'Download',
  entries: ['cms.download-list'],
  listQuery: downloadListQuery,
  // A list only: no detail screen, so no get; each row's file is a link (DownloadAction).
  api: { list: downloadsApi.list },
  search: 'Search file name',
  filters: [{ kind: 'select', key: 'status', label: 'Status', options: enumOptions(DOWNLOAD_STATUS), width: 200 }],
  columns: [
    { key: 'status', label: 'Status', kind: 'status', enum: DOWNLOAD_STATUS, sortable: true },
    { key: 'file_name', label: 'File Name', sortable: true },
    { key: 'row_count', label: 'Rows', kind: 'number' },
    { key: 'size_bytes', label: 'Size', kind: 'custom', component: FileSize },
    { key: 'created_at', label: 'Created At', kind: 'date', sortable: true },
    { key: 'download', label: 'Download', kind: 'custom', component: DownloadAction },
  ],
  detail: [],
  rowTitle: (r) => r.file_name,
  rowActions: false,
  refresh: (rows) => (rows.some((r) => r.status === DOWNLOAD_IN_PROGRESS) ? DOWNLOAD_REFRESH_MS : false),
});
