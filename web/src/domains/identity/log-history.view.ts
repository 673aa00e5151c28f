import { AUDIT_ACTIONS, auditListQuery, logHistoryApi, userOption, usersApi, type AuditDetail, type AuditRow } from '@portal/contract';
import { codeOptions, remoteOptions } from '../../ui/options.ts';
import { defineResource } from '../../ui/resource.ts';
import { AuditChanges } from './AuditChanges.tsx';

/** Who made the change: a server-side search over `user/options`. */
const actorOptions = remoteOptions('user', usersApi.options, userOption, (u) => ({ value: u.id, label: `${u.name} (${u.username})` }), {
  searchable: true,
});

/** The audit trail: every mutation with actor, time, ip and the record before and after. Read only. */
export const logHistoryView = defineResource<AuditRow, AuditDetail>({
  name: 'log-history',
  i18n: 'identity.logHistory',
  title: 'Log History',
  entries: ['cms.log-history'],
  listQuery: auditListQuery,
  api: logHistoryApi,
  export: logHistoryApi.export,
  search: 'Search',
  filters: [
    { kind: 'select', key: 'actor_id', label: 'User', options: actorOptions, width: 240 },
    { kind: 'text', key: 'entity', label: 'Entity', width: 160 },
    { kind: 'select', key: 'action', label: 'Action', options: codeOptions(AUDIT_ACTIONS), width: 180 },
    { kind: 'dateRange', from: 'date_from', to: 'date_to', label: 'Date' },
  ],
  columns: [
    { key: 'at', label: 'Time', kind: 'date', sortable: true, link: true },
    { key: 'actor_name', label: 'User' },
    { key: 'action', label: 'Action', kind: 'tag' },
    { key: 'entity', label: 'Entity' },
    { key: 'entity_id', label: 'Record ID' },
    { key: 'ip', label: 'IP Address' },
  ],
  detail: [
    {
      key: 'general',
      title: 'Log',
      items: [
        { key: 'actor_name', label: 'User' },
        { key: 'at', label: 'Time', kind: 'date' },
        { key: 'ip', label: 'IP Address' },
        { key: 'action', label: 'Action', kind: 'tag' },
        { key: 'entity', label: 'Entity' },
        { key: 'entity_id', label: 'Record ID' },
      ],
    },
    { key: 'changes', title: 'Changes', component: AuditChanges },
  ],
  rowTitle: (r) => `${r.action} · ${r.entity}${r.entity_id ? ` #${r.entity_id}` : ''}`,
});
