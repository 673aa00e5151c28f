import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { faqsApi, type FaqRow } from '@portal/contract';
import { RecordEditPage } from '../../ui/RecordEditPage.tsx';
import { ResourceCreatePage, ResourceDetailPage, ResourceEditPage, ResourceListPage, listScreen } from '../../ui/ResourceScreens.tsx';
import { OrderButton } from '../../ui/OrderButton.tsx';
import { ImportLinkButton, ImportPage } from '../../ui/ImportScreens.tsx';
import { useResourceAccess } from '../../ui/use-resource-access.ts';
import { chatView } from './chat.view.ts';
import { faqView } from './faq.view.ts';
import { helpdeskReportView } from './helpdesk-report.view.ts';
import { HelpdeskSummaryLink } from './HelpdeskSummary.tsx';
import { messageTemplateView } from './message-template.view.ts';
import { ratingView } from './rating.view.ts';
import { ticketView } from './ticket.view.ts';
import { helpdeskI18n } from './helpdesk.i18n.ts';
import { registerDictionaries } from '../../lib/i18n.ts';

// The domain's texts (and those of the components it borrows) arrive with its screens, not with every screen.
registerDictionaries(helpdeskI18n);

export { ChatScreen } from './ChatScreen.tsx';

/* The cms Consumer group's help-desk screens: the generic ones over the views, plus the chat screen and the FAQ order. */

export const TicketListScreen = listScreen(ticketView, function TicketList() {
  const { t } = useTranslation();
  return (
    <ResourceListPage
      view={ticketView}
      extra={
        <ImportLinkButton view={ticketView} action="create" path="import" testId="ticket-import-open">
          {t('helpdesk.ticket.import', 'Bulk Upload')}
        </ImportLinkButton>
      }
    />
  );
});
export const TicketImportScreen = () => <ImportPage view={ticketView} action="create" importKey="help-center" />;
export const TicketCreateScreen = () => <ResourceCreatePage view={ticketView} />;
export const TicketDetailScreen = () => <ResourceDetailPage view={ticketView} />;

function FaqOrder() {
  return (
    <OrderButton<FaqRow>
      resource="faq"
      list={faqsApi.list}
      sortBy="position"
      save={faqsApi.positions}
      render={(f) => <Typography.Text strong>{f.question}</Typography.Text>}
      texts={{
        open: ['helpdesk.faq.order.open', 'Reorder'],
        title: ['helpdesk.faq.order.title', 'Order of the FAQ'],
        help: ['helpdesk.faq.order.help', 'Drag a question to its place, or move it with its arrows (from the keyboard too: its handle takes Space and the arrow keys). The app shows the FAQ in this order.'],
        saved: ['helpdesk.faq.order.saved', 'FAQ order saved'],
      }}
    />
  );
}

export const FaqListScreen = listScreen(faqView, function FaqList() {
  const access = useResourceAccess(faqView);
  return <ResourceListPage view={faqView} extra={access.can('edit') ? <FaqOrder /> : undefined} />;
});
export const FaqCreateScreen = () => <ResourceCreatePage view={faqView} />;
export const FaqDetailScreen = () => <ResourceDetailPage view={faqView} />;
export const FaqEditScreen = () => <ResourceEditPage view={faqView} />;

export const MessageTemplateListScreen = listScreen(messageTemplateView);
export const MessageTemplateDetailScreen = () => <ResourceDetailPage view={messageTemplateView} />;
export const MessageTemplateEditScreen = () => <ResourceEditPage view={messageTemplateView} />;
/** The spec's `chatbot/edit`: the template `?id=` names (the first when none), with a picker. */
export const MessageTemplatePickEditScreen = () => <RecordEditPage view={messageTemplateView} />;

export const RatingListScreen = listScreen(ratingView);
export const RatingDetailScreen = () => <ResourceDetailPage view={ratingView} />;

export const ChatListScreen = listScreen(chatView);

export const HelpdeskReportScreen = listScreen(helpdeskReportView, () => <ResourceListPage view={helpdeskReportView} extra={<HelpdeskSummaryLink to="summary" />} />);
export { HelpdeskSummaryScreen } from './HelpdeskSummary.tsx';
