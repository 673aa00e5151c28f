import { sql } from 'drizzle-orm';
import { analyticsQuery, SPEND_BAND_ENTRIES, spendBandApi } from '@portal/contract';
import { defineExport, type ExportColumn } from '../../platform/exports/index.ts';
import type { ModuleExport } from '../../platform/module.ts';
import type { SpendBandService } from './spend-band.service.ts';

const money = (key: string, label: string): ExportColumn => ({ key, label: `${label} (Rp)`, format: 'money' });
const number = (key: string, label: string): ExportColumn => ({ key, label, format: 'number' });

/**
 * The Spend Band Report's export: the bands in order and the total, with the screen's filters and period, under the
 * spec's general name `Export-spend_band_report_<YYYYMMDD_HHmmss>` (the download's Jakarta date and time).
 */
export function spendBandExports(bands: SpendBandService): ModuleExport[] {
  return [
    {
      endpoint: spendBandApi.export,
      def: defineExport({
        name: 'Export-spend_band_report',
        sheetName: 'Spend Band Report',
        entries: SPEND_BAND_ENTRIES,
        listQuery: analyticsQuery,
        columns: [
          { key: 'period_from', label: 'From', format: 'date' },
          { key: 'period_to', label: 'To', format: 'date' },
          { key: 'band', label: 'Spend Band' },
          number('transactions', 'Transactions'),
          number('transactions_share', 'Share of Transactions (%)'),
          money('sales', 'Sales'),
          number('sales_share', 'Share of Sales (%)'),
          money('average_basket', 'Average Basket'),
          number('member_transactions', 'Members’ Transactions'),
          number('member_share', 'Members’ Share of Transactions (%)'),
          money('member_sales', 'Members’ Sales'),
          money('member_average_basket', 'Members’ Average Basket'),
          number('previous_transactions', 'Previous Period Transactions'),
          money('previous_sales', 'Previous Period Sales'),
          number('transactions_change', 'Transactions Change (%)'),
          number('sales_change', 'Sales Change (%)'),
        ],
        source: (q) => {
          const p = bands.period(q);
          return {
            select: sql`select ${p.from}::date as period_from, ${p.to}::date as period_to, x.*`,
            from: sql`from (${bands.relation(q)}) x`,
            where: [],
            keys: ['x.ord'],
            keyColumns: ['ord'],
            dir: 'asc',
          };
        },
      }),
    },
  ];
}
