import { z } from 'zod';
import { MEMBER_SCOPE, TARGETING } from '../enums/index.ts';
import { enumValueField, idList } from './period.ts';

/**
 * The targeting of anything sent to consumers (content, coupons): targeted names consumer tags or regions (domicile
 * provinces), non-targeted names nobody; the member scope keeps everyone or the app members only.
 */
export const provinceCodes = z
  .array(z.string().regex(/^\d{2}$/, 'A province code has two digits'), { error: 'Regions must be a list of province codes' })
  .max(38, 'At most 38 regions')
  .refine((v) => new Set(v).size === v.length, 'A region is chosen twice');

export const targetingFields = {
  targeting: enumValueField(TARGETING, 'Targeting').default(2),
  member_scope: enumValueField(MEMBER_SCOPE, 'Member scope').default(0),
  consumer_tag_ids: idList('Consumer tags', 100).default([]),
  province_codes: provinceCodes.default([]),
};

type TargetShape = { targeting: number; consumer_tag_ids: number[]; province_codes: string[] };
/** A targeted audience names whom it targets (a consumer tag or a region); a non-targeted one names nobody. */
export const targetingRules = <T extends z.ZodType<TargetShape>>(schema: T) =>
  schema
    .refine((b) => b.targeting !== 1 || b.consumer_tag_ids.length + b.province_codes.length > 0, {
      message: 'A targeted item needs at least one consumer tag or region',
      path: ['consumer_tag_ids'],
    })
    .refine((b) => b.targeting !== 2 || b.consumer_tag_ids.length + b.province_codes.length === 0, {
      message: 'A non-targeted item has no consumer tags or regions',
      path: ['consumer_tag_ids'],
    });

/**
 * The targeting fields alone, as a form holds them: what the estimated audience size is asked for, under the same
 * rules as a body.
 */
export const audienceEstimateBody = targetingRules(z.object(targetingFields).strict());
export type AudienceEstimateQuery = z.infer<typeof audienceEstimateBody>;
/** Active consumers the targeting reaches, counted exactly when the answer is given. */
export const audienceEstimate = z.object({ consumers: z.number().int() });
export type AudienceEstimate = z.infer<typeof audienceEstimate>;
