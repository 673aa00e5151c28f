import { sql } from 'drizzle-orm';
import {
  CONSUMER_LOGIN_LOG_ENTRIES,
  consumerLoginLogListQuery,
  consumerLoginLogsApi,
  exportFileName,
  LOG_RESULT,
  LOGIN_FAILURE_REASON,
  PLATFORM,
  VOUCHER_USED_LOG_ENTRIES,
  voucherUsedLogListQuery,
  voucherUsedLogsApi,
  type ConsumerLoginLogListQuery,
  type VoucherUsedLogListQuery,
} from '@portal/contract';
import { listConditions } from '../../platform/crud/index.ts';
import { defineExport, enumLabel, type ExportSource, type ExportViewer } from '../../platform/exports/index.ts';
import type { ModuleExport } from '../../platform/module.ts';
import { maskPhoneSql, type PersonalDataAccessLog } from '../../platform/personal-data.ts';
import { decidePersonalData, stepUpForPersonalData } from '../../platform/personal-data-export.ts';
import { consumerLoginLogDef } from './consumer-login-log.resource.ts';
import { voucherUsedLogDef } from './voucher-used-log.resource.ts';

/** The consumer login log's file: spec section 9's `export_log` (`export_log_<YYYYMMDD_HHmmss>.<format>`). */
const LOGIN_NAME = 'export_consumer_login_log';
const LOGIN_FILE = 'export_log';
/** The general pattern Export-{param}-{suffix}, as the coupon log's: `Export-voucher_used_log_<YYYYMMDD_HHmmss>.<format>`. */
const USED_NAME = 'Export-voucher_used_log';

/** A phone as the file shows it: masked by the database unless the viewer may see personal data. */
const shownPhone = (column: string, viewer: ExportViewer) => (viewer.personalData ? sql.raw(column) : maskPhoneSql(sql.raw(column)));

/**
 * heimdal's two logs as files, with the lists' filters, search and order from the query string. The phones are masked
 * as on screen unless the exporting user holds the personal-data right when the rows are read (then the file is recorded
 * in the access log, and asks for a recent second factor as every unmasked export does). The voucher file carries the
 * whole barcode, as the vouchers domain's redemption export does: finance reconciles redemptions with the POS by it.
 */
export function heimdalLogExports(accessLog: PersonalDataAccessLog): ModuleExport[] {
  const loginSource = (q: ConsumerLoginLogListQuery, viewer: ExportViewer): ExportSource => ({
    select: sql`select l.id, l.at, l.result, l.failure_reason, l.consumer_id, c.name as consumer_name, ${shownPhone('l.phone', viewer)} as shown_phone,
      l.platform, l.app_version, l.device, l.ip`,
    from: consumerLoginLogDef.from,
    where: listConditions(consumerLoginLogDef, q),
    keys: ['l.at', 'l.id'],
    keyColumns: ['at', 'id'],
    dir: q.sort_dir,
  });
  const decideLogin = decidePersonalData(accessLog, LOGIN_NAME, 'l.consumer_id');
  const login = defineExport({
    name: LOGIN_NAME,
    fileName: (format, at) => exportFileName(LOGIN_FILE, format, at),
    guard: stepUpForPersonalData,
    sheetName: 'Consumer Login Log',
    entries: CONSUMER_LOGIN_LOG_ENTRIES,
    listQuery: consumerLoginLogListQuery,
    columns: [
      { key: 'at', label: 'Time (WIB)', format: 'datetime' },
      { key: 'result', label: 'Result', format: enumLabel(LOG_RESULT) },
      { key: 'failure_reason', label: 'Failure Reason', format: enumLabel(LOGIN_FAILURE_REASON) },
      { key: 'consumer_id', label: 'Consumer ID', format: 'number' },
      { key: 'consumer_name', label: 'Consumer Name' },
      { key: 'shown_phone', label: 'Phone Number' },
      { key: 'platform', label: 'Platform', format: enumLabel(PLATFORM) },
      { key: 'app_version', label: 'App Version' },
      { key: 'device', label: 'Device' },
      { key: 'ip', label: 'IP Address' },
    ],
    source: loginSource,
    prepare: (db, q, viewer) => decideLogin(db, loginSource(q, viewer), viewer),
  });

  const usedSource = (q: VoucherUsedLogListQuery, viewer: ExportViewer): ExportSource => ({
    select: sql`select v.id, v.used_at, v.code as voucher_barcode, vp.voucher_code, vp.name as voucher_name, v.denomination,
      pa.partner_code, pa.name as partner_name, o.order_number, s.code as store_code, s.name as store_name, v.pos_ref, v.pos_transaction_no,
      c.id as consumer_id, c.name as consumer_name, ${shownPhone('c.phone', viewer)} as shown_phone`,
    from: voucherUsedLogDef.from,
    where: [voucherUsedLogDef.scope, ...listConditions(voucherUsedLogDef, q)],
    keys: ['v.used_at', 'v.id'],
    keyColumns: ['used_at', 'id'],
    dir: q.sort_dir,
  });
  const decideUsed = decidePersonalData(accessLog, USED_NAME, 'c.id');
  const used = defineExport({
    name: USED_NAME,
    guard: stepUpForPersonalData,
    sheetName: 'Voucher Used Log',
    entries: VOUCHER_USED_LOG_ENTRIES,
    listQuery: voucherUsedLogListQuery,
    columns: [
      { key: 'used_at', label: 'Used At (WIB)', format: 'datetime' },
      { key: 'voucher_barcode', label: 'Voucher Barcode' },
      { key: 'voucher_code', label: 'Voucher Code' },
      { key: 'voucher_name', label: 'Voucher Name' },
      { key: 'denomination', label: 'Amount (Rp)', format: 'money' },
      { key: 'partner_code', label: 'Partner Code' },
      { key: 'partner_name', label: 'Partner' },
      { key: 'order_number', label: 'Order Number' },
      { key: 'store_code', label: 'Store Code' },
      { key: 'store_name', label: 'Store' },
      { key: 'pos_ref', label: 'POS Reference' },
      { key: 'pos_transaction_no', label: 'POS Transaction' },
      { key: 'consumer_id', label: 'Consumer ID', format: 'number' },
      { key: 'consumer_name', label: 'Consumer Name' },
      { key: 'shown_phone', label: 'Phone Number' },
    ],
    source: usedSource,
    prepare: (db, q, viewer) => decideUsed(db, usedSource(q, viewer), viewer),
  });

  return [
    { def: login, endpoint: consumerLoginLogsApi.export },
    { def: used, endpoint: voucherUsedLogsApi.export },
  ];
}
