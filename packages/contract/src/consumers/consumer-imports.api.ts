import { importApi } from '../imports/imports.api.ts';
import { ASSOCIATE_ENTRIES } from './associate.schema.ts';

/** Consumers' bulk operations by spreadsheet. */
export const consumerImportsApi = {
  associate: importApi('associate', { title: 'Bulk upload associates', entries: ASSOCIATE_ENTRIES, action: 'create' }),
};
