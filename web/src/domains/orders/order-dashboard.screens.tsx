import { Col, Flex, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OrderDashboardQuery } from '@portal/contract';
import { registerDictionaries } from '../../lib/i18n.ts';
import { DayInput } from '../../ui/DayInput.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { StoreCodesInput } from '../../ui/StoreCodesInput.tsx';
import { useSearchParam } from '../../ui/search-param.ts';
import { orderDashboardI18n } from './order-dashboard.i18n.ts';
import { HourWidget, LateWidget, StatusWidget, StoreWidget, SummaryWidget, WeekdayWidget } from './order-dashboard.widgets.tsx';

registerDictionaries(orderDashboardI18n);

/** The cms dashboard: the filters (a day, default today in Jakarta, and stores) in the URL; each widget loads on its own. */
export function OrderDashboardScreen() {
  const { t } = useTranslation();
  const [date, setDate] = useSearchParam('date');
  const [storeCode, setStoreCode] = useSearchParam('store_code');
  const filters: OrderDashboardQuery = { ...(date ? { date } : {}), ...(storeCode ? { store_code: storeCode } : {}) };
  return (
    <>
      <PageHeader
        title={t('orders.dashboard.title', 'Dashboard')}
        extra={
          <Flex gap={8} wrap align="center">
            <label htmlFor="dashboard-date">{t('orders.dashboard.date', 'Date')}</label>
            <div style={{ width: 170 }}>
              <DayInput id="dashboard-date" value={date} onChange={(v) => setDate(typeof v === 'string' ? v : undefined)} />
            </div>
            <label htmlFor="dashboard-stores">{t('orders.dashboard.stores', 'Store codes')}</label>
            <StoreCodesInput id="dashboard-stores" value={storeCode} onChange={setStoreCode} placeholder={t('orders.dashboard.storesHint', 'All stores')} />
          </Flex>
        }
      />
      <Flex vertical gap={16}>
        <SummaryWidget filters={filters} />
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={12}>
            <HourWidget filters={filters} />
          </Col>
          <Col xs={24} xl={12}>
            <WeekdayWidget filters={filters} />
          </Col>
          <Col xs={24} xl={12}>
            <StatusWidget filters={filters} />
          </Col>
          <Col xs={24} xl={12}>
            <StoreWidget filters={filters} />
          </Col>
        </Row>
        <LateWidget filters={filters} />
      </Flex>
    </>
  );
}
