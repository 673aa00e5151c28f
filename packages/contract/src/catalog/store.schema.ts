import { z } from 'zod';
import { isoDateTime } from '../common/fields.ts';
import { listQuery, recordId, versionField } from '../common/list-query.ts';
import { REGION_CODE } from '../common/region.schema.ts';
import { activeStatusField, boolFilter, codeField, idFilter, intFilter, nameField, optionalText, rupiahField } from '../common/resource-fields.ts';

const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Time must look like 08:00');

export const storeRow = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  address: z.string().nullable(),
  province_code: z.string(),
  province_name: z.string(),
  regency_code: z.string(),
  regency_name: z.string(),
  district_code: z.string().nullable(),
  district_name: z.string().nullable(),
  village_code: z.string().nullable(),
  village_name: z.string().nullable(),
  postal_code: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  open_time: z.string(),
  close_time: z.string(),
  is_pickup: z.boolean(),
  is_delivery: z.boolean(),
  delivery_mode: z.number().int(),
  delivery_radius_km: z.number().int(),
  min_order: z.number().int(),
  group_store_id: z.number().int().nullable(),
  group_store_name: z.string().nullable(),
  status: z.number().int(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
  updated_by_name: z.string().nullable(),
  version: z.number().int(),
});
export type StoreRow = z.infer<typeof storeRow>;

const regionCode = (level: keyof typeof REGION_CODE, label: string) => z.string().trim().regex(REGION_CODE[level], `${label} is not a valid region code`);

const storeFields = {
  name: nameField('Name', 120),
  address: optionalText(500),
  province_code: regionCode('province', 'Province'),
  regency_code: regionCode('regency', 'Regency / city'),
  district_code: regionCode('district', 'District').nullable().optional(),
  village_code: regionCode('village', 'Village').nullable().optional(),
  postal_code: z.string().trim().regex(/^\d{5}$/, 'Postal code must be 5 digits').nullable().optional(),
  latitude: z.number().min(-11, 'Latitude is outside Indonesia').max(6.5, 'Latitude is outside Indonesia').nullable().optional(),
  longitude: z.number().min(94, 'Longitude is outside Indonesia').max(141.5, 'Longitude is outside Indonesia').nullable().optional(),
  phone: z.string().trim().regex(/^(\+62|0)\d{6,13}$/, 'Phone must start with 0 or +62 and hold 7 to 14 digits').nullable().optional(),
  email: z.string().trim().toLowerCase().max(200).pipe(z.email('E-mail is not valid')).nullable().optional(),
  open_time: time.default('08:00'),
  close_time: time.default('22:00'),
  is_pickup: z.boolean().default(true),
  is_delivery: z.boolean().default(true),
  delivery_radius_km: z.number().int().min(0).max(100, 'Delivery radius is at most 100 km').default(10),
  min_order: rupiahField('Minimum order').default(0),
  group_store_id: recordId.nullable().optional(),
  status: activeStatusField.default(1),
};
const withHours = <T extends z.ZodType<{ open_time: string; close_time: string }>>(s: T) =>
  s.refine((b) => b.open_time < b.close_time, { message: 'Closing time must be after opening time', path: ['close_time'] });

export const storeCreateBody = withHours(z.object({ code: codeField('Store code', 10), ...storeFields }).strict());
export const storeUpdateBody = withHours(z.object({ ...storeFields, version: versionField }).strict());
export type StoreCreate = z.infer<typeof storeCreateBody>;
export type StoreUpdate = z.infer<typeof storeUpdateBody>;

export const storeListQuery = listQuery(['code', 'name', 'updated_at', 'created_at'] as const, {
  sort_dir: z.enum(['asc', 'desc']).default('asc'),
  status: intFilter(1, 2),
  province_code: z.string().regex(REGION_CODE.province).optional(),
  regency_code: z.string().regex(REGION_CODE.regency).optional(),
  delivery_mode: intFilter(1, 2),
  group_store_id: idFilter,
  is_delivery: boolFilter,
});
export type StoreListQuery = z.infer<typeof storeListQuery>;

/** The 3PL setting of a store: how its orders are delivered. */
export const storeDeliveryUpdateBody = z
  .object({
    delivery_mode: z.union([z.literal(1), z.literal(2)], { error: 'Delivery mode must be 1 (3PL) or 2 (Internal)' }),
    is_delivery: z.boolean(),
    delivery_radius_km: z.number().int().min(0).max(100, 'Delivery radius is at most 100 km'),
    min_order: rupiahField('Minimum order'),
    version: versionField,
  })
  .strict();
export type StoreDeliveryUpdate = z.infer<typeof storeDeliveryUpdateBody>;

/** cms Store Management and Master Data Store show the same records. */
export const STORE_ENTRIES = ['cms.store-management', 'cms.store'] as const;
export const THREE_PL_ENTRIES = ['cms.3pl-setting'] as const;
