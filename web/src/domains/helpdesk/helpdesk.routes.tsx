import type { AnyRoute } from '@tanstack/react-router';
import { chatListQuery, faqListQuery, helpdeskReportQuery, messageTemplateListQuery, ratingListQuery, ticketListQuery } from '@portal/contract';
import { resourceRoutes } from '../../ui/resource-routes.ts';

const screens = () => import('./helpdesk.screens.tsx');

/** cms Consumer group: help center (tickets), FAQ, message templates (chatbot), ratings and chat live; pandora's helpdesk report. */
export function helpdeskRoutes(parent: AnyRoute): AnyRoute[] {
  return resourceRoutes(parent, screens, [
    { entries: ['cms.help-center'], listQuery: ticketListQuery, list: 'TicketListScreen', create: 'TicketCreateScreen', detail: 'TicketDetailScreen', extra: [{ path: 'import', screen: 'TicketImportScreen' }] },
    { entries: ['cms.faq'], listQuery: faqListQuery, list: 'FaqListScreen', create: 'FaqCreateScreen', detail: 'FaqDetailScreen', edit: 'FaqEditScreen' },
    { entries: ['cms.chatbot'], listQuery: messageTemplateListQuery, list: 'MessageTemplateListScreen', detail: 'MessageTemplateDetailScreen', edit: 'MessageTemplateEditScreen' },
    { entries: ['cms.rating'], listQuery: ratingListQuery, list: 'RatingListScreen', detail: 'RatingDetailScreen' },
    { entries: ['pandora.report-helpdesk'], listQuery: helpdeskReportQuery, list: 'HelpdeskReportScreen', extra: [{ path: 'summary', screen: 'HelpdeskSummaryScreen' }] },
    { entries: ['cms.chatlive'], listQuery: chatListQuery, list: 'ChatListScreen', detail: 'ChatScreen' },
  ]);
}
