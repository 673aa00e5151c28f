import { z } from 'zod';
import { endpoint, exportEndpoint, resourceApi } from '../common/endpoint.ts';
import { CONSUMER_LOGIN_LOG_ENTRIES, consumerLoginLogListQuery, consumerLoginLogRow, loginLogVersion, loginLogVersionsQuery } from './consumer-login-log.schema.ts';
import {
  VOUCHER_USED_LOG_ENTRIES,
  voucherUsedLogDetail,
  voucherUsedLogListQuery,
  voucherUsedLogOption,
  voucherUsedLogOptionsQuery,
  voucherUsedLogRow,
} from './voucher-used-log.schema.ts';

const loginLogs = resourceApi({
  name: 'consumer-login-logs',
  path: 'consumer-login-logs',
  tag: 'consumer login log',
  label: 'consumer sign-in attempt',
  entries: CONSUMER_LOGIN_LOG_ENTRIES,
  row: consumerLoginLogRow,
  listQuery: consumerLoginLogListQuery,
});

/**
 * heimdal Consumer Login Log: every consumer app sign-in attempt (list, one attempt), the app versions seen (for the
 * filter) and the export `export_log` with the list's query string. Phones come masked without the personal-data right.
 */
export const consumerLoginLogsApi = {
  ...loginLogs,
  appVersions: endpoint({
    id: 'consumer-login-logs.app-versions',
    method: 'GET',
    path: 'consumer-login-logs/app-versions',
    tag: 'consumer login log',
    summary: 'The app versions the login log has seen, newest first (the version filter’s options), searched by their start',
    access: { entries: CONSUMER_LOGIN_LOG_ENTRIES, action: 'view' },
    query: loginLogVersionsQuery,
    data: z.array(loginLogVersion),
  }),
  export: exportEndpoint(loginLogs.list, CONSUMER_LOGIN_LOG_ENTRIES, 'the consumer login log'),
};

const voucherUsed = resourceApi({
  name: 'voucher-used-logs',
  path: 'voucher-used-logs',
  tag: 'voucher used log',
  label: 'voucher redemption',
  entries: VOUCHER_USED_LOG_ENTRIES,
  row: voucherUsedLogRow,
  detail: voucherUsedLogDetail,
  listQuery: voucherUsedLogListQuery,
});

const options = (what: 'stores' | 'partners', summary: string) =>
  endpoint({
    id: `voucher-used-logs.${what}`,
    method: 'GET',
    path: `voucher-used-logs/${what}`,
    tag: 'voucher used log',
    summary,
    access: { entries: VOUCHER_USED_LOG_ENTRIES, action: 'view' },
    query: voucherUsedLogOptionsQuery,
    data: z.array(voucherUsedLogOption),
  });

/**
 * heimdal Voucher Used Log: every e-voucher redemption (list; one redemption with its voucher's validity and the receipt
 * it paid), the store and partner pickers of its filters, and its export with the list's query string.
 */
export const voucherUsedLogsApi = {
  ...voucherUsed,
  stores: options('stores', 'Stores for the log’s store filter, searched by code or name'),
  partners: options('partners', 'Partners (inactive ones too) for the log’s partner filter, searched by code or name'),
  export: exportEndpoint(voucherUsed.list, VOUCHER_USED_LOG_ENTRIES, 'the voucher used log'),
};

export const heimdalLogsApi = { consumerLoginLogsApi, voucherUsedLogsApi };
