import { ACTIVE_STATUS, DELIVERY_MODE, deliveryMethodListQuery, deliveryMethodUpdateBody, type DeliveryMethodRow, deliveryMethodsApi } from '@portal/contract';
import { enumOptions } from '../../ui/options.ts';
import { defineResource } from '../../ui/resource.ts';

/**
 * Delivery methods (Reguler, Same Day, Instant, Ambil di Toko): reference rows edited under the 3PL Setting entry, at
 * `3pl-setting/delivery-method/…` beside the stores' 3PL settings.
 */
export const deliveryMethodView = defineResource<DeliveryMethodRow>({
  name: 'delivery-method',
  i18n: 'ecommerce.deliveryMethod',
  title: 'Delivery Method',
  entries: ['cms.3pl-setting'],
  listQuery: deliveryMethodListQuery,
  api: deliveryMethodsApi,
  paths: (route) => ({
    list: `${route}/delivery-method`,
    detail: (id) => `${route}/delivery-method/${id}/detail`,
    edit: (id) => `${route}/delivery-method/${id}/edit`,
  }),
  search: 'Search code or name',
  filters: [
    { kind: 'select', key: 'delivery_mode', label: 'Delivery Mode', options: enumOptions(DELIVERY_MODE), width: 160 },
    { kind: 'select', key: 'status', label: 'Status', options: enumOptions(ACTIVE_STATUS), width: 140 },
  ],
  columns: [
    { key: 'code', label: 'Code', link: true, width: 120 },
    { key: 'name', label: 'Name', sortable: true },
    { key: 'delivery_mode', label: 'Delivery Mode', kind: 'status', enum: DELIVERY_MODE },
    { key: 'fee', label: 'Fee', kind: 'rupiah', sortable: true },
    { key: 'eta', label: 'Estimated Time' },
    { key: 'store_count', label: 'Stores', kind: 'number' },
    { key: 'status', label: 'Status', kind: 'status', enum: ACTIVE_STATUS },
    { key: 'updated_at', label: 'Updated At', kind: 'date', sortable: true, defaultHidden: true },
  ],
  form: {
    update: deliveryMethodUpdateBody,
    fields: [
      { name: 'name', label: 'Name', input: 'text' },
      { name: 'delivery_mode', label: 'Delivery Mode', input: 'select', options: enumOptions(DELIVERY_MODE) },
      { name: 'fee', label: 'Fee', input: 'rupiah' },
      { name: 'eta', label: 'Estimated Time', input: 'text', placeholder: 'e.g. 1-3 jam' },
      { name: 'status', label: 'Status', input: 'select', options: enumOptions(ACTIVE_STATUS) },
      { name: 'description', label: 'Description', input: 'textarea' },
    ],
    fromDetail: (m) => ({ name: m.name, delivery_mode: m.delivery_mode, fee: m.fee, eta: m.eta, status: m.status, description: m.description ?? '' }),
  },
  detail: [
    {
      key: 'general',
      title: 'Delivery Method',
      items: [
        { key: 'code', label: 'Code' },
        { key: 'name', label: 'Name' },
        { key: 'delivery_mode', label: 'Delivery Mode', kind: 'status', enum: DELIVERY_MODE },
        { key: 'fee', label: 'Fee', kind: 'rupiah' },
        { key: 'eta', label: 'Estimated Time' },
        { key: 'store_count', label: 'Stores', kind: 'number' },
        { key: 'status', label: 'Status', kind: 'status', enum: ACTIVE_STATUS },
        { key: 'description', label: 'Description' },
        { key: 'updated_by_name', label: 'Updated By' },
        { key: 'updated_at', label: 'Updated At', kind: 'date' },
      ],
    },
  ],
  rowTitle: (m) => m.name,
});
