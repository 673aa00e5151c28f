import { z } from 'zod';
import { endpoint, entriesPermission } from '../common/endpoint.ts';
import {
  orderDashboardDayRow,
  orderDashboardHourRow,
  orderDashboardLate,
  orderDashboardQuery,
  orderDashboardStatusRow,
  orderDashboardStoreRow,
  orderDashboardSummary,
} from './order-dashboard.schema.ts';

const TAG = 'cms dashboard';
const view = entriesPermission('order-dashboard', ['cms.dashboard'], 'view');
const widget = <D extends z.ZodType>(name: string, summary: string, data: D) =>
  endpoint({ id: `order-dashboard.${name}`, method: 'GET', path: `order-dashboard/${name}`, tag: TAG, summary, access: view, query: orderDashboardQuery, data });

/** The cms dashboard: one endpoint per widget, so each loads (and fails) on its own; all read the order rollup. */
export const orderDashboardApi = {
  summary: widget('summary', 'Orders and revenue of the day and of its week, each beside the same span a day or a week earlier', orderDashboardSummary),
  byStatus: widget('by-status', 'The day’s orders by their current status', z.array(orderDashboardStatusRow)),
  byStore: widget('by-store', 'The day’s top stores by revenue', z.array(orderDashboardStoreRow)),
  byHour: widget('by-hour', 'The day’s orders and revenue hour by hour (Asia/Jakarta)', z.array(orderDashboardHourRow)),
  byWeekday: widget('by-weekday', 'Orders and revenue of each day of the week, Monday to Sunday', z.array(orderDashboardDayRow)),
  late: widget('late', 'Orders resting in a working status longer than its allowance, the longest late first', orderDashboardLate),
};
