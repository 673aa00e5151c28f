import { z } from 'zod';
import { isoDateTime } from '../common/fields.ts';
import { listQuery, versionField } from '../common/list-query.ts';
import { DELIVERY_MODE } from '../enums/index.ts';
import { activeStatusField, intFilter, nameField, optionalText, rupiahField } from '../common/resource-fields.ts';
import { enumValueField, idList } from '../common/period.ts';

/** How an order reaches the customer (Reguler, Same Day, Instant, Ambil di Toko): a reference table edited under 3PL Setting. */
export const deliveryMethodRow = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  delivery_mode: z.number().int(),
  fee: z.number().int(),
  eta: z.string(),
  description: z.string().nullable(),
  position: z.number().int(),
  status: z.number().int(),
  store_count: z.number().int(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
  updated_by_name: z.string().nullable(),
  version: z.number().int(),
});
export type DeliveryMethodRow = z.infer<typeof deliveryMethodRow>;

/** The code is fixed (orders and the app refer to it); everything else is editable. */
export const deliveryMethodUpdateBody = z
  .object({
    name: nameField('Name', 60),
    delivery_mode: enumValueField(DELIVERY_MODE, 'Delivery mode'),
    fee: rupiahField('Fee'),
    eta: nameField('Estimated time', 60),
    description: optionalText(300),
    status: activeStatusField,
    version: versionField,
  })
  .strict();
export type DeliveryMethodUpdate = z.infer<typeof deliveryMethodUpdateBody>;

export const deliveryMethodListQuery = listQuery(['position', 'name', 'fee', 'updated_at'] as const, {
  sort_dir: z.enum(['asc', 'desc']).default('asc'),
  status: intFilter(1, 2),
  delivery_mode: intFilter(1, 2),
});
export type DeliveryMethodListQuery = z.infer<typeof deliveryMethodListQuery>;

/** The delivery methods one store offers; `version` is the store's (the set is part of its 3PL setting). */
export const storeDeliveryMethods = z.object({
  store_id: z.number().int(),
  version: z.number().int(),
  delivery_method_ids: z.array(z.number().int()),
  methods: z.array(deliveryMethodRow.pick({ id: true, code: true, name: true, delivery_mode: true, fee: true, eta: true, status: true })),
});
export type StoreDeliveryMethods = z.infer<typeof storeDeliveryMethods>;

export const storeDeliveryMethodsBody = z
  .object({ delivery_method_ids: idList('Delivery methods', 50), version: versionField })
  .strict();
export type StoreDeliveryMethodsUpdate = z.infer<typeof storeDeliveryMethodsBody>;

/** Delivery methods sit under the 3PL Setting entry (view, edit); they are reference rows, so none is created or deleted. */
export const DELIVERY_METHOD_ENTRIES = ['cms.3pl-setting'] as const;
