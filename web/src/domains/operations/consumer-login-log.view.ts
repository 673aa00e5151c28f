import {
  CONSUMER_LOGIN_LOG_ENTRIES,
  consumerLoginLogListQuery,
  consumerLoginLogsApi,
  LOG_RESULT,
  LOGIN_FAILURE_REASON,
  loginLogVersion,
  PLATFORM,
  type ConsumerLoginLogRow,
} from '@portal/contract';
import { enumOptions, remoteOptions } from '../../ui/options.ts';
import { defineResource, type DisplayDef } from '../../ui/resource.ts';
import { LoginConsumerCell } from './HeimdalLogLinks.tsx';

/** The app versions the log has seen, newest first. */
const versionOptions = remoteOptions('consumer-login-log', consumerLoginLogsApi.appVersions, loginLogVersion, (v) => ({ value: v.app_version, label: v.app_version }));

/** What one attempt shows, on its consumer page as in the list. */
export const ATTEMPT_ITEMS: readonly DisplayDef<ConsumerLoginLogRow>[] = [
  { key: 'at', label: 'Time', kind: 'date' },
  { key: 'result', label: 'Result', kind: 'status', enum: LOG_RESULT },
  { key: 'failure_reason', label: 'Failure Reason', kind: 'status', enum: LOGIN_FAILURE_REASON },
  { key: 'phone', label: 'Phone Tried' },
  { key: 'platform', label: 'Platform', kind: 'status', enum: PLATFORM },
  { key: 'app_version', label: 'App Version' },
  { key: 'device', label: 'Device' },
  { key: 'ip', label: 'IP Address' },
];

/**
 * heimdal Consumer Login Log: every sign-in attempt of the consumer app, newest first, with the period, result,
 * platform, app version and consumer in the URL; the phone masked without the personal-data right; from an attempt, its
 * consumer's view (`{id}/consumer`).
 */
export const consumerLoginLogView = defineResource<ConsumerLoginLogRow>({
  name: 'consumer-login-log',
  i18n: 'heimdal.loginLog',
  title: 'Consumer Login Log',
  entries: CONSUMER_LOGIN_LOG_ENTRIES,
  listQuery: consumerLoginLogListQuery,
  api: consumerLoginLogsApi,
  export: consumerLoginLogsApi.export,
  search: 'Search phone number or consumer name',
  filters: [
    { kind: 'dateRange', from: 'date_from', to: 'date_until', label: 'Period' },
    { kind: 'select', key: 'result', label: 'Result', options: enumOptions(LOG_RESULT), width: 130 },
    { kind: 'select', key: 'platform', label: 'Platform', options: enumOptions(PLATFORM), width: 130 },
    { kind: 'select', key: 'app_version', label: 'App Version', options: versionOptions, width: 150 },
    { kind: 'text', key: 'consumer_id', label: 'Consumer ID', width: 130 },
  ],
  columns: [
    { key: 'at', label: 'Time', kind: 'date', sortable: true, width: 190 },
    { key: 'result', label: 'Result', kind: 'status', enum: LOG_RESULT, width: 100 },
    { key: 'failure_reason', label: 'Failure Reason', kind: 'status', enum: LOGIN_FAILURE_REASON },
    { key: 'consumer', label: 'Consumer', kind: 'custom', component: LoginConsumerCell },
    { key: 'consumer_id', label: 'Consumer ID', kind: 'number', width: 110, defaultHidden: true },
    { key: 'phone', label: 'Phone Tried', width: 160 },
    { key: 'platform', label: 'Platform', kind: 'status', enum: PLATFORM, width: 100 },
    { key: 'app_version', label: 'App Version', width: 110 },
    { key: 'device', label: 'Device' },
    { key: 'ip', label: 'IP Address', width: 140 },
  ],
  detail: [{ key: 'attempt', title: 'Sign-in Attempt', items: ATTEMPT_ITEMS }],
  rowTitle: (r) => r.consumer_name ?? r.phone,
  // An attempt opens its consumer's view, from the consumer's cell; it has no page of its own.
  rowActions: false,
});
