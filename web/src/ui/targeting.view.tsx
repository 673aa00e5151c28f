import { MEMBER_SCOPE, TARGETING, type AnyEndpoint } from '@portal/contract';
import { audienceEstimate } from './AudienceEstimate.tsx';
import { consumerTagOptions } from './consumer-tag-options.ts';
import { enumOptions } from './options.ts';
import { optionNamesOf } from './option-names.tsx';
import { provinceOptions } from './region-options.ts';
import { optionMultiSelect } from './RemoteSelect.tsx';
import type { DetailSection, FieldDef } from './resource.ts';

type Targeted = { targeting: number; member_scope: number; consumer_tag_ids: readonly number[]; province_codes: readonly string[] };

/**
 * The targeting of a loyalty item (coupon setting, raffle) described once: its form fields with the estimated audience
 * asked of `endpoint`, its detail section, and the body's tag and region lists (kept only when targeted).
 */
export function targetingView<Row extends Targeted>(endpoint: AnyEndpoint) {
  const audience = audienceEstimate(endpoint);
  const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
  const fields: FieldDef[] = [
    { name: 'targeting', label: 'Targeting', input: 'select', options: enumOptions(TARGETING) },
    { name: 'member_scope', label: 'Member Scope', input: 'select', options: enumOptions(MEMBER_SCOPE) },
    { name: 'consumer_tag_ids', label: 'Consumer Tags', input: 'custom', component: optionMultiSelect(consumerTagOptions), help: 'Targeted only' },
    { name: 'province_codes', label: 'Regions', input: 'custom', component: optionMultiSelect(provinceOptions), help: 'Targeted only' },
    { name: 'audience', label: 'Estimated Audience', input: 'custom', component: audience.Field },
  ];
  const section: DetailSection<Row> = {
    key: 'audience',
    title: 'Audience',
    items: [
      { key: 'targeting', label: 'Targeting', kind: 'status', enum: TARGETING },
      { key: 'member_scope', label: 'Member Scope', kind: 'status', enum: MEMBER_SCOPE },
      { key: 'consumer_tag_ids', label: 'Consumer Tags', kind: 'custom', component: optionNamesOf(consumerTagOptions, 'consumer_tag_ids') },
      { key: 'province_codes', label: 'Regions', kind: 'custom', component: optionNamesOf(provinceOptions, 'province_codes') },
      { key: 'estimate', label: 'Estimated Audience', kind: 'custom', component: audience.OfRow },
    ],
  };
  /** The form's targeting values as the body carries them (the estimate's field dropped). */
  const toBody = (v: Record<string, unknown>): Record<string, unknown> => {
    const { audience: _a, ...rest } = v;
    return { ...rest, consumer_tag_ids: v.targeting === 1 ? list(v.consumer_tag_ids) : [], province_codes: v.targeting === 1 ? list(v.province_codes) : [] };
  };
  return { fields, section, toBody };
}
