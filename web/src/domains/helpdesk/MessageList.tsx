import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@portal/contract';
import { useLang } from '../../lib/i18n.ts';

interface Message {
  id: number;
  sender: number;
  user_name: string | null;
  body: string;
  created_at: string;
}

/** A conversation as bubbles: the consumer's on the left, agents' on the right. */
export function MessageList({ messages, consumerName }: { messages: readonly Message[]; consumerName?: string | null }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <Flex vertical gap={8} data-testid="message-list">
      {messages.map((m) => {
        const mine = m.sender === 2;
        return (
          <Flex key={m.id} justify={mine ? 'end' : 'start'}>
            <div
              data-testid={`message-${m.id}`}
              data-sender={mine ? 'agent' : 'consumer'}
              style={{ maxWidth: '75%', background: mine ? '#e6f4ff' : '#f5f5f5', borderRadius: 10, padding: '8px 12px' }}
            >
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {mine ? (m.user_name ?? t('helpdesk.agent', 'Agent')) : (consumerName ?? t('helpdesk.consumer', 'Consumer'))} · {formatDateTime(m.created_at, lang)}
              </Typography.Text>
              <div style={{ whiteSpace: 'pre-wrap' }}>{m.body}</div>
            </div>
          </Flex>
        );
      })}
    </Flex>
  );
}
