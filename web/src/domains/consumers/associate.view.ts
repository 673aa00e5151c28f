import { ACTIVE_STATUS, ASSOCIATE_ENTRIES, associateCreateBody, associateListQuery, associatesApi, associateUpdateBody, type AssociateRow } from '@portal/contract';
import { DayInput, dayDisplay } from '../../ui/DayInput.tsx';
import { enumOptions } from '../../ui/options.ts';
import { defineResource } from '../../ui/resource.ts';
import { memberStoreOptions } from './consumer.options.ts';
import { AssociateHistory } from './ConsumerHistory.tsx';

/** cms Associate Loyalty Program: employees and their staff benefit, by employee number (`{employeeNo}/detail`). */
export const associateView = defineResource<AssociateRow>({
  name: 'associate',
  i18n: 'consumers.associate',
  title: 'Associate',
  entries: ASSOCIATE_ENTRIES,
  listQuery: associateListQuery,
  api: associatesApi,
  // A record's id is its employee number, the `:employeeNo` of its paths.
  recordArgs: (id) => ({ employeeNo: id }),
  search: 'Search employee no or name',
  filters: [
    { kind: 'select', key: 'status', label: 'Status', options: enumOptions(ACTIVE_STATUS), width: 140 },
    { kind: 'select', key: 'store_id', label: 'Store', options: memberStoreOptions, width: 220 },
  ],
  columns: [
    { key: 'employee_no', label: 'Employee No', sortable: true, link: true, width: 140 },
    { key: 'name', label: 'Name', sortable: true },
    { key: 'store_name', label: 'Store' },
    { key: 'department', label: 'Department' },
    { key: 'position', label: 'Position', defaultHidden: true },
    { key: 'monthly_quota', label: 'Monthly Quota', kind: 'rupiah' },
    { key: 'used_this_month', label: 'Used This Month', kind: 'rupiah' },
    { key: 'member_no', label: 'Member No', defaultHidden: true },
    dayDisplay<AssociateRow>('joined_on', 'Joined On', { sortable: true }),
    { key: 'status', label: 'Status', kind: 'status', enum: ACTIVE_STATUS, width: 110 },
  ],
  form: {
    create: associateCreateBody,
    update: associateUpdateBody,
    fields: [
      { name: 'employee_no', label: 'Employee No', input: 'text', only: 'create', placeholder: 'e.g. EMP-00123' },
      { name: 'name', label: 'Name', input: 'text' },
      { name: 'email', label: 'E-mail', input: 'email' },
      { name: 'store_id', label: 'Store', input: 'select', options: memberStoreOptions },
      { name: 'department', label: 'Department', input: 'text' },
      { name: 'position', label: 'Position', input: 'text' },
      { name: 'monthly_quota', label: 'Monthly Quota', input: 'rupiah', help: 'Staff discount per month' },
      { name: 'joined_on', label: 'Joined On', input: 'custom', component: DayInput, wide: false },
      { name: 'status', label: 'Status', input: 'select', options: enumOptions(ACTIVE_STATUS) },
    ],
    fromDetail: (a) => ({
      name: a.name,
      email: a.email ?? '',
      store_id: a.store_id,
      department: a.department ?? '',
      position: a.position ?? '',
      monthly_quota: a.monthly_quota,
      joined_on: a.joined_on,
      status: a.status,
    }),
    toBody: (v) => ({
      ...v,
      email: typeof v.email === 'string' && v.email.trim() ? v.email : null,
      department: typeof v.department === 'string' && v.department.trim() ? v.department : null,
      position: typeof v.position === 'string' && v.position.trim() ? v.position : null,
      store_id: v.store_id ?? null,
    }),
  },
  detail: [
    {
      key: 'associate',
      title: 'Associate',
      items: [
        { key: 'employee_no', label: 'Employee No' },
        { key: 'associate_id', label: 'Associate ID' },
        { key: 'name', label: 'Name' },
        { key: 'email', label: 'E-mail' },
        { key: 'store_name', label: 'Store' },
        { key: 'department', label: 'Department' },
        { key: 'position', label: 'Position' },
        { key: 'status', label: 'Status', kind: 'status', enum: ACTIVE_STATUS },
        { key: 'monthly_quota', label: 'Monthly Quota', kind: 'rupiah' },
        { key: 'used_this_month', label: 'Used This Month', kind: 'rupiah' },
        dayDisplay<AssociateRow>('joined_on', 'Joined On'),
        { key: 'member_no', label: 'Member No' },
        { key: 'updated_by_name', label: 'Updated By' },
        { key: 'updated_at', label: 'Updated At', kind: 'date' },
      ],
    },
    { key: 'history', title: 'Staff Purchases', component: AssociateHistory },
  ],
  rowTitle: (a) => `${a.employee_no} · ${a.name}`,
});
