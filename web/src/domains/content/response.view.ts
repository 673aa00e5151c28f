import { createElement } from 'react';
import { formRow, formsApi, responseListQuery, responsesApi, SURVEY_RESPONSE_ENTRY, type ResponseDetail, type ResponseRow } from '@portal/contract';
import { remoteOptions } from '../../ui/options.ts';
import { defineResource, type ColumnDef } from '../../ui/resource.ts';
import { JakartaTime } from './content.inputs.tsx';
import { ResponseAnswers } from './ResponseAnswers.tsx';

const formOptions = remoteOptions('form', formsApi.list, formRow, (f) => ({ value: f.id, label: f.name }), { query: { limit: 50, sort_by: 'updated_at' }, searchable: true });

function Submitted({ row }: { row: ResponseRow }) {
  return createElement(JakartaTime, { value: row.submitted_at });
}
const submitted: ColumnDef<ResponseRow> = { key: 'submitted_at', label: 'Submitted At', kind: 'custom', component: Submitted, sortable: true };

/** cms Polling & Survey, Response: consumers' answers, by form and day; the phone masked without the personal-data right. */
export const responseView = defineResource<ResponseRow, ResponseDetail>({
  name: 'response',
  i18n: 'content.survey.response',
  title: 'Response',
  entries: [SURVEY_RESPONSE_ENTRY],
  listQuery: responseListQuery,
  api: responsesApi,
  export: responsesApi.export,
  search: 'Search consumer name or phone',
  filters: [
    { kind: 'select', key: 'form_id', label: 'Form', options: formOptions, width: 240 },
    { kind: 'dateRange', from: 'submitted_from', to: 'submitted_to', label: 'Submitted' },
  ],
  columns: [
    { key: 'consumer_name', label: 'Consumer', link: true },
    { key: 'phone', label: 'Phone', width: 160 },
    { key: 'form_name', label: 'Form' },
    submitted,
  ],
  detail: [
    {
      key: 'general',
      title: 'Response',
      items: [
        { key: 'form_name', label: 'Form' },
        { key: 'consumer_name', label: 'Consumer' },
        { key: 'phone', label: 'Phone' },
        submitted as ColumnDef<ResponseDetail>,
      ],
    },
    { key: 'answers', title: 'Answers', component: ResponseAnswers },
  ],
  rowTitle: (r) => `${r.consumer_name ?? r.consumer_id} · ${r.form_name}`,
});
