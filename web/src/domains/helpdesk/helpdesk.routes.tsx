import type { AnyRoute } from '@tanstack/react-router';
import { chatListQuery, faqListQuery, helpdeskReportQuery, messageTemplateListQuery, ratingListQuery, ticketListQuery } from '@portal/contract';
import { resourceRoutes } from '../../ui/resource-routes.ts';

const screens = () => import('./helpdesk.screens.tsx');

/** cms Consumer group: help center (tickets), FAQ, message templates (chatbot), ratings and chat live; pandora's helpdesk report. */
export function helpdeskRoutes(parent: AnyRoute): AnyRoute[] {
  return resourceRoutes(parent, screens, [
    {
      entries: ['cms.help-center'],
      listQuery: ticketListQuery,
      list: 'TicketListScreen',
      create: 'TicketCreateScreen',
      detail: 'TicketDetailScreen',
      // A ticket is edited where it is read: reply, assign and close are the detail's own controls.
      edit: 'TicketDetailScreen',
      extra: [{ path: 'import', screen: 'TicketImportScreen' }],
    },
    { entries: ['cms.faq'], listQuery: faqListQuery, list: 'FaqListScreen', create: 'FaqCreateScreen', detail: 'FaqDetailScreen', edit: 'FaqEditScreen' },
    {
      entries: ['cms.chatbot'],
      listQuery: messageTemplateListQuery,
      list: 'MessageTemplateListScreen',
      detail: 'MessageTemplateDetailScreen',
      edit: 'MessageTemplateEditScreen',
      extra: [{ path: 'edit', screen: 'MessageTemplatePickEditScreen' }],
    },
    { entries: ['cms.rating'], listQuery: ratingListQuery, list: 'RatingListScreen', detail: 'RatingDetailScreen' },
    {
      // The menu opens the report by store at the entry's route; the spec names it `report-helpdesk/report` too.
      entries: ['pandora.report-helpdesk'],
      listQuery: helpdeskReportQuery,
      list: 'HelpdeskReportScreen',
      extra: [
        { path: 'report', screen: 'HelpdeskReportScreen', listQuery: helpdeskReportQuery },
        { path: 'summary', screen: 'HelpdeskSummaryScreen' },
      ],
    },
    { entries: ['cms.chatlive'], listQuery: chatListQuery, list: 'ChatListScreen', detail: 'ChatScreen' },
  ]);
}
