import {
  ACTIVE_STATUS,
  DIGITAL_PRODUCT_TYPE,
  MOBILE_OPERATOR,
  digitalProductCreateBody,
  digitalProductListQuery,
  digitalProductUpdateBody,
  digitalProductsApi,
  type DigitalProductRow,
} from '@portal/contract';
import { enumOptions } from '../../ui/options.ts';
import { defineResource } from '../../ui/resource.ts';

/** orion Digital Product Management: pulsa and data packages by operator, their denomination, price and biller code. */
export const digitalProductView = defineResource<DigitalProductRow>({
  name: 'digital-product',
  i18n: 'topUp.product',
  title: 'Digital Product',
  entries: ['orion.digital-product-management'],
  listQuery: digitalProductListQuery,
  api: digitalProductsApi,
  search: 'Search name or biller code',
  filters: [
    { kind: 'select', key: 'product_type', label: 'Product Type', options: enumOptions(DIGITAL_PRODUCT_TYPE), width: 150 },
    { kind: 'select', key: 'operator', label: 'Operator', options: enumOptions(MOBILE_OPERATOR), width: 150 },
    { kind: 'select', key: 'status', label: 'Status', options: enumOptions(ACTIVE_STATUS), width: 130 },
  ],
  columns: [
    { key: 'name', label: 'Name', link: true, sortable: true },
    { key: 'product_type', label: 'Product Type', kind: 'status', enum: DIGITAL_PRODUCT_TYPE, width: 120 },
    { key: 'operator', label: 'Operator', kind: 'status', enum: MOBILE_OPERATOR, width: 120 },
    { key: 'denomination', label: 'Denomination', kind: 'rupiah', sortable: true, width: 140 },
    { key: 'price', label: 'Price', kind: 'rupiah', sortable: true, width: 130 },
    { key: 'biller_code', label: 'Biller Product Code', width: 160 },
    { key: 'status', label: 'Status', kind: 'status', enum: ACTIVE_STATUS, width: 110 },
    { key: 'updated_by_name', label: 'Updated By', defaultHidden: true },
    { key: 'updated_at', label: 'Updated At', kind: 'date', sortable: true, defaultHidden: true },
  ],
  form: {
    create: digitalProductCreateBody,
    update: digitalProductUpdateBody,
    fields: [
      { name: 'product_type', label: 'Product Type', input: 'select', options: enumOptions(DIGITAL_PRODUCT_TYPE) },
      { name: 'operator', label: 'Operator', input: 'select', options: enumOptions(MOBILE_OPERATOR) },
      { name: 'name', label: 'Name', input: 'text', placeholder: 'Telkomsel Pulsa 20.000' },
      { name: 'biller_code', label: 'Biller Product Code', input: 'text', placeholder: 'TSEL20' },
      { name: 'denomination', label: 'Denomination', input: 'rupiah', help: 'What the consumer receives.' },
      { name: 'price', label: 'Price', input: 'rupiah', help: 'What the consumer pays.' },
      { name: 'status', label: 'Status', input: 'select', options: enumOptions(ACTIVE_STATUS) },
    ],
  },
  detail: [
    {
      key: 'product',
      title: 'Digital Product',
      items: [
        { key: 'name', label: 'Name' },
        { key: 'product_type', label: 'Product Type', kind: 'status', enum: DIGITAL_PRODUCT_TYPE },
        { key: 'operator', label: 'Operator', kind: 'status', enum: MOBILE_OPERATOR },
        { key: 'denomination', label: 'Denomination', kind: 'rupiah' },
        { key: 'price', label: 'Price', kind: 'rupiah' },
        { key: 'biller_code', label: 'Biller Product Code' },
        { key: 'status', label: 'Status', kind: 'status', enum: ACTIVE_STATUS },
        { key: 'created_by_name', label: 'Created By' },
        { key: 'created_at', label: 'Created At', kind: 'date' },
        { key: 'updated_by_name', label: 'Updated By' },
        { key: 'updated_at', label: 'Updated At', kind: 'date' },
      ],
    },
  ],
  rowTitle: (r) => r.name,
});
