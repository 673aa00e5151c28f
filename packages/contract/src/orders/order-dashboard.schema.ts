import { z } from 'zod';
import { isoDateTime } from '../common/fields.ts';
import { dayFilter } from '../common/period.ts';
import {
  ORDER_DELIVERY,
  ORDER_DELIVERY_INCOMPLETE,
  ORDER_DISTRIBUTED,
  ORDER_PAID,
  ORDER_READY_TO_DELIVER,
  ORDER_READY_TO_PICK_UP,
  ORDER_STATUS,
  ORDER_STOCK_CHECKED,
  ORDER_WAITING_CHECKING,
} from '../enums/order-status.ts';
import { orderListQuery } from './order.schema.ts';

/**
 * The statuses whose orders count as revenue: paid and not ended badly (the money stays with the chain). Waiting for
 * payment, expired, failed and cancelled orders count as orders, never as revenue (decisions.md, the cms dashboard).
 */
export const ORDER_REVENUE_STATUSES: readonly number[] = [
  ORDER_PAID,
  ORDER_WAITING_CHECKING,
  ORDER_STOCK_CHECKED,
  ORDER_READY_TO_DELIVER,
  ORDER_READY_TO_PICK_UP,
  ORDER_DELIVERY,
  ORDER_DELIVERY_INCOMPLETE,
  ORDER_DISTRIBUTED,
];

/** Paid and not yet handed to the store after this long: the queueing is stuck. */
export const ORDER_LATE_QUEUE_MINUTES = 10;
/** Waiting for the store to check its stock after this long. */
export const ORDER_LATE_CHECKING_MINUTES = 15;
/** Stock checked but the pick not confirmed after this long. */
export const ORDER_LATE_PICKING_MINUTES = 30;
/** Ready to deliver and not on the road after this long. */
export const ORDER_LATE_DISPATCH_MINUTES = 30;
/** On the road after this long. */
export const ORDER_LATE_DELIVERY_MINUTES = 3 * 60;
/** Back at the store after a delivery that did not complete, with nothing done, after this long. */
export const ORDER_LATE_REDELIVERY_MINUTES = 60;
/** Ready to pick up and not collected after this long. */
export const ORDER_LATE_PICK_UP_MINUTES = 24 * 60;

/** Minutes an order may rest in each working status, since its last change, before the dashboard lists it as late. */
export const ORDER_LATE_AFTER_MINUTES: Readonly<Record<number, number>> = {
  [ORDER_PAID]: ORDER_LATE_QUEUE_MINUTES,
  [ORDER_WAITING_CHECKING]: ORDER_LATE_CHECKING_MINUTES,
  [ORDER_STOCK_CHECKED]: ORDER_LATE_PICKING_MINUTES,
  [ORDER_READY_TO_DELIVER]: ORDER_LATE_DISPATCH_MINUTES,
  [ORDER_DELIVERY]: ORDER_LATE_DELIVERY_MINUTES,
  [ORDER_DELIVERY_INCOMPLETE]: ORDER_LATE_REDELIVERY_MINUTES,
  [ORDER_READY_TO_PICK_UP]: ORDER_LATE_PICK_UP_MINUTES,
};

/** How many late orders the dashboard lists (the longest late first); the total counts them all. */
export const ORDER_LATE_LIST_LIMIT = 50;
/** How many stores the top-stores table shows. */
export const ORDER_TOP_STORES = 10;

/** The dashboard's filters, in the URL: a Jakarta day (default today) and one store code or several, comma-separated. */
export const orderDashboardQuery = z.object({
  date: dayFilter,
  store_code: orderListQuery.shape.store_code,
});
export type OrderDashboardQuery = z.infer<typeof orderDashboardQuery>;

const count = z.number().int().min(0);
const rupiah = z.number().int().min(0);

/** Orders placed in a period (every status) and the revenue of those paid. */
export const orderDashboardFigures = z.object({ orders: count, paid_orders: count, revenue: rupiah });
export type OrderDashboardFigures = z.infer<typeof orderDashboardFigures>;

export const orderDashboardSummary = z.object({
  date: z.string(),
  /** Where the periods end: the end of the day, or the end of the current hour when the day is today. */
  until: isoDateTime,
  day: orderDashboardFigures,
  previous_day: orderDashboardFigures,
  week: orderDashboardFigures,
  previous_week: orderDashboardFigures,
});
export type OrderDashboardSummary = z.infer<typeof orderDashboardSummary>;

const statusCode = z.number().int().refine((v) => (ORDER_STATUS.values as readonly number[]).includes(v), 'Not an order status');

/** The day's orders by their current status, with the total of their orders (revenue only where the status counts). */
export const orderDashboardStatusRow = z.object({ status: statusCode, orders: count, amount: rupiah });
export type OrderDashboardStatusRow = z.infer<typeof orderDashboardStatusRow>;

export const orderDashboardStoreRow = z.object({ store_id: z.number().int(), store_code: z.string(), store_name: z.string(), orders: count, revenue: rupiah });
export type OrderDashboardStoreRow = z.infer<typeof orderDashboardStoreRow>;

/** One hour of the day (0–23, Jakarta). */
export const orderDashboardHourRow = z.object({ hour: z.number().int().min(0).max(23), orders: count, revenue: rupiah });
export type OrderDashboardHourRow = z.infer<typeof orderDashboardHourRow>;

/** One day of the week (Monday to Sunday) holding the chosen day. */
export const orderDashboardDayRow = z.object({ day: z.string(), orders: count, revenue: rupiah });
export type OrderDashboardDayRow = z.infer<typeof orderDashboardDayRow>;

export const orderDashboardLateRow = z.object({
  id: z.number().int(),
  order_no: z.string(),
  store_code: z.string(),
  store_name: z.string(),
  status: statusCode,
  /** The order's last change, since when it waits. */
  since: isoDateTime,
  /** Minutes past its status's allowance. */
  late_minutes: count,
});
export type OrderDashboardLateRow = z.infer<typeof orderDashboardLateRow>;

export const orderDashboardLate = z.object({ total: count, rows: z.array(orderDashboardLateRow) });
export type OrderDashboardLate = z.infer<typeof orderDashboardLate>;

export interface DashboardPeriod {
  from: Date;
  to: Date;
}

export interface DashboardPeriods {
  /** The Jakarta day shown. */
  date: string;
  day: DashboardPeriod;
  previousDay: DashboardPeriod;
  /** Monday of the day's week up to where the day's period ends. */
  week: DashboardPeriod;
  previousWeek: DashboardPeriod;
  /** Monday to Sunday, whole. */
  wholeWeek: DashboardPeriod;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** Asia/Jakarta is UTC+7 all year, so its days and hours are whole UTC hours apart. */
const JAKARTA_AHEAD_MS = 7 * HOUR_MS;
/** The Jakarta calendar day of an instant (YYYY-MM-DD). */
export const dashboardDayOf = (at: Date): string => new Date(at.getTime() + JAKARTA_AHEAD_MS).toISOString().slice(0, 10);
const dayStartOf = (day: string): number => Date.parse(`${day}T00:00:00Z`) - JAKARTA_AHEAD_MS;

/**
 * The periods the dashboard compares, on whole hours (the rollup's grain): the day, cut at the end of the current hour
 * when it is today (nothing of a later day), and the week from its Monday to the same point; each compared with the same
 * span one day or one week earlier, so a morning is never set against a whole day.
 */
export function dashboardPeriods(date: string | undefined, now: Date): DashboardPeriods {
  const day = date ?? dashboardDayOf(now);
  const dayStart = dayStartOf(day);
  const hourEnd = Math.ceil((now.getTime() + 1) / HOUR_MS) * HOUR_MS;
  const dayTo = Math.min(dayStart + DAY_MS, Math.max(dayStart, hourEnd));
  const mondayOffset = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
  const weekStart = dayStart - mondayOffset * DAY_MS;
  const span = (from: number, to: number, back = 0): DashboardPeriod => ({ from: new Date(from - back), to: new Date(to - back) });
  return {
    date: day,
    day: span(dayStart, dayTo),
    previousDay: span(dayStart, dayTo, DAY_MS),
    week: span(weekStart, dayTo),
    previousWeek: span(weekStart, dayTo, 7 * DAY_MS),
    wholeWeek: span(weekStart, weekStart + 7 * DAY_MS),
  };
}
