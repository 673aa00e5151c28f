import { sql } from 'drizzle-orm';
import { VOUCHER_LIST_ENTRIES, VOUCHER_STATUS, jakartaDay, voucherListQuery, vouchersListApi } from '@portal/contract';
import type { Clock } from '../../platform/clock.ts';
import { enumLabel, resourceExport } from '../../platform/exports/index.ts';
import type { ModuleExport } from '../../platform/module.ts';
import { voucherDef } from './voucher.resource.ts';

/**
 * Issued vouchers as a file with their whole codes (what a client receives after release, and the Voucher Report's
 * download), with the list's filters; named as spec section 9 says: `VoucherReport_<YYYYMMDD>.<format>`, Jakarta day.
 */
export function voucherExports(clock: Clock): ModuleExport[] {
  const def = resourceExport(voucherDef(clock), {
    name: 'VoucherReport',
    fileName: (format, at) => `VoucherReport_${jakartaDay(at).replaceAll('-', '')}.${format}`,
    sheetName: 'Vouchers',
    entries: VOUCHER_LIST_ENTRIES,
    listQuery: voucherListQuery,
    computed: () => sql`v.code as voucher_barcode, s.name as used_store_name, v.pos_transaction_no`,
    columns: [
      { key: 'voucher_barcode', label: 'Voucher Barcode' },
      { key: 'voucher_code', label: 'Voucher Code' },
      { key: 'voucher_name', label: 'Voucher' },
      { key: 'denomination', label: 'Denomination (Rp)', format: 'number' },
      { key: 'partner_name', label: 'Partner' },
      { key: 'order_number', label: 'Order Number' },
      { key: 'released_at', label: 'Released At (WIB)', format: 'datetime' },
      { key: 'valid_until', label: 'Valid Until' },
      { key: 'status', label: 'Status', format: enumLabel(VOUCHER_STATUS) },
      { key: 'used_at', label: 'Used At (WIB)', format: 'datetime' },
      { key: 'used_store_code', label: 'Store Code' },
      { key: 'used_store_name', label: 'Store' },
      { key: 'pos_transaction_no', label: 'POS Transaction' },
    ],
  });
  return [{ def, endpoint: vouchersListApi.export }];
}
