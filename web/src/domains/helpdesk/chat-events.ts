import { chatsApi, type ChatEvent } from '@portal/contract';
import { urlOf } from '../../lib/call.ts';
import { resourceKeys } from '../../lib/query-keys.ts';

/** Query keys of live chat: the generic resource's, plus the unread count under the same prefix. */
export const chatKeys = { ...resourceKeys('chat'), unread: () => ['chat', 'unread'] as const };
export const ticketKeys = resourceKeys('ticket');

type Listener = (event: ChatEvent) => void;
const listeners = new Set<Listener>();
let source: EventSource | null = null;

/**
 * One `EventSource` on `GET /api/v1/chats/events` per tab, shared by the menu badge and the chat screens; it opens with the
 * first listener and closes with the last. The browser reconnects on its own after a network drop (the stream asks for
 * 3 s); the session cookie authenticates it.
 */
export function subscribeChatEvents(listener: Listener): () => void {
  listeners.add(listener);
  if (!source && typeof EventSource !== 'undefined') {
    source = new EventSource(urlOf(chatsApi.events));
    const relay = (ev: MessageEvent<string>) => {
      try {
        const event = JSON.parse(ev.data) as ChatEvent;
        for (const l of listeners) l(event);
      } catch {
        // A malformed event is skipped; the next one carries the full state again.
      }
    };
    source.addEventListener('unread', relay);
    source.addEventListener('message', relay);
  }
  return () => {
    listeners.delete(listener);
    if (!listeners.size && source) {
      source.close();
      source = null;
    }
  };
}
