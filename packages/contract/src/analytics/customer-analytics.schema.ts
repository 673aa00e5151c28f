import { z } from 'zod';

const count = z.number().int();
const period = z.object({ from: z.string(), to: z.string() });

/**
 * A period's customers: the members who bought (each counted once however often they came) with their transactions,
 * lines, quantity and sales, beside every transaction's (members' or not) for the per-transaction averages. Only a
 * member is a known customer: a basket without a card is a transaction, not a customer.
 */
export const customerFigures = z.object({
  customers: count,
  member_transactions: count,
  member_lines: count,
  member_quantity: count,
  member_sales: count,
  transactions: count,
  lines: count,
  quantity: count,
  sales: count,
});
export type CustomerFigures = z.infer<typeof customerFigures>;

/** The customer analytics' detail pages (the spec's `{typeDetail}`): APC, IPC and QPC per customer and per transaction. */
export const CUSTOMER_DETAIL_TYPES = ['apc-per-customer', 'ipc-per-customer', 'qpc-per-customer', 'apc-per-transaction', 'ipc-per-transaction', 'qpc-per-transaction'] as const;
export type CustomerDetailType = (typeof CUSTOMER_DETAIL_TYPES)[number];

/**
 * Average purchase (Rupiah, whole), items (distinct lines) and quantity (units), one decimal for the counts: per
 * customer over the members' figures, per transaction over everyone's.
 */
export function customerRatios(f: CustomerFigures): Record<CustomerDetailType, number> {
  const per = (n: number, d: number, decimals: number) => (d > 0 ? Math.round((n / d) * 10 ** decimals) / 10 ** decimals : 0);
  return {
    'apc-per-customer': per(f.member_sales, f.customers, 0),
    'ipc-per-customer': per(f.member_lines, f.customers, 1),
    'qpc-per-customer': per(f.member_quantity, f.customers, 1),
    'apc-per-transaction': per(f.sales, f.transactions, 0),
    'ipc-per-transaction': per(f.lines, f.transactions, 1),
    'qpc-per-transaction': per(f.quantity, f.transactions, 1),
  };
}

export const customerSummary = z.object({ period, previous_period: period, current: customerFigures, previous: customerFigures });
export type CustomerSummary = z.infer<typeof customerSummary>;
export const customerTrend = z.object({ bucket: z.enum(['day', 'month']), rows: z.array(customerFigures.extend({ bucket: z.string() })) });
export type CustomerTrend = z.infer<typeof customerTrend>;
