import { z } from 'zod';
import { endpoint, exportEndpoint, resourceApi } from '../common/endpoint.ts';
import { idParam } from '../common/list-query.ts';
import { SURVEY_FORM_ENTRY, SURVEY_RESPONSE_ENTRY } from './survey-entries.ts';
import {
  appForm,
  appResponse,
  formCreateBody,
  formDetail,
  formListQuery,
  formReportQuery,
  formRow,
  formSummary,
  formUpdateBody,
  responseCreateBody,
  responseDetail,
  responseListQuery,
  responseRow,
} from './survey.schema.ts';

const forms = resourceApi({
  name: 'forms',
  path: 'forms',
  label: 'form',
  entries: [SURVEY_FORM_ENTRY],
  row: formRow,
  detail: formDetail,
  listQuery: formListQuery,
  create: formCreateBody,
  update: formUpdateBody,
  remove: true,
});
export const formsApi = {
  ...forms,
  summary: endpoint({
    id: 'forms.summary',
    method: 'GET',
    path: 'forms/:id/summary',
    tag: 'forms',
    summary: 'Counts of a form’s answers: per option, a scale’s average',
    access: { entries: [SURVEY_FORM_ENTRY, SURVEY_RESPONSE_ENTRY], action: 'view' },
    data: formSummary,
  }),
};

const responses = resourceApi({
  name: 'responses',
  path: 'responses',
  label: 'response',
  entries: [SURVEY_RESPONSE_ENTRY],
  row: responseRow,
  detail: responseDetail,
  listQuery: responseListQuery,
});
export const responsesApi = {
  ...responses,
  export: exportEndpoint(responses.list, [SURVEY_RESPONSE_ENTRY], 'responses'),
  report: exportEndpoint(
    { id: 'form-report.list', path: 'responses/report', tag: 'responses', query: formReportQuery },
    [SURVEY_RESPONSE_ENTRY, SURVEY_FORM_ENTRY],
    'the response report of a form (one column per question)',
  ),
};

const APP_TAG = 'consumer app';
const consumerToken = [401] as const;
/** The consumer app's side of surveys: the forms offered to the signed-in consumer, and answering one once. */
export const appSurveyApi = {
  forms: endpoint({
    id: 'app-forms.list',
    method: 'GET',
    path: 'app/forms',
    tag: APP_TAG,
    summary: 'Published forms in their period that the consumer’s targeting admits and the consumer has not answered',
    access: 'public',
    data: z.array(appForm),
    errors: consumerToken,
  }),
  form: endpoint({
    id: 'app-forms.get',
    method: 'GET',
    path: 'app/forms/:id',
    tag: APP_TAG,
    summary: 'One form offered to the consumer (404 when it is not offered)',
    access: 'public',
    params: idParam,
    data: appForm,
    errors: [401, 404],
  }),
  answer: endpoint({
    id: 'app-forms.answer',
    method: 'POST',
    path: 'app/forms/:id/responses',
    tag: APP_TAG,
    summary: 'Answers a form, once per consumer (409 a second time; 400 an answer that does not fit its question)',
    access: 'public',
    params: idParam,
    body: responseCreateBody,
    data: appResponse,
    errors: [401, 404, 409],
  }),
};

export const surveyApi = { formsApi, responsesApi, appSurveyApi };
