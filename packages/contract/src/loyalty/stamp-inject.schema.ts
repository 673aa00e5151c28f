import { z } from 'zod';
import { isoDateTime } from '../common/fields.ts';
import { baseListQuery, boundedPage, listQuery, versionField } from '../common/list-query.ts';
import { dayFilter } from '../common/period.ts';
import { idFilter } from '../common/resource-fields.ts';
import { enumTable } from '../enums/enum-table.ts';

/** A stamp injection batch's status: confirmed (its stamps are in the ledger) or reversed (compensated as a whole). */
export const STAMP_INJECTION_STATUS = enumTable([
  { value: 'confirmed', label: 'Confirmed', labelId: 'Dikonfirmasi', color: 'green' },
  { value: 'reversed', label: 'Reversed', labelId: 'Dibatalkan', color: 'red' },
] as const);
export type StampInjectionStatus = (typeof STAMP_INJECTION_STATUS.values)[number];

/** Most stamps one row of an injection file may add or take away. */
export const MAX_INJECT_STAMPS = 10_000;

/** The stamps cell of an injection file: a whole number other than zero, negative for a correction out. */
export const injectStampsField = z
  .number({ error: 'Stamps must be a number' })
  .int('Stamps must be a whole number')
  .min(-MAX_INJECT_STAMPS, `Stamps is at least -${MAX_INJECT_STAMPS.toLocaleString('en-US')}`)
  .max(MAX_INJECT_STAMPS, `Stamps is at most ${MAX_INJECT_STAMPS.toLocaleString('en-US')}`)
  .refine((n) => n !== 0, 'Stamps cannot be 0: a positive number adds stamps, a negative one takes them away');

/** The reason typed once in the wizard for the whole file (the upload's query parameter). */
export const injectReasonField = z
  .string({ error: 'Enter the reason of the injection' })
  .trim()
  .min(1, 'Enter the reason of the injection')
  .min(3, 'The reason has at least 3 characters')
  .max(300, 'The reason has at most 300 characters');

/** The upload's parameters: the batch's reason. */
export const stampInjectParams = z.object({ reason: injectReasonField }).strict();

/** A stamp injection batch (heimdal Digital Stamp Inject): one confirmed file of stamp corrections. */
export const stampInjectionRow = z.object({
  id: z.number().int(),
  /** The import that brought the file (none for a batch the demo seed wrote). */
  import_batch_id: z.number().int().nullable(),
  reason: z.string(),
  file_name: z.string(),
  row_count: z.number().int(),
  stamps_in: z.number().int(),
  stamps_out: z.number().int(),
  /** Stamps in less stamps out. */
  net_stamps: z.number().int(),
  status: z.enum(STAMP_INJECTION_STATUS.values),
  created_at: isoDateTime,
  created_by_name: z.string().nullable(),
  reversed_at: isoDateTime.nullable(),
  reversed_by_name: z.string().nullable(),
  updated_at: isoDateTime,
  updated_by_name: z.string().nullable(),
  version: z.number().int(),
});
export type StampInjectionRow = z.infer<typeof stampInjectionRow>;

/** One row of a batch: whose stamps of which programme moved, and the ledger rows it wrote (and its reversal wrote). */
export const stampInjectionLine = z.object({
  row_no: z.number().int(),
  consumer_id: z.number().int(),
  consumer_name: z.string(),
  app_card_id: z.string(),
  programme_id: z.number().int(),
  programme_name: z.string(),
  stamps: z.number().int(),
  ledger_id: z.number().int().nullable(),
  reversal_ledger_id: z.number().int().nullable(),
});
export type StampInjectionLine = z.infer<typeof stampInjectionLine>;

/** A batch's rows, a page at a time, in file order (or the reverse). */
export const stampInjectionLinesQuery = baseListQuery
  .pick({ page: true, limit: true })
  .extend({ sort_dir: z.enum(['asc', 'desc']).default('asc') })
  .strict()
  .superRefine(boundedPage);
export type StampInjectionLinesQuery = z.infer<typeof stampInjectionLinesQuery>;

/** Reversing a batch: the version the user saw. */
export const stampInjectionReverseBody = z.object({ version: versionField }).strict();

export const stampInjectionListQuery = listQuery(['created_at', 'row_count', 'file_name'] as const, {
  status: z.enum(STAMP_INJECTION_STATUS.values).optional(),
  created_by: idFilter,
  created_from: dayFilter,
  created_to: dayFilter,
});
export type StampInjectionListQuery = z.infer<typeof stampInjectionListQuery>;
