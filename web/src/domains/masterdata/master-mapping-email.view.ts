import {
  masterMappingEmailCreateBody,
  masterMappingEmailListQuery,
  masterMappingEmailRow,
  masterMappingEmailUpdateBody,
  masterMappingEmailsApi,
  type MasterMappingEmailRow,
} from '@portal/contract';
import { booleanOptions, remoteOptions, type OptionSource } from '../../ui/options.ts';
import { defineResource } from '../../ui/resource.ts';
import { MappingChildren, MappingParentCell, MappingParentPicker, MappingUserCell, MappingUserPicker } from './masterdata.inputs.tsx';

/** Mappings as filter options: every mapping's user (a small table, `is_all`). */
const parentOptions: OptionSource = remoteOptions(
  'master-mapping-email',
  masterMappingEmailsApi.list,
  masterMappingEmailRow.pick({ id: true, user: true }),
  (m) => ({ value: m.id, label: `${m.user.name} · ${m.user.email}` }),
  { query: { is_all: 'true', sort_by: 'name', sort_dir: 'asc' } },
);
const levelOptions = booleanOptions({ label: 'Top of the tree', labelId: 'Puncak eskalasi' }, { label: 'Escalates to someone', labelId: 'Memiliki atasan eskalasi' });

/** cms Master Data › Master Mapping E-mail: who receives a ticket's escalation, as a tree of users. */
export const masterMappingEmailView = defineResource<MasterMappingEmailRow>({
  name: 'master-mapping-email',
  i18n: 'masterdata.mapping',
  title: 'Mapping E-mail',
  entries: ['cms.master-mapping-email'],
  listQuery: masterMappingEmailListQuery,
  api: masterMappingEmailsApi,
  search: 'Search name, username or e-mail',
  filters: [
    { kind: 'select', key: 'parent_id', label: 'Escalates To', options: parentOptions, width: 220 },
    { kind: 'select', key: 'is_root', label: 'Level', options: levelOptions, width: 180 },
  ],
  columns: [
    { key: 'name', label: 'User', sortable: true, link: true, kind: 'custom', component: MappingUserCell },
    { key: 'username', label: 'Username', kind: 'custom', component: ({ row }) => row.user.username },
    { key: 'parent', label: 'Escalates To', kind: 'custom', component: MappingParentCell },
    { key: 'child_count', label: 'Escalated From', kind: 'number', width: 140 },
    { key: 'updated_by_name', label: 'Updated By', defaultHidden: true },
    { key: 'updated_at', label: 'Updated At', kind: 'date', sortable: true },
  ],
  form: {
    create: masterMappingEmailCreateBody,
    update: masterMappingEmailUpdateBody,
    fields: [
      { name: 'user_id', label: 'User', input: 'custom', component: MappingUserPicker, wide: false },
      { name: 'parent_id', label: 'Escalates To', input: 'custom', component: MappingParentPicker, wide: false, help: 'Leave empty for the top of the escalation tree.' },
    ],
    fromDetail: (m) => ({ user_id: m.user_id, parent_id: m.parent_id }),
  },
  detail: [
    {
      key: 'general',
      title: 'Mapping',
      items: [
        { key: 'user', label: 'User', kind: 'custom', component: MappingUserCell },
        { key: 'username', label: 'Username', kind: 'custom', component: ({ row }) => row.user.username },
        { key: 'parent', label: 'Escalates To', kind: 'custom', component: MappingParentCell },
        { key: 'child_count', label: 'Escalated From', kind: 'number' },
        { key: 'updated_by_name', label: 'Updated By' },
        { key: 'updated_at', label: 'Updated At', kind: 'date' },
      ],
    },
    { key: 'children', title: 'Escalated from', component: MappingChildren },
  ],
  rowTitle: (m) => `${m.user.name} · ${m.user.email}`,
});
