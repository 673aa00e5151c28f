import { productRow, productsApi, storeRow, storesApi } from '@portal/contract';
import { remoteSelect } from '../../ui/RemoteSelect.tsx';

/** Products chosen by PLU or name, searched on the server (`products?search=`), shown as "PLU · name". */
export const productPicker = remoteSelect({
  resource: 'product',
  endpoint: productsApi.list,
  row: productRow.pick({ id: true, plu: true, name: true }),
  toOption: (p) => ({ value: p.id, label: `${p.plu} · ${p.name}` }),
  query: { status: 1, sort_by: 'plu', sort_dir: 'asc' },
  multiple: true,
  placeholder: 'Type a PLU or product name',
});

/** One product, the same way (a max-purchase rule). */
export const singleProductPicker = remoteSelect({
  resource: 'product',
  endpoint: productsApi.list,
  row: productRow.pick({ id: true, plu: true, name: true }),
  toOption: (p) => ({ value: p.id, label: `${p.plu} · ${p.name}` }),
  query: { status: 1, sort_by: 'plu', sort_dir: 'asc' },
  placeholder: 'Type a PLU or product name',
});

/** Stores chosen by code or name, searched on the server (`stores?search=`), shown as "code · name". */
export const storePicker = remoteSelect({
  resource: 'store',
  endpoint: storesApi.list,
  row: storeRow.pick({ id: true, code: true, name: true }),
  toOption: (s) => ({ value: s.id, label: `${s.code} · ${s.name}` }),
  query: { status: 1, sort_by: 'code', sort_dir: 'asc' },
  multiple: true,
  placeholder: 'Type a store code or name',
});
