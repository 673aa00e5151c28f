import { endpoint, page } from '../common/endpoint.ts';
import { downloadListQuery, downloadRow } from './download.schema.ts';

/**
 * The Download List. Any signed-in user sees and downloads only their own files, so both endpoints need a session only
 * (decision in docs/decisions.md); the file also needs the export right it was made under, still held.
 */
export const downloadsApi = {
  list: endpoint({
    id: 'downloads.list',
    method: 'GET',
    path: 'downloads',
    tag: 'downloads',
    summary: "The signed-in user's exports, newest first",
    access: 'authenticated',
    query: downloadListQuery,
    data: page(downloadRow),
  }),
  file: endpoint({
    id: 'downloads.file',
    method: 'GET',
    path: 'downloads/:id/file',
    tag: 'downloads',
    summary: 'The file of a finished export of your own',
    access: 'authenticated',
    data: 'file',
    errors: [409],
  }),
};

export const operationsApi = { downloadsApi };
