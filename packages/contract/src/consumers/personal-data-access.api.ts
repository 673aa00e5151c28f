import { endpoint, exportEndpoint, page } from '../common/endpoint.ts';
import { PERSONAL_DATA_ACCESS_ENTRIES, personalDataAccessQuery, personalDataAccessRow } from './personal-data-access.schema.ts';

const list = endpoint({
  id: 'personal-data-access.list',
  method: 'GET',
  path: 'personal-data-access',
  tag: 'personal-data-access',
  summary: 'Unmasked reads of consumers’ personal data, newest first (Super Admin only); consumer_id narrows to one consumer',
  access: { entries: PERSONAL_DATA_ACCESS_ENTRIES, action: 'view' },
  query: personalDataAccessQuery,
  data: page(personalDataAccessRow),
});

/** The personal-data access log (UU PDP art. 31-32): the Super Admin's list and export. */
export const personalDataAccessApi = {
  list,
  export: exportEndpoint(list, PERSONAL_DATA_ACCESS_ENTRIES, 'the personal-data access log'),
};
