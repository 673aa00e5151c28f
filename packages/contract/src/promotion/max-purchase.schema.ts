import { z } from 'zod';
import { isoDateTime } from '../common/fields.ts';
import { INT4_MAX, listQuery, versionField } from '../common/list-query.ts';
import { activeStatusField, idFilter, intFilter } from '../common/resource-fields.ts';
import { dayField, dayFilter, withPeriod } from '../common/period.ts';

/** How many of one product a consumer may buy per order (and per day) in a period. */
export const maxPurchaseRow = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  plu: z.string(),
  product_name: z.string(),
  max_qty: z.number().int(),
  daily_limit: z.number().int().nullable(),
  start_date: z.string(),
  end_date: z.string(),
  status: z.number().int(),
  created_at: isoDateTime,
  created_by_name: z.string().nullable(),
  updated_at: isoDateTime,
  updated_by_name: z.string().nullable(),
  version: z.number().int(),
});
export type MaxPurchaseRow = z.infer<typeof maxPurchaseRow>;

const qty = (label: string) =>
  z.number({ error: `${label} is required` }).int(`${label} must be a whole number`).min(1, `${label} is 1 to 999`).max(999, `${label} is 1 to 999`);

const maxPurchaseFields = {
  product_id: z.number({ error: 'Product is required' }).int().positive('Product is required').max(INT4_MAX, 'Product is required'),
  max_qty: qty('Maximum quantity per order'),
  daily_limit: qty('Limit per day').nullable().optional(),
  start_date: dayField('Start date'),
  end_date: dayField('End date'),
  status: activeStatusField.default(1),
};
type Limits = { max_qty: number; daily_limit?: number | null | undefined; start_date: string; end_date: string };
const limitRules = <T extends z.ZodType<Limits>>(schema: T) =>
  withPeriod(schema).refine((b) => b.daily_limit == null || b.daily_limit >= b.max_qty, {
    message: 'The limit per day cannot be below the maximum per order',
    path: ['daily_limit'],
  });
export const maxPurchaseCreateBody = limitRules(z.object(maxPurchaseFields).strict());
export const maxPurchaseUpdateBody = limitRules(z.object({ ...maxPurchaseFields, version: versionField }).strict());
export type MaxPurchaseCreate = z.infer<typeof maxPurchaseCreateBody>;
export type MaxPurchaseUpdate = z.infer<typeof maxPurchaseUpdateBody>;

export const maxPurchaseListQuery = listQuery(['updated_at', 'start_date', 'max_qty', 'plu'] as const, {
  status: intFilter(1, 2),
  product_id: idFilter,
  active_on: dayFilter,
});
export type MaxPurchaseListQuery = z.infer<typeof maxPurchaseListQuery>;

