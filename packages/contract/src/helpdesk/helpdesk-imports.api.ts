import { importApi } from '../imports/imports.api.ts';
import { HELP_CENTER_ENTRIES } from './helpdesk-enums.ts';

/** The help desk's bulk operations by spreadsheet. */
export const helpdeskImportsApi = {
  helpCenter: importApi('help-center', { title: 'Upload help-center tickets', entries: HELP_CENTER_ENTRIES, action: 'create' }),
};
