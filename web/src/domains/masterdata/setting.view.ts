import { createElement } from 'react';
import { z } from 'zod';
import {
  PLATFORM,
  appVersionListQuery,
  appVersionUpdateBody,
  appVersionsApi,
  formatNpwp,
  generalSettingApi,
  generalSettingUpdateBody,
  type AppVersionRow,
  type GeneralSettingRow,
} from '@portal/contract';
import { i18n } from '../../lib/i18n.ts';
import { defineResource } from '../../ui/resource.ts';

const CompanyNpwp = ({ row }: { row: GeneralSettingRow }) => createElement('span', null, formatNpwp(row.company_npwp));

/** The general setting is one record: its page is the entry's route, its form `<route>/edit`. */
export const generalSettingView = defineResource<GeneralSettingRow>({
  name: 'general-setting',
  i18n: 'masterdata.generalSetting',
  title: 'General Setting',
  entries: ['cms.general-setting'],
  listQuery: z.object({}),
  // One record at one path: its get serves as the list too.
  api: { list: generalSettingApi.get, get: generalSettingApi.get, update: generalSettingApi.update },
  columns: [],
  form: {
    update: generalSettingUpdateBody,
    fields: [
      { name: 'cs_phone', label: 'Customer Service Phone', input: 'text', placeholder: '02150001234' },
      { name: 'cs_email', label: 'Customer Service E-mail', input: 'email', placeholder: 'cs@example.com' },
      { name: 'whatsapp_number', label: 'WhatsApp Number', input: 'text', placeholder: '081234567890' },
      { name: 'min_order_amount', label: 'Minimum Order', input: 'rupiah' },
      { name: 'delivery_fee', label: 'Delivery Fee', input: 'rupiah' },
      { name: 'free_delivery_min_amount', label: 'Free Delivery From', input: 'rupiah', help: 'Orders of at least this amount ship free; 0 turns it off.' },
      { name: 'point_conversion', label: 'Point Conversion (Rp per point)', input: 'rupiah', help: 'How many Rupiah of spending earn one point.' },
      { name: 'max_vouchers_per_order', label: 'Max Vouchers per Order', input: 'number', help: '0 to 10 vouchers on one order.' },
      { name: 'maintenance_mode', label: 'Maintenance Mode', input: 'boolean', help: 'The app shows the message below instead of the shop.' },
      { name: 'maintenance_message', label: 'Maintenance Message', input: 'textarea' },
      { name: 'company_name', label: 'Company Legal Name', input: 'text', placeholder: 'PT ... Tbk', help: 'As quotations and receipts of voucher orders print it.' },
      { name: 'company_npwp', label: 'Company NPWP', input: 'text', placeholder: '01.234.567.8-901.000', help: '15 or 16 digits.' },
      { name: 'company_address', label: 'Company Address', input: 'textarea' },
      { name: 'company_phone', label: 'Company Phone', input: 'text', placeholder: '021-5550123' },
      { name: 'bank_name', label: 'Bank', input: 'text', placeholder: 'Bank Central Asia (BCA)', help: 'The account clients transfer a voucher order’s quotation to.' },
      { name: 'bank_account_no', label: 'Account Number', input: 'text', placeholder: '5270388811' },
      { name: 'bank_account_holder', label: 'Account Holder', input: 'text' },
      { name: 'quotation_validity_days', label: 'Quotation Validity (days)', input: 'number', help: 'How long a quotation stands from the day it is issued: 1 to 90 days.' },
    ],
    fromDetail: (s) => ({
      cs_phone: s.cs_phone ?? '',
      cs_email: s.cs_email ?? '',
      whatsapp_number: s.whatsapp_number ?? '',
      min_order_amount: s.min_order_amount,
      delivery_fee: s.delivery_fee,
      free_delivery_min_amount: s.free_delivery_min_amount,
      point_conversion: s.point_conversion,
      max_vouchers_per_order: s.max_vouchers_per_order,
      maintenance_mode: s.maintenance_mode,
      maintenance_message: s.maintenance_message ?? '',
      company_name: s.company_name ?? '',
      company_npwp: s.company_npwp ?? '',
      company_address: s.company_address ?? '',
      company_phone: s.company_phone ?? '',
      bank_name: s.bank_name ?? '',
      bank_account_no: s.bank_account_no ?? '',
      bank_account_holder: s.bank_account_holder ?? '',
      quotation_validity_days: s.quotation_validity_days,
    }),
  },
  detail: [
    {
      key: 'contact',
      title: 'Customer Service',
      items: [
        { key: 'cs_phone', label: 'Customer Service Phone' },
        { key: 'cs_email', label: 'Customer Service E-mail' },
        { key: 'whatsapp_number', label: 'WhatsApp Number' },
      ],
    },
    {
      key: 'order',
      title: 'Orders and Points',
      items: [
        { key: 'min_order_amount', label: 'Minimum Order', kind: 'rupiah' },
        { key: 'delivery_fee', label: 'Delivery Fee', kind: 'rupiah' },
        { key: 'free_delivery_min_amount', label: 'Free Delivery From', kind: 'rupiah' },
        { key: 'point_conversion', label: 'Point Conversion (Rp per point)', kind: 'rupiah' },
        { key: 'max_vouchers_per_order', label: 'Max Vouchers per Order', kind: 'number' },
      ],
    },
    {
      key: 'documents',
      title: 'Company Details for Documents',
      items: [
        { key: 'company_name', label: 'Company Legal Name' },
        { key: 'company_npwp', label: 'Company NPWP', kind: 'custom', component: CompanyNpwp },
        { key: 'company_address', label: 'Company Address' },
        { key: 'company_phone', label: 'Company Phone' },
        { key: 'bank_name', label: 'Bank' },
        { key: 'bank_account_no', label: 'Account Number' },
        { key: 'bank_account_holder', label: 'Account Holder' },
        { key: 'quotation_validity_days', label: 'Quotation Validity (days)', kind: 'number' },
      ],
    },
    {
      key: 'maintenance',
      title: 'Maintenance',
      items: [
        { key: 'maintenance_mode', label: 'Maintenance Mode', kind: 'boolean' },
        { key: 'maintenance_message', label: 'Maintenance Message' },
        { key: 'updated_by_name', label: 'Updated By' },
        { key: 'updated_at', label: 'Updated At', kind: 'date' },
      ],
    },
  ],
  rowTitle: () => i18n.t('masterdata.generalSetting.title', 'General Setting'),
  paths: (route) => ({ list: route, detail: () => route, edit: () => `${route}/edit` }),
});

/** App versions: one row per platform, edited (never created or deleted). */
export const appVersionView = defineResource<AppVersionRow>({
  name: 'app-version',
  i18n: 'masterdata.appVersion',
  title: 'App Version',
  entries: ['cms.app-version'],
  listQuery: appVersionListQuery,
  api: appVersionsApi,
  columns: [
    { key: 'platform', label: 'Platform', kind: 'status', enum: PLATFORM, link: true, width: 120 },
    { key: 'current_version', label: 'Current Version' },
    { key: 'minimum_version', label: 'Minimum Version' },
    { key: 'force_update', label: 'Force Update', kind: 'boolean' },
    { key: 'store_url', label: 'Store URL' },
    { key: 'updated_by_name', label: 'Updated By' },
    { key: 'updated_at', label: 'Updated At', kind: 'date' },
  ],
  form: {
    update: appVersionUpdateBody,
    fields: [
      { name: 'current_version', label: 'Current Version', input: 'text', placeholder: '2.4.0', help: 'The newest version in the store (major.minor.patch).' },
      { name: 'minimum_version', label: 'Minimum Version', input: 'text', placeholder: '2.0.0', help: 'Older versions are asked to update; at most the current version.' },
      { name: 'force_update', label: 'Force Update', input: 'boolean', help: 'On: versions below the minimum cannot be used until updated.' },
      { name: 'store_url', label: 'Store URL', input: 'text', placeholder: 'https://' },
      { name: 'release_notes', label: 'Release Notes', input: 'textarea' },
    ],
    fromDetail: (a) => ({
      current_version: a.current_version,
      minimum_version: a.minimum_version,
      force_update: a.force_update,
      store_url: a.store_url,
      release_notes: a.release_notes ?? '',
    }),
  },
  detail: [
    {
      key: 'general',
      title: 'App Version',
      items: [
        { key: 'platform', label: 'Platform', kind: 'status', enum: PLATFORM },
        { key: 'current_version', label: 'Current Version' },
        { key: 'minimum_version', label: 'Minimum Version' },
        { key: 'force_update', label: 'Force Update', kind: 'boolean' },
        { key: 'store_url', label: 'Store URL' },
        { key: 'release_notes', label: 'Release Notes' },
        { key: 'updated_by_name', label: 'Updated By' },
        { key: 'updated_at', label: 'Updated At', kind: 'date' },
      ],
    },
  ],
  rowTitle: (a) => `${i18n.t('masterdata.appVersion.title', 'App Version')} · ${PLATFORM.label(a.platform)}`,
});
