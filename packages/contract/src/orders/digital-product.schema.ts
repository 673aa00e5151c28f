import { z } from 'zod';
import { isoDateTime } from '../common/fields.ts';
import { listQuery, versionField } from '../common/list-query.ts';
import { enumValueField } from '../common/period.ts';
import { activeStatusField, codeField, intFilter, nameField } from '../common/resource-fields.ts';
import { DIGITAL_PRODUCT_TYPE } from '../enums/index.ts';
import { MOBILE_OPERATOR } from '../enums/top-up-status.ts';

/** A digital product (orion Digital Product Management): pulsa or a data package of one operator, at a price. */
export const digitalProductRow = z.object({
  id: z.number().int(),
  product_type: z.number().int(),
  operator: z.number().int(),
  name: z.string(),
  /** What the consumer receives, in Rupiah of credit (a data package: its nominal value). */
  denomination: z.number().int(),
  /** What the consumer pays, in Rupiah. */
  price: z.number().int(),
  /** The biller's code of the product, sent with each transaction. */
  biller_code: z.string(),
  status: z.number().int(),
  created_at: isoDateTime,
  created_by_name: z.string().nullable(),
  updated_at: isoDateTime,
  updated_by_name: z.string().nullable(),
  version: z.number().int(),
});
export type DigitalProductRow = z.infer<typeof digitalProductRow>;

const denomination = z
  .number({ error: 'Denomination must be a number' })
  .int('Denomination must be whole Rupiah')
  .min(1_000, 'Denomination is at least Rp 1.000')
  .max(10_000_000, 'Denomination is at most Rp 10.000.000');
const price = z.number({ error: 'Price must be a number' }).int('Price must be whole Rupiah').min(1_000, 'Price is at least Rp 1.000').max(10_000_000, 'Price is at most Rp 10.000.000');

const fields = {
  product_type: enumValueField(DIGITAL_PRODUCT_TYPE, 'Product type'),
  operator: enumValueField(MOBILE_OPERATOR, 'Operator'),
  name: nameField('Name', 120),
  denomination,
  price,
  biller_code: codeField('Biller product code', 40),
  status: activeStatusField.default(1),
};

export const digitalProductCreateBody = z.object(fields).strict();
export type DigitalProductCreate = z.infer<typeof digitalProductCreateBody>;
export const digitalProductUpdateBody = z.object({ ...fields, version: versionField }).strict();
export type DigitalProductUpdate = z.infer<typeof digitalProductUpdateBody>;

export const digitalProductListQuery = listQuery(['updated_at', 'name', 'price', 'denomination'] as const, {
  product_type: intFilter(1, 2),
  operator: intFilter(1, MOBILE_OPERATOR.values.length),
  status: intFilter(1, 2),
});
export type DigitalProductListQuery = z.infer<typeof digitalProductListQuery>;
