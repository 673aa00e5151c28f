import { ASSOCIATE_ENTRIES } from './consumer-entries.ts';
import { importApi } from '../imports/imports.api.ts';


/** Consumers' bulk operations by spreadsheet. */
export const consumerImportsApi = {
  associate: importApi('associate', { title: 'Bulk upload associates', entries: ASSOCIATE_ENTRIES, action: 'create' }),
};
