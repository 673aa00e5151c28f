import { useEffect } from 'react';
import { Badge } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { chatsApi } from '@portal/contract';
import { call } from '../../lib/call.ts';
import { chatKeys, subscribeChatEvents } from './chat-events.ts';

/**
 * The unread-chat count beside the Chat Live menu entry (chats with status 1). Read once, then kept current by the
 * server-sent events without a reload; a new message also refreshes the chat lists.
 */
export function ChatUnreadBadge() {
  const queryClient = useQueryClient();
  const unread = useQuery({
    queryKey: chatKeys.unread(),
    queryFn: async () => (await call(chatsApi.unread)).data.unread,
    staleTime: Infinity,
  });
  useEffect(
    () =>
      subscribeChatEvents((event) => {
        if (event.type === 'unread') queryClient.setQueryData(chatKeys.unread(), event.unread);
        else void queryClient.invalidateQueries({ queryKey: chatKeys.lists() });
      }),
    [queryClient],
  );
  const count = unread.data ?? 0;
  return <Badge count={count} size="small" offset={[6, -2]} data-testid="chat-unread-badge" data-count={count} title={String(count)} />;
}
