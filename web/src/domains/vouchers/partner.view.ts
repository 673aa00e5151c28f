import { createElement } from 'react';
import {
  ACTIVE_STATUS,
  formatNpwp,
  partnerCreateBody,
  partnerListQuery,
  partnerPicOption,
  partnersApi,
  partnerUpdateBody,
  type PartnerDetail,
  type PartnerPicOption,
  type PartnerRow,
} from '@portal/contract';
import { dayDisplay } from '../../ui/DayInput.tsx';
import { enumOptions, remoteOptions } from '../../ui/options.ts';
import { pickedId, remoteSelect } from '../../ui/RemoteSelect.tsx';
import { defineResource } from '../../ui/resource.ts';
import { PartnerActions } from './PartnerPeriodDialog.tsx';
import { PartnerPeriods } from './PartnerPeriods.tsx';
import { PartnerOrders } from './PartnerOrders.tsx';

const picLabel = (u: PartnerPicOption) => `${u.name} (${u.username})`;
/** The staff users a PIC is chosen from, searched on the server. */
const picPicker = remoteSelect({
  resource: 'partner',
  endpoint: partnersApi.picOptions,
  row: partnerPicOption,
  toOption: (u) => ({ value: u.id, label: picLabel(u) }),
  placeholder: 'Search staff name or username',
});
const picOptions = remoteOptions('partner', partnersApi.picOptions, partnerPicOption, (u) => ({ value: u.id, label: picLabel(u) }), { searchable: true });
const Npwp = ({ row }: { row: PartnerRow }) => createElement('span', null, formatNpwp(row.npwp));
const periodEnds = dayDisplay<PartnerRow>('period_ends_on', 'Cooperation Until');

/**
 * cms Voucher digital, Partner Management: the business clients ordering e-vouchers, their contact person, the chain's
 * PIC, their credit (set on the Credit Limit screen) and their cooperation periods.
 */
export const partnerView = defineResource<PartnerRow, PartnerDetail>({
  name: 'partner',
  i18n: 'voucher.partner',
  title: 'Partner',
  entries: ['cms.voucher-digital/partner-management'],
  listQuery: partnerListQuery,
  api: partnersApi,
  search: 'Search company name or partner code',
  filters: [
    { kind: 'select', key: 'status', label: 'Status', options: enumOptions(ACTIVE_STATUS), width: 130 },
    { kind: 'select', key: 'pic_user_id', label: 'PIC', options: picOptions, width: 220 },
  ],
  columns: [
    { key: 'partner_code', label: 'Partner Code', sortable: true, width: 130 },
    { key: 'name', label: 'Company', link: true, sortable: true },
    { key: 'pic_user_name', label: 'PIC' },
    { key: 'credit_limit', label: 'Credit Limit', kind: 'rupiah', width: 160 },
    { key: 'credit_available', label: 'Credit Available', kind: 'rupiah', width: 160 },
    { ...periodEnds, width: 170 },
    { key: 'status', label: 'Status', kind: 'status', enum: ACTIVE_STATUS, width: 110 },
    { key: 'contact_name', label: 'Contact Person', defaultHidden: true },
    { key: 'updated_by_name', label: 'Updated By', defaultHidden: true },
    { key: 'updated_at', label: 'Updated At', kind: 'date', sortable: true },
  ],
  form: {
    create: partnerCreateBody,
    update: partnerUpdateBody,
    fields: [
      { name: 'partner_code', label: 'Partner Code', input: 'text', placeholder: 'NKM', help: 'Letters, digits, dot, dash and underscore; saved in capitals' },
      { name: 'name', label: 'Company', input: 'text', placeholder: 'PT Nusantara Karya Mandiri' },
      { name: 'npwp', label: 'NPWP', input: 'text', placeholder: '01.234.567.8-901.000', help: '15 or 16 digits; dots and dashes may be typed' },
      { name: 'status', label: 'Status', input: 'select', options: enumOptions(ACTIVE_STATUS) },
      { name: 'email', label: 'Company E-mail', input: 'email' },
      { name: 'phone', label: 'Company Phone', input: 'text', placeholder: '021-5550123' },
      { name: 'address', label: 'Address', input: 'textarea' },
      { name: 'contact_name', label: 'Contact Person', input: 'text' },
      { name: 'contact_email', label: 'Contact E-mail', input: 'email' },
      { name: 'contact_phone', label: 'Contact Phone', input: 'text', placeholder: '0812-3456-7890' },
      { name: 'pic_user_id', label: 'PIC', input: 'custom', component: picPicker, wide: false, help: 'The staff member in charge of this client' },
    ],
    fromDetail: (p) => ({
      partner_code: p.partner_code,
      name: p.name,
      npwp: p.npwp ?? '',
      status: p.status,
      email: p.email,
      phone: p.phone,
      address: p.address,
      contact_name: p.contact_name,
      contact_email: p.contact_email,
      contact_phone: p.contact_phone,
      pic_user_id: p.pic_user_id === null ? undefined : { value: p.pic_user_id, label: p.pic_user_name ?? String(p.pic_user_id) },
    }),
    toBody: (v) => ({ ...v, pic_user_id: pickedId(v.pic_user_id) }),
  },
  detail: [
    {
      key: 'company',
      title: 'Company',
      items: [
        { key: 'partner_code', label: 'Partner Code' },
        { key: 'name', label: 'Company' },
        { key: 'npwp', label: 'NPWP', kind: 'custom', component: Npwp },
        { key: 'status', label: 'Status', kind: 'status', enum: ACTIVE_STATUS },
        { key: 'email', label: 'Company E-mail' },
        { key: 'phone', label: 'Company Phone' },
        { key: 'address', label: 'Address' },
        { key: 'created_by_name', label: 'Created By' },
        { key: 'created_at', label: 'Created At', kind: 'date' },
        { key: 'updated_by_name', label: 'Updated By' },
        { key: 'updated_at', label: 'Updated At', kind: 'date' },
      ],
    },
    {
      key: 'contact',
      title: 'Client Contact',
      items: [
        { key: 'contact_name', label: 'Contact Person' },
        { key: 'contact_email', label: 'Contact E-mail' },
        { key: 'contact_phone', label: 'Contact Phone' },
      ],
    },
    { key: 'pic', title: 'PIC', items: [{ key: 'pic_user_name', label: 'PIC' }] },
    {
      key: 'credit',
      title: 'Credit',
      items: [
        { key: 'credit_limit', label: 'Credit Limit', kind: 'rupiah' },
        { key: 'credit_used', label: 'Credit Used', kind: 'rupiah' },
        { key: 'credit_available', label: 'Credit Available', kind: 'rupiah' },
      ],
    },
    { key: 'periods', title: 'Cooperation Periods', component: PartnerPeriods },
    { key: 'orders', title: 'Voucher Orders', component: PartnerOrders },
  ],
  detailActions: PartnerActions,
  rowTitle: (r) => `${r.partner_code} · ${r.name}`,
});
