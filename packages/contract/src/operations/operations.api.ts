import { z } from 'zod';
import { endpoint, page } from '../common/endpoint.ts';
import { downloadListQuery, downloadRow } from './download.schema.ts';
import { overview } from './overview.schema.ts';

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

/** The main page's overview: each tile only where the signed-in user may view its list. */
export const overviewApi = {
  get: endpoint({
    id: 'overview.get',
    method: 'GET',
    path: 'overview',
    tag: 'overview',
    summary: 'Open and unread tickets, unread chats, the approval queue, running imports and exports, recent sign-ins: the tiles the user may view',
    access: 'authenticated',
    // It takes no parameters: an unknown one is a mistake worth a 400.
    query: z.object({}).strict(),
    data: overview,
  }),
};

export const operationsApi = { downloadsApi, overviewApi };
