import { useState } from 'react';
import { Alert, Button, Empty, Flex, Input, Typography } from 'antd';
import { SendOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { can, ticketAllows, ticketReplyBody, ticketsApi, type TicketDetail } from '@portal/contract';
import { call } from '../../lib/call.ts';
import { errorMessage, notifySuccess } from '../../lib/notifier.tsx';
import { useSession } from '../../lib/session.ts';
import { MessageList } from './MessageList.tsx';
import { ticketKeys } from './chat-events.ts';

/** The ticket's conversation, oldest first, and the agent's reply box while the ticket is not Solved. */
export function TicketConversation({ row }: { row: TicketDetail }) {
  const { t } = useTranslation();
  const perms = useSession()?.access.perms;
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const mayReply = !!perms && can(perms, 'cms.help-center', 'edit') && ticketAllows('reply', row.status);
  const reply = useMutation({
    mutationFn: () => call(ticketsApi.reply, { id: row.id, body: ticketReplyBody.parse({ message: text, version: row.version }) }),
    onSuccess: async () => {
      setText('');
      notifySuccess(t('helpdesk.ticket.replied', 'Reply sent'));
      await queryClient.invalidateQueries({ queryKey: ticketKeys.all });
    },
  });
  return (
    <Flex vertical gap={12} data-testid="ticket-conversation">
      {row.messages.length ? <MessageList messages={row.messages} /> : <Empty />}
      {mayReply && (
        <>
          {reply.isError && <Alert type="error" showIcon title={errorMessage(reply.error)} data-testid="ticket-reply-error" />}
          <Input.TextArea rows={3} maxLength={4000} value={text} onChange={(e) => setText(e.target.value)} placeholder={t('helpdesk.ticket.replyPlaceholder', 'Write a reply to the consumer')} data-testid="ticket-reply-text" />
          <Flex justify="end">
            <Button type="primary" icon={<SendOutlined />} disabled={!text.trim()} loading={reply.isPending} onClick={() => reply.mutate()} data-testid="ticket-reply-send">
              {t('helpdesk.ticket.reply', 'Send Reply')}
            </Button>
          </Flex>
        </>
      )}
      {!mayReply && row.status === 4 && <Typography.Text type="secondary">{t('helpdesk.ticket.solvedNote', 'This ticket is solved; it takes no more replies.')}</Typography.Text>}
    </Flex>
  );
}
