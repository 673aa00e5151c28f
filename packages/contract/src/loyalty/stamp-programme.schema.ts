import { z } from 'zod';
import { isoDateTime } from '../common/fields.ts';
import { listQuery, versionField } from '../common/list-query.ts';
import { dayField, dayFilter, enumValueField, idList, withPeriod } from '../common/period.ts';
import { activeStatusField, intFilter, nameField, optionalText, rupiahField } from '../common/resource-fields.ts';
import { MEMBER_SCOPE } from '../enums/index.ts';
import { EXTRA_NONE, EXTRA_STAMP, MULTIPLIER_NONE, REWARD_COMBINATION, REWARD_MIN_TOTAL, REWARD_SPONSOR_PRODUCT, STAMP_MULTIPLIER, STAMP_REWARD_TYPE, STAMP_SEASONALITY } from './stamp-enums.ts';

/** A stamp programme (cms Digital stamp, "stamp"): when and how transactions earn its stamps. */
export const stampProgrammeRow = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  start_date: z.string(),
  end_date: z.string(),
  seasonality: z.enum(STAMP_SEASONALITY.values),
  reward_type: z.number().int(),
  min_transaction: z.number().int().nullable(),
  stamps_per_multiple: z.number().int().nullable(),
  sponsor_plus: z.array(z.string()),
  stamps_per_unit: z.number().int().nullable(),
  extra_stamp: z.number().int(),
  extra_stamp_amount: z.number().int(),
  multiplier: z.number().int(),
  multiplier_value: z.number().int(),
  member_scope: z.number().int(),
  status: z.number().int(),
  /** How many days earned stamps stay valid (the day earned counts as the first); null: they never expire. */
  stamp_validity_days: z.number().int().nullable(),
  store_ids: z.array(z.number().int()),
  created_at: isoDateTime,
  created_by_name: z.string().nullable(),
  updated_at: isoDateTime,
  updated_by_name: z.string().nullable(),
  version: z.number().int(),
});
export type StampProgrammeRow = z.infer<typeof stampProgrammeRow>;

export const stampProgrammeDetail = stampProgrammeRow.extend({
  stores: z.array(z.object({ id: z.number().int(), code: z.string(), name: z.string() })),
});
export type StampProgrammeDetail = z.infer<typeof stampProgrammeDetail>;

const PLU = z.string().trim().regex(/^[A-Za-z0-9-]{1,30}$/, 'A PLU holds letters, digits and dashes, at most 30');
const stampCount = (label: string) => z.number({ error: `${label} must be a number` }).int(`${label} must be a whole number`).min(1, `${label} is at least 1`).max(1000, `${label} is at most 1,000`);

const programmeFields = {
  name: nameField('Name', 120),
  description: optionalText(1000),
  start_date: dayField('Start date'),
  end_date: dayField('End date'),
  seasonality: z.enum(STAMP_SEASONALITY.values, { error: 'Seasonality must be regular or seasonal' }),
  reward_type: enumValueField(STAMP_REWARD_TYPE, 'Reward type'),
  min_transaction: rupiahField('Minimal total transaction').min(1, 'Minimal total transaction must be at least Rp1').nullable().default(null),
  stamps_per_multiple: stampCount('Stamps per minimal total').nullable().default(null),
  sponsor_plus: z
    .array(PLU, { error: 'Sponsor products must be a list of PLUs' })
    .max(500, 'At most 500 sponsor products')
    .refine((v) => new Set(v).size === v.length, 'A sponsor product is listed twice')
    .default([]),
  stamps_per_unit: stampCount('Stamps per sponsor unit').nullable().default(null),
  extra_stamp: enumValueField(EXTRA_STAMP, 'Extra stamp').default(EXTRA_NONE),
  extra_stamp_amount: z.number().int('Extra stamps must be a whole number').min(0, 'Extra stamps cannot be negative').max(1000, 'Extra stamps are at most 1,000').default(0),
  multiplier: enumValueField(STAMP_MULTIPLIER, 'Multiplier').default(MULTIPLIER_NONE),
  multiplier_value: z.number().int('The multiplier value must be a whole number').min(0, 'The multiplier value cannot be negative').max(100, 'The multiplier value is at most 100').default(0),
  member_scope: enumValueField(MEMBER_SCOPE, 'Member scope').default(0),
  status: activeStatusField.default(1),
  stamp_validity_days: z
    .number({ error: 'Stamp validity must be a number of days' })
    .int('Stamp validity is a whole number of days')
    .min(1, 'Stamp validity is at least 1 day')
    .max(3650, 'Stamp validity is at most 3,650 days')
    .nullable()
    .default(null),
  /** Empty: every store. */
  store_ids: idList('Stores', 5000).default([]),
};

type ProgrammeShape = {
  reward_type: number;
  min_transaction: number | null;
  stamps_per_multiple: number | null;
  sponsor_plus: string[];
  stamps_per_unit: number | null;
  extra_stamp: number;
  extra_stamp_amount: number;
  multiplier: number;
  multiplier_value: number;
};

/** The fields a reward type, extra stamp and multiplier need are required together; others may be left empty. */
const withEarningRule = <T extends z.ZodType<ProgrammeShape & { start_date: string; end_date: string }>>(schema: T) =>
  withPeriod(schema).superRefine((b, ctx) => {
    const byTotal = b.reward_type === REWARD_MIN_TOTAL || b.reward_type === REWARD_COMBINATION;
    const byProduct = b.reward_type === REWARD_SPONSOR_PRODUCT || b.reward_type === REWARD_COMBINATION;
    if (byTotal && b.min_transaction === null) ctx.addIssue({ code: 'custom', path: ['min_transaction'], message: 'Minimal total transaction is required for this reward type' });
    if (byTotal && b.stamps_per_multiple === null) ctx.addIssue({ code: 'custom', path: ['stamps_per_multiple'], message: 'Stamps per minimal total is required for this reward type' });
    if (byProduct && !b.sponsor_plus.length) ctx.addIssue({ code: 'custom', path: ['sponsor_plus'], message: 'Add at least one sponsor product for this reward type' });
    if (byProduct && b.stamps_per_unit === null) ctx.addIssue({ code: 'custom', path: ['stamps_per_unit'], message: 'Stamps per sponsor unit is required for this reward type' });
    if (b.extra_stamp !== EXTRA_NONE && b.extra_stamp_amount < 1) ctx.addIssue({ code: 'custom', path: ['extra_stamp_amount'], message: 'Extra stamps must be at least 1' });
    if (b.multiplier !== MULTIPLIER_NONE && b.multiplier_value < 1) ctx.addIssue({ code: 'custom', path: ['multiplier_value'], message: 'The multiplier value must be at least 1' });
  });

export const stampProgrammeCreateBody = withEarningRule(z.object(programmeFields).strict());
export const stampProgrammeUpdateBody = withEarningRule(z.object({ ...programmeFields, version: versionField }).strict());
export type StampProgrammeCreate = z.input<typeof stampProgrammeCreateBody>;
export type StampProgrammeUpdate = z.input<typeof stampProgrammeUpdateBody>;

export const stampProgrammeListQuery = listQuery(['updated_at', 'start_date', 'name', 'created_at'] as const, {
  status: intFilter(1, 2),
  reward_type: intFilter(1, 3),
  seasonality: z.enum(STAMP_SEASONALITY.values).optional(),
  active_on: dayFilter,
});
export type StampProgrammeListQuery = z.infer<typeof stampProgrammeListQuery>;
