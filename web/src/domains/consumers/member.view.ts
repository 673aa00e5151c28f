import { MEMBER_ENTRIES, MEMBER_TIER, memberListQuery, membersApi, memberUpdateBody, type MemberRow, consumerExportsApi } from '@portal/contract';
import { booleanOptions, enumOptions } from '../../ui/options.ts';
import { defineResource } from '../../ui/resource.ts';
import { memberStoreOptions } from './consumer.options.ts';
import { MemberTabs } from './ConsumerTabs.tsx';

/** cms Member Management: loyalty memberships (tier, checked data, employee number, home store) of consumers. */
export const memberView = defineResource<MemberRow>({
  name: 'member',
  i18n: 'consumers.member',
  title: 'Member',
  entries: MEMBER_ENTRIES,
  listQuery: memberListQuery,
  api: membersApi,
  export: consumerExportsApi.members,
  search: 'Search member no, phone, e-mail or name',
  filters: [
    { kind: 'select', key: 'tier', label: 'Tier', options: enumOptions(MEMBER_TIER), width: 140 },
    { kind: 'select', key: 'is_check', label: 'Checked', options: booleanOptions({ label: 'Checked', labelId: 'Sudah dicek' }, { label: 'Not checked', labelId: 'Belum dicek' }), width: 150 },
    { kind: 'select', key: 'home_store_id', label: 'Home Store', options: memberStoreOptions, width: 220 },
  ],
  columns: [
    { key: 'member_no', label: 'Member No', sortable: true, link: true, width: 160 },
    { key: 'name', label: 'Name', sortable: true },
    { key: 'phone', label: 'Phone', width: 160 },
    { key: 'tier', label: 'Tier', kind: 'status', enum: MEMBER_TIER, width: 110 },
    { key: 'is_check', label: 'Checked', kind: 'boolean', width: 100 },
    { key: 'employee_no', label: 'Employee No', width: 130 },
    { key: 'home_store_name', label: 'Home Store' },
    { key: 'stamp_balance', label: 'Stamps', kind: 'number', width: 90, defaultHidden: true },
    { key: 'joined_at', label: 'Joined At', kind: 'date', sortable: true },
  ],
  form: {
    update: memberUpdateBody,
    fields: [
      { name: 'tier', label: 'Tier', input: 'select', options: enumOptions(MEMBER_TIER) },
      { name: 'is_check', label: 'Checked', input: 'boolean', help: 'The member’s data was checked against an identity document' },
      { name: 'employee_no', label: 'Employee No', input: 'text', help: 'Only for associates (staff of the chain)' },
      { name: 'home_store_id', label: 'Home Store', input: 'select', options: memberStoreOptions },
    ],
    fromDetail: (m) => ({ tier: m.tier, is_check: m.is_check, employee_no: m.employee_no ?? '', home_store_id: m.home_store_id }),
    toBody: (v) => ({ ...v, employee_no: typeof v.employee_no === 'string' && v.employee_no.trim() ? v.employee_no : null, home_store_id: v.home_store_id ?? null }),
  },
  detail: [
    {
      key: 'membership',
      title: 'Membership',
      items: [
        { key: 'member_no', label: 'Member No' },
        { key: 'consumer_id', label: 'Consumer ID' },
        { key: 'name', label: 'Name' },
        { key: 'phone', label: 'Phone' },
        { key: 'email', label: 'E-mail' },
        { key: 'tier', label: 'Tier', kind: 'status', enum: MEMBER_TIER },
        { key: 'is_check', label: 'Checked', kind: 'boolean' },
        { key: 'employee_no', label: 'Employee No' },
        { key: 'home_store_name', label: 'Home Store' },
        { key: 'stamp_balance', label: 'Stamps', kind: 'number' },
        { key: 'joined_at', label: 'Joined At', kind: 'date' },
        { key: 'updated_by_name', label: 'Updated By' },
        { key: 'updated_at', label: 'Updated At', kind: 'date' },
      ],
    },
    { key: 'history', component: MemberTabs },
  ],
  rowTitle: (m) => `${m.member_no} · ${m.name}`,
});
