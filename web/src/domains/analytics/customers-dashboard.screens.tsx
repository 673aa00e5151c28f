import { Flex } from 'antd';
import { menuEntry } from '@portal/contract';
import { registerDictionaries, useLang } from '../../lib/i18n.ts';
import { AnalyticsPage } from './AnalyticsFilterBar.tsx';
import { analyticsI18n } from './analytics.i18n.ts';
import { CustomerMapWidget } from './customer-map/CustomerMapWidget.tsx';
import { customerMapI18n } from './customer-map/customer-map.i18n.ts';
import { customersI18n } from './customers.i18n.ts';
import { CustomerSummaryWidget, CustomerTrendWidget } from './customers.widgets.tsx';

registerDictionaries(analyticsI18n, customersI18n, customerMapI18n);

const ENTRY = 'pandora.dashboard-analytics/customers';

/**
 * pandora › Dashboard analytics › Customers: the period's customers and their averages, their trend, and the thematic
 * customer map (where the customers' addresses are), each widget loading and failing on its own.
 */
export function DashboardCustomersScreen() {
  const lang = useLang();
  const entry = menuEntry(ENTRY);
  return (
    <AnalyticsPage title={lang === 'id' ? entry.labelId : entry.label}>
      {(search) => (
        <Flex vertical gap={16}>
          <CustomerSummaryWidget search={search} />
          <CustomerMapWidget search={search} />
          <CustomerTrendWidget search={search} />
        </Flex>
      )}
    </AnalyticsPage>
  );
}
