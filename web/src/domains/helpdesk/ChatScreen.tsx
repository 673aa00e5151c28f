import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Card, Flex, Input, Select, Spin, Typography } from 'antd';
import { Result } from '../../ui/Result.tsx';
import { SendOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { CHAT_STATUS, can, chatsApi, messageTemplatesApi, type ChatDetail } from '@portal/contract';
import { call } from '../../lib/call.ts';
import { errorMessage } from '../../lib/notifier.tsx';
import { useSession } from '../../lib/session.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { StatusTag } from '../../ui/StatusTag.tsx';
import { MessageList } from './MessageList.tsx';
import { chatKeys, subscribeChatEvents } from './chat-events.ts';

/**
 * One consumer's chat: the conversation, live (new messages arrive over the server-sent events), and the answer box
 * with message templates to insert. Opening it (and every new message from the consumer while it is open) marks it Read,
 * which lowers the menu badge.
 */
export function ChatScreen() {
  const { t } = useTranslation();
  const params: Record<string, unknown> = useParams({ strict: false });
  const id = typeof params.id === 'string' ? params.id : '';
  const queryClient = useQueryClient();
  const perms = useSession()?.access.perms;
  const mayAnswer = !!perms && can(perms, 'cms.chatlive', 'edit');
  const [text, setText] = useState('');
  const [templateId, setTemplateId] = useState<number | undefined>();
  const bottom = useRef<HTMLDivElement>(null);

  const chat = useQuery({ queryKey: chatKeys.detail(id), queryFn: async () => (await call(chatsApi.get, { id })).data });
  const templates = useQuery({
    queryKey: ['message-template', 'list', { status: 1, is_all: 'true', via: 'chat' }] as const,
    queryFn: async () => (await call(messageTemplatesApi.list, { query: { status: 1, is_all: 'true', sort_by: 'title', sort_dir: 'asc' } })).data.data,
    enabled: mayAnswer,
    staleTime: 60_000,
  });
  const markRead = useMutation({
    mutationFn: () => call(chatsApi.read, { id }),
    onSuccess: (res) => {
      queryClient.setQueryData<ChatDetail>(chatKeys.detail(id), (old) => (old ? { ...old, status: res.data.status, version: res.data.version } : old));
      void queryClient.invalidateQueries({ queryKey: chatKeys.lists() });
    },
  });
  const { mutate: read } = markRead;
  const status = chat.data?.status;
  useEffect(() => {
    if (mayAnswer && status === 1) read();
  }, [mayAnswer, status, read]);

  useEffect(
    () =>
      subscribeChatEvents((event) => {
        if (event.type !== 'message' || String(event.chat_id) !== id) return;
        queryClient.setQueryData<ChatDetail>(chatKeys.detail(id), (old) =>
          old && !old.messages.some((m) => m.id === event.message.id) ? { ...old, status: event.message.sender === 1 ? 1 : old.status, messages: [...old.messages, event.message] } : old,
        );
      }),
    [id, queryClient],
  );
  const count = chat.data?.messages.length ?? 0;
  useEffect(() => {
    // In braces: newer Chromium returns a promise from scrollIntoView, which React would take for a cleanup.
    void bottom.current?.scrollIntoView?.({ block: 'end' });
  }, [count]);

  const send = useMutation({
    mutationFn: () => call(chatsApi.reply, { id, body: { message: text.trim(), ...(templateId ? { template_id: templateId } : {}) } }),
    onSuccess: (res) => {
      setText('');
      setTemplateId(undefined);
      queryClient.setQueryData<ChatDetail>(chatKeys.detail(id), (old) => (old && !old.messages.some((m) => m.id === res.data.id) ? { ...old, status: 2, messages: [...old.messages, res.data] } : old));
      void queryClient.invalidateQueries({ queryKey: chatKeys.lists() });
    },
  });

  if (chat.isPending) return <Spin style={{ display: 'block', margin: 48 }} />;
  if (chat.isError || !chat.data) return <Result status="warning" title={errorMessage(chat.error)} />;
  const row = chat.data;

  const insertTemplate = (value: number | undefined) => {
    setTemplateId(value);
    const template = templates.data?.find((x) => x.id === value);
    if (template) setText((current) => (current.trim() ? `${current.trimEnd()}\n${template.body}` : template.body));
  };

  return (
    <>
      <PageHeader title={row.consumer_name ?? `#${row.id}`} extra={<StatusTag value={row.status} table={CHAT_STATUS} />} />
      <Card>
        <div style={{ maxHeight: '55vh', overflowY: 'auto', padding: 4 }} data-testid="chat-messages">
          <MessageList messages={row.messages} consumerName={row.consumer_name} />
          <div ref={bottom} />
        </div>
        {mayAnswer ? (
          <Flex vertical gap={8} style={{ marginTop: 16 }}>
            {send.isError && <Alert type="error" showIcon title={errorMessage(send.error)} data-testid="chat-send-error" />}
            <Select
              allowClear
              value={templateId}
              onChange={insertTemplate}
              placeholder={t('helpdesk.chat.insertTemplate', 'Insert a message template')}
              aria-label={t('helpdesk.chat.insertTemplate', 'Insert a message template')}
              options={(templates.data ?? []).map((x) => ({ value: x.id, label: x.title }))}
              style={{ maxWidth: 360 }}
              data-testid="chat-template"
            />
            <Input.TextArea
              rows={3}
              maxLength={4000}
              value={text}
              onChange={(e) => setText(e.target.value)}
              placeholder={t('helpdesk.chat.placeholder', 'Write an answer')}
              data-testid="chat-text"
              onPressEnter={(e) => {
                if (!e.shiftKey && text.trim()) {
                  e.preventDefault();
                  send.mutate();
                }
              }}
            />
            <Flex justify="space-between" align="center">
              <Typography.Text type="secondary">{t('helpdesk.chat.hint', 'Enter sends, Shift+Enter starts a new line')}</Typography.Text>
              <Button type="primary" icon={<SendOutlined />} disabled={!text.trim()} loading={send.isPending} onClick={() => send.mutate()} data-testid="chat-send">
                {t('helpdesk.chat.send', 'Send')}
              </Button>
            </Flex>
          </Flex>
        ) : null}
      </Card>
    </>
  );
}
