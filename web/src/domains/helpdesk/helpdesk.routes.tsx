import type { AnyRoute } from '@tanstack/react-router';
import { resourceRoutes } from '../../ui/resource-routes.ts';

const screens = () => import('./helpdesk.screens.tsx');

/** cms Consumer group: help center (tickets), FAQ, message templates (chatbot), ratings and chat live; pandora's helpdesk report. */
export function helpdeskRoutes(parent: AnyRoute): AnyRoute[] {
  return resourceRoutes(parent, screens, [
    {
      entries: ['cms.help-center'],
      list: 'TicketListScreen',
      create: 'TicketCreateScreen',
      detail: 'TicketDetailScreen',
      // A ticket is edited where it is read: reply, assign and close are the detail's own controls.
      edit: 'TicketDetailScreen',
      extra: [{ path: 'import', screen: 'TicketImportScreen' }],
    },
    { entries: ['cms.faq'], list: 'FaqListScreen', create: 'FaqCreateScreen', detail: 'FaqDetailScreen', edit: 'FaqEditScreen' },
    {
      entries: ['cms.chatbot'],
      list: 'MessageTemplateListScreen',
      detail: 'MessageTemplateDetailScreen',
      edit: 'MessageTemplateEditScreen',
      extra: [{ path: 'edit', screen: 'MessageTemplatePickEditScreen' }],
    },
    { entries: ['cms.rating'], list: 'RatingListScreen', detail: 'RatingDetailScreen' },
    {
      // The menu opens the report by store at the entry's route; the spec names it `report-helpdesk/report` too.
      entries: ['pandora.report-helpdesk'],
      list: 'HelpdeskReportScreen',
      extra: [
        { path: 'report', screen: 'HelpdeskReportScreen' },
        { path: 'summary', screen: 'HelpdeskSummaryScreen' },
      ],
    },
    { entries: ['cms.chatlive'], list: 'ChatListScreen', detail: 'ChatScreen' },
  ]);
}
