import { sql } from 'drizzle-orm';
import { DIGITAL_PRODUCT_TYPE, MOBILE_OPERATOR, TOP_UP_ENTRIES, TOP_UP_STATUS, exportFileName, topUpListQuery, topUpStaffApi, type TopUpListQuery } from '@portal/contract';
import { listConditions } from '../../platform/crud/index.ts';
import { defineExport, enumLabel, type ExportSource, type ExportViewer } from '../../platform/exports/index.ts';
import type { ModuleExport } from '../../platform/module.ts';
import type { PersonalDataAccessLog } from '../../platform/personal-data.ts';
import { maskPhoneSql } from '../../platform/personal-data.ts';
import { decidePersonalData, stepUpForPersonalData } from '../../platform/personal-data-export.ts';
import { TOP_UP_REFUND_DUE, topUpDef } from './top-up.resource.ts';

/** The spec's name (section 9): `Top_Up_&_Bills_Order_Management_<YYYYMMDD>_<HHmmss>.<format>`, Jakarta time. */
const SPEC_NAME = 'Top_Up_&_Bills_Order_Management';

/** The top-up list as a file, with the list's filters and search; the numbers masked as on screen without the right. */
export function topUpExports(accessLog: PersonalDataAccessLog): ModuleExport[] {
  const source = (q: TopUpListQuery, viewer: ExportViewer): ExportSource => ({
    select: sql`select t.id, t.transaction_no, t.created_at, c.name as consumer_name,
      ${viewer.personalData ? sql`t.phone_number` : maskPhoneSql(sql`t.phone_number`)} as shown_phone,
      t.product_type, t.operator, t.product_name, t.denomination, t.amount, t.status, t.status as status_text, t.payment_status, t.paid_at,
      t.biller_ref, t.serial_number, t.attempts, ${TOP_UP_REFUND_DUE} as refund_due, t.cancel_reason`,
    from: sql`from top_ups t join consumers c on c.id = t.consumer_id`,
    where: listConditions(topUpDef, q),
    keys: ['t.created_at', 't.id'],
    keyColumns: ['created_at', 'id'],
    dir: q.sort_dir,
  });
  const decide = decidePersonalData(accessLog, 'Top_Up_Bills_Order_Management', 't.consumer_id');
  const def = defineExport({
    name: 'Top_Up_Bills_Order_Management',
    fileName: (format, at) => exportFileName(SPEC_NAME, format, at),
    guard: stepUpForPersonalData,
    sheetName: 'Top Up & Bills',
    entries: TOP_UP_ENTRIES,
    listQuery: topUpListQuery,
    columns: [
      { key: 'transaction_no', label: 'Transaction No' },
      { key: 'created_at', label: 'Transaction Date (WIB)', format: 'datetime' },
      { key: 'consumer_name', label: 'Consumer' },
      { key: 'shown_phone', label: 'Phone Number' },
      { key: 'product_type', label: 'Product Type', format: enumLabel(DIGITAL_PRODUCT_TYPE) },
      { key: 'operator', label: 'Operator', format: enumLabel(MOBILE_OPERATOR) },
      { key: 'product_name', label: 'Product' },
      { key: 'denomination', label: 'Denomination (Rp)', format: 'number' },
      { key: 'amount', label: 'Price (Rp)', format: 'number' },
      { key: 'status', label: 'Status Code', format: 'number' },
      { key: 'status_text', label: 'Status', format: enumLabel(TOP_UP_STATUS) },
      { key: 'payment_status', label: 'Payment Status' },
      { key: 'paid_at', label: 'Paid At (WIB)', format: 'datetime' },
      { key: 'biller_ref', label: 'Biller Reference' },
      { key: 'serial_number', label: 'Serial Number' },
      { key: 'attempts', label: 'Attempts', format: 'number' },
      { key: 'refund_due', label: 'Refund Due (Rp)', format: 'number' },
      { key: 'cancel_reason', label: 'Cancel Reason' },
    ],
    source,
    prepare: (db, q, viewer) => decide(db, source(q, viewer), viewer),
  });
  return [{ def, endpoint: topUpStaffApi.export }];
}
