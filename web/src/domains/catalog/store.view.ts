import { ACTIVE_STATUS, DELIVERY_MODE, storeCreateBody, storeDeliveryUpdateBody, storeListQuery, storeUpdateBody, type StoreRow, storesApi } from '@portal/contract';
import { enumOptions } from '../../ui/options.ts';
import { defineResource, type DetailSection } from '../../ui/resource.ts';
import { provinceOptions, regencyOptions } from '../../ui/region-options.ts';

const location: DetailSection<StoreRow> = {
  key: 'location',
  title: 'Location',
  items: [
    { key: 'address', label: 'Address' },
    { key: 'province_name', label: 'Province' },
    { key: 'regency_name', label: 'Regency / City' },
    { key: 'district_name', label: 'District' },
    { key: 'village_name', label: 'Village' },
    { key: 'postal_code', label: 'Postal Code' },
    { key: 'latitude', label: 'Latitude' },
    { key: 'longitude', label: 'Longitude' },
  ],
};
const delivery: DetailSection<StoreRow> = {
  key: 'delivery',
  title: 'Delivery',
  items: [
    { key: 'delivery_mode', label: 'Delivery Mode', kind: 'status', enum: DELIVERY_MODE },
    { key: 'is_delivery', label: 'Delivery', kind: 'boolean' },
    { key: 'is_pickup', label: 'Pick Up', kind: 'boolean' },
    { key: 'delivery_radius_km', label: 'Delivery Radius (km)', kind: 'number' },
    { key: 'min_order', label: 'Minimum Order', kind: 'rupiah' },
  ],
};

/** cms Store Management and Master Data Store show the same records. */
export const storeView = defineResource<StoreRow>({
  name: 'store',
  i18n: 'catalog.store',
  title: 'Store',
  entries: ['cms.store-management', 'cms.store'],
  listQuery: storeListQuery,
  api: storesApi,
  export: storesApi.export,
  search: 'Search store code or name',
  filters: [
    { kind: 'select', key: 'province_code', label: 'Province', options: provinceOptions, width: 200 },
    { kind: 'select', key: 'delivery_mode', label: 'Delivery Mode', options: enumOptions(DELIVERY_MODE), width: 160 },
    { kind: 'select', key: 'status', label: 'Status', options: enumOptions(ACTIVE_STATUS), width: 140 },
  ],
  columns: [
    { key: 'code', label: 'Code', sortable: true, link: true, width: 90 },
    { key: 'name', label: 'Name', sortable: true },
    { key: 'regency_name', label: 'Regency / City' },
    { key: 'province_name', label: 'Province' },
    { key: 'group_store_name', label: 'Group Store', kind: 'tag' },
    { key: 'delivery_mode', label: 'Delivery Mode', kind: 'status', enum: DELIVERY_MODE },
    { key: 'open_time', label: 'Opens' },
    { key: 'close_time', label: 'Closes' },
    { key: 'status', label: 'Status', kind: 'status', enum: ACTIVE_STATUS },
    { key: 'phone', label: 'Phone', defaultHidden: true },
    { key: 'updated_by_name', label: 'Updated By', defaultHidden: true },
    { key: 'updated_at', label: 'Updated At', kind: 'date', sortable: true },
  ],
  form: {
    create: storeCreateBody,
    update: storeUpdateBody,
    fields: [
      { name: 'code', label: 'Store Code', input: 'text', only: 'create', placeholder: 'e.g. S0101' },
      { name: 'name', label: 'Name', input: 'text' },
      { name: 'province_code', label: 'Province', input: 'select', options: provinceOptions },
      { name: 'regency_code', label: 'Regency / City', input: 'select', options: regencyOptions },
      { name: 'address', label: 'Address', input: 'textarea' },
      { name: 'postal_code', label: 'Postal Code', input: 'text' },
      { name: 'phone', label: 'Phone', input: 'text', placeholder: '021…' },
      { name: 'email', label: 'E-mail', input: 'email' },
      { name: 'open_time', label: 'Opens', input: 'text', placeholder: '08:00' },
      { name: 'close_time', label: 'Closes', input: 'text', placeholder: '22:00' },
      { name: 'is_pickup', label: 'Pick Up', input: 'boolean' },
      { name: 'is_delivery', label: 'Delivery', input: 'boolean' },
      { name: 'status', label: 'Status', input: 'select', options: enumOptions(ACTIVE_STATUS) },
    ],
    fromDetail: (s) => ({
      name: s.name,
      province_code: s.province_code,
      regency_code: s.regency_code,
      address: s.address ?? '',
      postal_code: s.postal_code ?? '',
      phone: s.phone ?? '',
      email: s.email ?? '',
      open_time: s.open_time,
      close_time: s.close_time,
      is_pickup: s.is_pickup,
      is_delivery: s.is_delivery,
      status: s.status,
    }),
  },
  detail: [
    {
      key: 'general',
      title: 'Store',
      items: [
        { key: 'code', label: 'Code' },
        { key: 'name', label: 'Name' },
        { key: 'group_store_name', label: 'Group Store', kind: 'tag' },
        { key: 'status', label: 'Status', kind: 'status', enum: ACTIVE_STATUS },
        { key: 'phone', label: 'Phone' },
        { key: 'email', label: 'E-mail' },
        { key: 'open_time', label: 'Opens' },
        { key: 'close_time', label: 'Closes' },
        { key: 'updated_by_name', label: 'Updated By' },
        { key: 'updated_at', label: 'Updated At', kind: 'date' },
      ],
    },
    location,
    delivery,
  ],
  rowTitle: (s) => `${s.code} · ${s.name}`,
});

/** cms 3PL Setting: the stores with their delivery setting, edited on its own. */
export const threePlView = defineResource<StoreRow>({
  ...storeView,
  name: 'store',
  i18n: 'catalog.store',
  title: '3PL Setting',
  entries: ['cms.3pl-setting'],
  api: { list: storesApi.list, get: storesApi.get, update: storesApi.updateDelivery },
  columns: [
    { key: 'code', label: 'Code', sortable: true, link: true, width: 90 },
    { key: 'name', label: 'Name', sortable: true },
    { key: 'regency_name', label: 'Regency / City' },
    { key: 'delivery_mode', label: 'Delivery Mode', kind: 'status', enum: DELIVERY_MODE },
    { key: 'is_delivery', label: 'Delivery', kind: 'boolean' },
    { key: 'delivery_radius_km', label: 'Delivery Radius (km)', kind: 'number' },
    { key: 'min_order', label: 'Minimum Order', kind: 'rupiah' },
    { key: 'updated_at', label: 'Updated At', kind: 'date', sortable: true },
  ],
  form: {
    update: storeDeliveryUpdateBody,
    fields: [
      { name: 'delivery_mode', label: 'Delivery Mode', input: 'select', options: enumOptions(DELIVERY_MODE) },
      { name: 'is_delivery', label: 'Delivery', input: 'boolean' },
      { name: 'delivery_radius_km', label: 'Delivery Radius (km)', input: 'number' },
      { name: 'min_order', label: 'Minimum Order', input: 'rupiah' },
    ],
    fromDetail: (s) => ({ delivery_mode: s.delivery_mode, is_delivery: s.is_delivery, delivery_radius_km: s.delivery_radius_km, min_order: s.min_order }),
  },
  detail: [{ key: 'store', title: 'Store', items: [{ key: 'code', label: 'Code' }, { key: 'name', label: 'Name' }, { key: 'regency_name', label: 'Regency / City' }] }, delivery],
});
