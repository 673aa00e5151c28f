import { ResourceCreatePage, ResourceDetailPage, ResourceEditPage, listScreen } from '../../ui/ResourceScreens.tsx';
import { registerDictionaries } from '../../lib/i18n.ts';
import { contentI18n } from './content.i18n.ts';
import { formView } from './form.view.ts';
import { responseView } from './response.view.ts';
import { surveyI18n } from './survey.i18n.ts';

// The texts of polling and survey (and of the content components it borrows: targeting, audience) arrive with its screens.
registerDictionaries(surveyI18n, contentI18n);

export const FormListScreen = listScreen(formView);
export const FormCreateScreen = () => <ResourceCreatePage view={formView} />;
export const FormDetailScreen = () => <ResourceDetailPage view={formView} />;
export const FormEditScreen = () => <ResourceEditPage view={formView} />;
export const ResponseListScreen = listScreen(responseView);
export const ResponseDetailScreen = () => <ResourceDetailPage view={responseView} />;
