import { z } from 'zod';
import { isoDateTime } from '../common/fields.ts';
import { INT4_MAX, listQuery, versionField } from '../common/list-query.ts';
import { dayField, dayFilter, withPeriod } from '../common/period.ts';
import { activeStatusField, idFilter, imageUrlField, intFilter, nameField, optionalText } from '../common/resource-fields.ts';

/** A reward (cms Digital stamp, "reward"): what a consumer redeems a programme's stamps for, while stock lasts. */
export const stampRewardRow = z.object({
  id: z.number().int(),
  programme_id: z.number().int(),
  programme_name: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  stamps_required: z.number().int(),
  stock: z.number().int(),
  start_date: z.string(),
  end_date: z.string(),
  image_url: z.string().nullable(),
  status: z.number().int(),
  created_at: isoDateTime,
  created_by_name: z.string().nullable(),
  updated_at: isoDateTime,
  updated_by_name: z.string().nullable(),
  version: z.number().int(),
});
export type StampRewardRow = z.infer<typeof stampRewardRow>;

const rewardFields = {
  programme_id: z.number({ error: 'Choose a stamp programme' }).int().positive('Choose a stamp programme').max(INT4_MAX, 'Choose a stamp programme'),
  name: nameField('Name', 120),
  description: optionalText(1000),
  stamps_required: z.number({ error: 'Stamps required must be a number' }).int('Stamps required must be a whole number').min(1, 'Stamps required is at least 1').max(10_000, 'Stamps required is at most 10,000'),
  stock: z.number({ error: 'Stock must be a number' }).int('Stock must be a whole number').min(0, 'Stock cannot be negative').max(10_000_000, 'Stock is at most 10,000,000'),
  start_date: dayField('Start date'),
  end_date: dayField('End date'),
  image_url: imageUrlField,
  status: activeStatusField.default(1),
};
export const stampRewardCreateBody = withPeriod(z.object(rewardFields).strict());
export const stampRewardUpdateBody = withPeriod(z.object({ ...rewardFields, version: versionField }).strict());
export type StampRewardCreate = z.input<typeof stampRewardCreateBody>;

export const stampRewardListQuery = listQuery(['updated_at', 'name', 'stamps_required', 'start_date', 'created_at'] as const, {
  status: intFilter(1, 2),
  programme_id: idFilter,
  active_on: dayFilter,
});
export type StampRewardListQuery = z.infer<typeof stampRewardListQuery>;
