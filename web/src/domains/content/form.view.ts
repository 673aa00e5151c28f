import { createElement } from 'react';
import {
  FORM_STATUS,
  contentAudienceApi,
  MEMBER_SCOPE,
  SURVEY_FORM_ENTRY,
  TARGETING,
  formCreateBody,
  formListQuery,
  formsApi,
  formUpdateBody,
  type FormDetail,
  type FormRow,
} from '@portal/contract';
import { enumOptions } from '../../ui/options.ts';
import { optionMultiSelect } from '../../ui/RemoteSelect.tsx';
import { defineResource, type ColumnDef } from '../../ui/resource.ts';
import { provinceOptions } from '../../ui/region-options.ts';
import { audienceEstimate } from '../../ui/AudienceEstimate.tsx';
import { optionNamesOf } from '../../ui/option-names.tsx';
import { JakartaDateTimeInput } from '../../ui/JakartaDateTimeInput.tsx';
import { JakartaTime } from './content.inputs.tsx';
import { consumerTagOptions } from '../../ui/consumer-tag-options.ts';
import { FormQuestionsSummary, FormReportButton } from './FormSummary.tsx';
import { draftsOf, QuestionBuilder, questionsToBody } from './QuestionBuilder.tsx';

type TimeKey = 'start_at' | 'end_at' | 'created_at' | 'updated_at';
function time<R extends Pick<FormRow, TimeKey>>(key: TimeKey, label: string, extra: { sortable?: boolean } = {}): ColumnDef<R> {
  function Time({ row }: { row: R }) {
    return createElement(JakartaTime, { value: row[key] });
  }
  return { key, label, kind: 'custom', component: Time, ...extra };
}

const audience = audienceEstimate(contentAudienceApi.estimate);
const list = (v: unknown) => (Array.isArray(v) ? v : []);

/** cms Polling & Survey, Form: the form builder, its period and targeting; the detail adds the answers' counts and the report. */
export const formView = defineResource<FormRow, FormDetail>({
  name: 'form',
  i18n: 'content.survey.form',
  title: 'Form',
  entries: [SURVEY_FORM_ENTRY],
  listQuery: formListQuery,
  api: formsApi,
  search: 'Search name',
  filters: [
    { kind: 'select', key: 'status', label: 'Status', options: enumOptions(FORM_STATUS), width: 160 },
    { kind: 'date', key: 'active_on', label: 'Active On' },
  ],
  columns: [
    { key: 'name', label: 'Name', sortable: true, link: true },
    { key: 'status', label: 'Status', kind: 'status', enum: FORM_STATUS, width: 120 },
    time('start_at', 'Start', { sortable: true }),
    time('end_at', 'End', { sortable: true }),
    { key: 'question_count', label: 'Questions', kind: 'number', width: 100 },
    { key: 'response_count', label: 'Responses', kind: 'number', width: 110 },
    { key: 'targeting', label: 'Targeting', kind: 'tag', enum: TARGETING, defaultHidden: true },
    { key: 'updated_by_name', label: 'Updated By', defaultHidden: true },
    time('updated_at', 'Updated At', { sortable: true }),
  ],
  form: {
    create: formCreateBody,
    update: formUpdateBody,
    fields: [
      { name: 'name', label: 'Name', input: 'text' },
      { name: 'status', label: 'Status', input: 'select', options: enumOptions(FORM_STATUS) },
      { name: 'start_at', label: 'Start', input: 'custom', component: JakartaDateTimeInput, wide: false },
      { name: 'end_at', label: 'End', input: 'custom', component: JakartaDateTimeInput, wide: false },
      { name: 'description', label: 'Description', input: 'textarea' },
      { name: 'targeting', label: 'Targeting', input: 'select', options: enumOptions(TARGETING) },
      { name: 'member_scope', label: 'Member Scope', input: 'select', options: enumOptions(MEMBER_SCOPE) },
      { name: 'consumer_tag_ids', label: 'Consumer Tags', input: 'custom', component: optionMultiSelect(consumerTagOptions), help: 'Targeted only' },
      { name: 'province_codes', label: 'Regions', input: 'custom', component: optionMultiSelect(provinceOptions), help: 'Targeted only' },
      // Shows the reach of the fields above; it never holds a value, so the body never carries it.
      { name: 'audience', label: 'Estimated Audience', input: 'custom', component: audience.Field },
      { name: 'questions', label: 'Questions', input: 'custom', component: QuestionBuilder, help: 'Answered questions can no longer be changed' },
    ],
    fromDetail: (f) => ({
      name: f.name,
      status: f.status,
      start_at: f.start_at,
      end_at: f.end_at,
      description: f.description ?? '',
      targeting: f.targeting,
      member_scope: f.member_scope,
      consumer_tag_ids: f.consumer_tag_ids,
      province_codes: f.province_codes,
      questions: draftsOf(f.questions),
    }),
    toBody: (v) => {
      const { audience: _a, ...rest } = v;
      return { ...rest, description: v.description || null, consumer_tag_ids: list(v.consumer_tag_ids), province_codes: list(v.province_codes), questions: questionsToBody(v.questions) };
    },
  },
  detail: [
    {
      key: 'general',
      title: 'Form',
      items: [
        { key: 'name', label: 'Name' },
        { key: 'status', label: 'Status', kind: 'status', enum: FORM_STATUS },
        time('start_at', 'Start'),
        time('end_at', 'End'),
        { key: 'description', label: 'Description' },
        { key: 'response_count', label: 'Responses', kind: 'number' },
        { key: 'created_by_name', label: 'Created By' },
        time('created_at', 'Created At'),
        { key: 'updated_by_name', label: 'Updated By' },
        time('updated_at', 'Updated At'),
      ],
    },
    {
      key: 'audience',
      title: 'Audience',
      items: [
        { key: 'targeting', label: 'Targeting', kind: 'tag', enum: TARGETING },
        { key: 'member_scope', label: 'Member Scope', kind: 'tag', enum: MEMBER_SCOPE },
        { key: 'consumer_tag_ids', label: 'Consumer Tags', kind: 'custom', component: optionNamesOf(consumerTagOptions, 'consumer_tag_ids') },
        { key: 'province_codes', label: 'Regions', kind: 'custom', component: optionNamesOf(provinceOptions, 'province_codes') },
        { key: 'audience', label: 'Estimated Audience', kind: 'custom', component: audience.OfRow },
      ],
    },
    { key: 'questions', title: 'Questions and Answers', component: FormQuestionsSummary },
  ],
  rowTitle: (f) => f.name,
  detailActions: FormReportButton,
});
