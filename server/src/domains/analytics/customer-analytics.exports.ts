import { sql } from 'drizzle-orm';
import { CUSTOMER_ANALYTICS_ENTRIES, CUSTOMER_DETAIL_TYPES, CUSTOMER_MEASURES, customerAnalyticsExportsApi as api, customerRankExportQuery, type CustomerDetailType } from '@portal/contract';
import { defineExport, type ExportColumn } from '../../platform/exports/index.ts';
import type { ModuleExport } from '../../platform/module.ts';
import type { CustomerAnalyticsService } from './customer-analytics.service.ts';

const money = (key: string, label: string): ExportColumn => ({ key, label: `${label} (Rp)`, format: 'money' });
const number = (key: string, label: string): ExportColumn => ({ key, label, format: 'number' });

/** Each measure's column header in the files. */
const MEASURE_LABEL: Record<CustomerDetailType, string> = {
  'apc-per-customer': 'APC per Customer (Rp)',
  'ipc-per-customer': 'IPC per Customer',
  'qpc-per-customer': 'QPC per Customer',
  'apc-per-transaction': 'APC per Transaction (Rp)',
  'ipc-per-transaction': 'IPC per Transaction',
  'qpc-per-transaction': 'QPC per Transaction',
};

/** The sheet's name, at most 31 characters. */
const SHEET: Record<CustomerDetailType, string> = {
  'apc-per-customer': 'APC per Customer by Store',
  'ipc-per-customer': 'IPC per Customer by Store',
  'qpc-per-customer': 'QPC per Customer by Store',
  'apc-per-transaction': 'APC per Transaction by Store',
  'ipc-per-transaction': 'IPC per Transaction by Store',
  'qpc-per-transaction': 'QPC per Transaction by Store',
};

/**
 * The detail pages' table: every store ranked by the page's measure with the page's filters, then the figures it is
 * divided from and the rest. Named by the spec's general pattern, `Export-customer_<type>_<YYYYMMDD_HHmmss>`.
 */
export function customerAnalyticsExports(customers: CustomerAnalyticsService): ModuleExport[] {
  return CUSTOMER_DETAIL_TYPES.map((type) => {
    const measure = CUSTOMER_MEASURES[type];
    const value: ExportColumn = { key: 'value', label: MEASURE_LABEL[type], format: measure.decimals ? 'number' : 'money' };
    return {
      endpoint: api[type],
      def: defineExport({
        name: `Export-customer_${type.replace(/-/g, '_')}`,
        sheetName: SHEET[type],
        entries: CUSTOMER_ANALYTICS_ENTRIES,
        listQuery: customerRankExportQuery,
        columns: [
          number('rank', 'Rank'),
          { key: 'store_code', label: 'Store Code' },
          { key: 'store_name', label: 'Store' },
          { key: 'province_name', label: 'Region' },
          value,
          number('customers', 'Customers'),
          number('member_transactions', 'Members’ Transactions'),
          number('member_lines', 'Members’ Lines'),
          number('member_quantity', 'Members’ Quantity'),
          money('member_sales', 'Members’ Sales'),
          number('transactions', 'Transactions'),
          number('lines', 'Lines'),
          number('quantity', 'Quantity'),
          money('sales', 'Sales'),
        ],
        source: (q) => ({ select: sql`select x.*`, from: sql`from (${customers.storeRanking({ ...q, type })}) x`, where: [], keys: ['x.rank', 'x.store_id'], keyColumns: ['rank', 'store_id'], dir: 'asc' }),
      }),
    };
  });
}
