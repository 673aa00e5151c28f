import { z } from 'zod';
import { isoDateTime } from '../common/fields.ts';
import { listQuery, recordId, versionField } from '../common/list-query.ts';
import { activeStatusField, idFilter, intFilter, rupiahField } from '../common/resource-fields.ts';
import { dayField, dayFilter, withPeriod } from '../common/period.ts';

/** The promo price of one product for a period; the normal price is the product's own price. */
export const masterPromoRow = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  plu: z.string(),
  product_name: z.string(),
  normal_price: z.number().int(),
  promo_price: z.number().int(),
  /** Percent off the normal price, rounded. */
  discount_percent: z.number().int(),
  start_date: z.string(),
  end_date: z.string(),
  status: z.number().int(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
  updated_by_name: z.string().nullable(),
  version: z.number().int(),
});
export type MasterPromoRow = z.infer<typeof masterPromoRow>;

const promoPrice = rupiahField('Promo price').min(1, 'Promo price must be at least 1');

export const masterPromoUpdateBody = withPeriod(
  z
    .object({ promo_price: promoPrice, start_date: dayField('Start date'), end_date: dayField('End date'), status: activeStatusField, version: versionField })
    .strict(),
);
export type MasterPromoUpdate = z.infer<typeof masterPromoUpdateBody>;

export const masterPromoBulkItem = withPeriod(
  z
    .object({
      id: recordId,
      promo_price: promoPrice,
      start_date: dayField('Start date'),
      end_date: dayField('End date'),
      version: versionField,
    })
    .strict(),
);
/** Several rows edited at once: all are saved or none. */
export const masterPromoBulkBody = z
  .object({ items: z.array(masterPromoBulkItem).min(1, 'Nothing to save').max(500, 'At most 500 rows at once') })
  .strict()
  .refine((b) => new Set(b.items.map((i) => i.id)).size === b.items.length, { message: 'A row appears twice', path: ['items'] });
export type MasterPromoBulk = z.infer<typeof masterPromoBulkBody>;

/** One validated row of a master promo import (by PLU); the import pipeline commits these. */
export const masterPromoImportRow = withPeriod(
  z.object({ plu: z.string().trim().min(1).max(20), promo_price: promoPrice, start_date: dayField('Start date'), end_date: dayField('End date') }).strict(),
);
export type MasterPromoImportRow = z.infer<typeof masterPromoImportRow>;

export const masterPromoListQuery = listQuery(['updated_at', 'start_date', 'promo_price', 'plu'] as const, {
  status: intFilter(1, 2),
  product_id: idFilter,
  active_on: dayFilter,
});
export type MasterPromoListQuery = z.infer<typeof masterPromoListQuery>;

export const MASTER_PROMO_ENTRIES = ['orion.master-promo'] as const;
