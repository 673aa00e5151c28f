import { sql } from 'drizzle-orm';
import { COUPON_CLAIM_STATUS, COUPON_LOG_ENTRIES, COUPON_SETTING_ENTRIES, couponCodeExportQuery, couponLogListQuery, couponLogsApi, couponSettingsApi, type CouponLogListQuery } from '@portal/contract';
import { listConditions } from '../../platform/crud/index.ts';
import { defineExport, enumLabel, yesNo, type ExportSource, type ExportViewer } from '../../platform/exports/index.ts';
import type { ModuleExport } from '../../platform/module.ts';
import type { PersonalDataAccessLog } from '../../platform/personal-data.ts';
import { decidePersonalData, shownContact, stepUpForPersonalData } from '../../platform/personal-data-export.ts';
import { couponLogDef } from './coupon-log.resource.ts';

/** The section 9 general pattern Export-{param}-{suffix}: `Export-coupon_log-<YYYYMMDD_HHmmss>.<format>`. */
const NAME = 'Export-coupon_log';

/** The coupon log as a file, with the list's filters and search from its query string; phone and e-mail masked as on screen. */
export function couponLogExports(accessLog: PersonalDataAccessLog): ModuleExport[] {
  const source = (q: CouponLogListQuery, viewer: ExportViewer): ExportSource => ({
    select: sql`select k.id, k.coupon_setting_id as coupon_id, k.coupon_code, k.reward_id, k.claimed_at as claimed_date, k.name, c.name as consumer_name,
      ${shownContact(viewer)}, c.app_card_id, c.physical_card_id, k.redeemed_at as redemption_date, k.status, s.name as store, k.pos_receipt_no`,
    from: couponLogDef.from,
    where: listConditions(couponLogDef, q),
    keys: ['k.claimed_at', 'k.id'],
    keyColumns: ['claimed_date', 'id'],
    dir: q.sort_dir,
  });
  const decide = decidePersonalData(accessLog, NAME, 'k.consumer_id');
  const def = defineExport({
    name: NAME,
    guard: stepUpForPersonalData,
    sheetName: 'Coupon Log',
    entries: COUPON_LOG_ENTRIES,
    listQuery: couponLogListQuery,
    columns: [
      { key: 'coupon_id', label: 'Coupon ID', format: 'number' },
      { key: 'coupon_code', label: 'Coupon Code' },
      { key: 'reward_id', label: 'Reward ID', format: 'number' },
      { key: 'claimed_date', label: 'Claimed Date (WIB)', format: 'datetime' },
      { key: 'name', label: 'Name' },
      { key: 'consumer_name', label: 'Consumer Name' },
      { key: 'shown_phone', label: 'Phone Number' },
      { key: 'shown_email', label: 'E-mail' },
      { key: 'app_card_id', label: 'App Card ID' },
      { key: 'physical_card_id', label: 'Physical Card ID' },
      { key: 'redemption_date', label: 'Redemption Date (WIB)', format: 'datetime' },
      { key: 'status', label: 'Status', format: enumLabel(COUPON_CLAIM_STATUS) },
      { key: 'store', label: 'Store' },
      { key: 'pos_receipt_no', label: 'POS Receipt' },
    ],
    source,
    prepare: (db, q, viewer) => decide(db, source(q, viewer), viewer),
  });
  const codes = defineExport({
    name: 'Export-coupon_code',
    sheetName: 'Coupon Codes',
    entries: COUPON_SETTING_ENTRIES,
    listQuery: couponCodeExportQuery,
    columns: [
      { key: 'code', label: 'Coupon Code' },
      { key: 'taken', label: 'Claimed', format: yesNo },
    ],
    source: (q) => ({
      select: sql`select k.id, k.code, k.taken`,
      from: sql`from coupon_codes k`,
      where: [sql`k.coupon_setting_id = ${q.coupon_setting_id}`],
      keys: ['k.id'],
      keyColumns: ['id'],
      dir: q.sort_dir,
    }),
  });
  return [
    { def, endpoint: couponLogsApi.export },
    { def: codes, endpoint: couponSettingsApi.exportCodes },
  ];
}
