import { registerDictionaries } from '../../lib/i18n.ts';
import { contentI18n } from './content.i18n.ts';

// The calendar names content kinds and states with the content screens' texts.
registerDictionaries(contentI18n);

export { ContentCalendarScreen } from './ContentCalendar.tsx';
