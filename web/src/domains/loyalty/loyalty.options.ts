import { storeRow, storesApi } from '@portal/contract';
import { remoteOptions } from '../../ui/options.ts';

/** A store for the loyalty lists' store filter (coupon log, stamp report), searched on the server by code or name. */
export const storeOptions = remoteOptions('store', storesApi.list, storeRow.pick({ id: true, code: true, name: true }), (s) => ({ value: s.id, label: `${s.code} · ${s.name}` }), {
  query: { limit: 50, sort_by: 'code', sort_dir: 'asc' },
  searchable: true,
});
