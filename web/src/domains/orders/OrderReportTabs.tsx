import { Tabs } from 'antd';
import { useLocation, useRouter, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ORDER_REPORT_TABS, type OrderReportTab } from '@portal/contract';

const LABELS: Record<OrderReportTab, string> = { all: 'All', disbursement: 'Disbursement', unpick: 'Unpick', detail: 'Detail' };

/**
 * The order list's report tabs (spec section 3: all, disbursement, unpick, detail), kept in the URL as `report`; a
 * change starts again from page 1. The detail tab lists the orders and exports one row a line.
 */
export function OrderReportTabs() {
  const { t } = useTranslation();
  const router = useRouter();
  const pathname = useLocation({ select: (l) => l.pathname });
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const active = (ORDER_REPORT_TABS as readonly string[]).includes(String(search.report)) ? String(search.report) : 'all';
  const choose = (key: string) => {
    const next: Record<string, unknown> = { ...search, report: key === 'all' ? undefined : key };
    for (const k of ['report', 'page', 'cursor']) if (next[k] === undefined || k !== 'report') delete next[k];
    if (key !== 'all') next.report = key;
    void router.navigate({ href: `${pathname}${router.options.stringifySearch(next)}` });
  };
  return (
    <Tabs
      activeKey={active}
      onChange={choose}
      data-testid="order-report-tabs"
      items={ORDER_REPORT_TABS.map((key) => ({ key, label: t(`orders.order.tabs.${key}`, LABELS[key]) }))}
      style={{ marginBottom: 8 }}
    />
  );
}
