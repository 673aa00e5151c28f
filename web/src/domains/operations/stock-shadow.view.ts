import { stockShadowApi, stockShadowListQuery, UPDATE_FORCE_STOCK_ENTRY, type StockShadowRow } from '@portal/contract';
import { queryKeys } from '../../lib/query-keys.ts';
import { defineResource } from '../../ui/resource.ts';
import { ShadowRowActions } from './StockShadowParts.tsx';

/**
 * heimdal › Update Force Stock › Stock shadow: one entry per PLU, the units held back from online sale at every store
 * selling it, searched and sorted on the server with the list's state in the URL; changed from the row's buttons (a
 * guarded write in a dialog), never from the generic edit forms.
 */
export const stockShadowView = defineResource<StockShadowRow>({
  name: queryKeys.stockShadow.all[0],
  i18n: 'operations.stockShadow',
  title: 'Stock Shadow',
  entries: [UPDATE_FORCE_STOCK_ENTRY],
  listQuery: stockShadowListQuery,
  api: { list: stockShadowApi.list },
  search: 'Search PLU or product name',
  columns: [
    { key: 'plu', label: 'PLU', sortable: true },
    { key: 'product_name', label: 'Product' },
    { key: 'quantity', label: 'Held Back per Store', kind: 'number', sortable: true },
    { key: 'stores', label: 'Stores Selling', kind: 'number' },
    { key: 'held_units', label: 'Units Held Back Now', kind: 'number' },
    { key: 'updated_by_name', label: 'Updated By' },
    { key: 'updated_at', label: 'Updated At', kind: 'date', sortable: true },
    { key: 'actions', label: 'Actions', kind: 'custom', component: ShadowRowActions, fixed: 'right' },
  ],
  detail: [],
  rowTitle: (r) => `PLU ${r.plu}`,
  rowActions: false,
});
