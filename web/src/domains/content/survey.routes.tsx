import type { AnyRoute } from '@tanstack/react-router';
import { SURVEY_FORM_ENTRY, SURVEY_RESPONSE_ENTRY } from '@portal/contract';
import { resourceRoutes } from '../../ui/resource-routes.ts';

const screens = () => import('./survey.screens.tsx');

/** cms Polling & Survey: forms (list, create, detail, edit) and responses (list, detail). */
export function surveyRoutes(parent: AnyRoute): AnyRoute[] {
  return resourceRoutes(parent, screens, [
    { entries: [SURVEY_FORM_ENTRY], list: 'FormListScreen', create: 'FormCreateScreen', detail: 'FormDetailScreen', edit: 'FormEditScreen' },
    { entries: [SURVEY_RESPONSE_ENTRY], list: 'ResponseListScreen', detail: 'ResponseDetailScreen' },
  ]);
}
