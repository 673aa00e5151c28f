/* The survey menu entries, zod-free: the route tree (loaded with sign-in) reads them. */
export const SURVEY_FORM_ENTRY = 'cms.form';
export const SURVEY_RESPONSE_ENTRY = 'cms.response';
