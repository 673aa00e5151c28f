import { EventEmitter } from 'node:events';
import type { ChatEvent, ChatMessage } from '@portal/contract';
import type { DbNotifications } from '../../platform/db-notify.ts';

/** What the hub reads to turn an announcement into an event. */
export interface ChatReads {
  message(id: number): Promise<ChatMessage | undefined>;
  unreadCount(): Promise<number>;
}

export interface ChatEventsLogger {
  warn(obj: object, msg?: string): void;
}

/**
 * The live-chat event hub of one instance. The database announces each new message and each change of the unread
 * count on `<schema>.chat` at commit, whichever instance or process wrote it (migration 0052's triggers); every
 * instance hears it on its listening connection and sends the event to its own open `GET /api/v1/chats/events`
 * streams. Announcements are turned into events one at a time, in commit order: a message is read once per instance
 * (not per stream), and unread counts announced while one is queued are counted once. An instance with no open stream
 * reads nothing.
 */
export class ChatEvents {
  private readonly emitter = new EventEmitter();
  private tail: Promise<void> = Promise.resolve();
  private unreadQueued = false;

  constructor(
    private readonly notifications: DbNotifications,
    private readonly reads: ChatReads,
    private readonly logger?: ChatEventsLogger,
  ) {
    // One listener per open stream; hundreds of agents' tabs are expected, not a leak.
    this.emitter.setMaxListeners(0);
  }

  /** Starts following the database's announcements; returns how to stop. */
  async listen(): Promise<() => Promise<void>> {
    // Announcements missed while the listening connection was down: the badge is counted again. (A chat screen open
    // meanwhile shows the missed messages when it is opened again.)
    this.notifications.onGap(() => this.received('unread'));
    return this.notifications.listen('chat', (payload) => this.received(payload));
  }

  subscribe(listener: (event: ChatEvent) => void): () => void {
    this.emitter.on('event', listener);
    return () => this.emitter.off('event', listener);
  }

  listenerCount(): number {
    return this.emitter.listenerCount('event');
  }

  private received(payload: string): void {
    if (!this.listenerCount()) return;
    if (payload === 'unread') {
      if (this.unreadQueued) return;
      this.unreadQueued = true;
      this.enqueue(async () => {
        this.unreadQueued = false;
        this.emit({ type: 'unread', unread: await this.reads.unreadCount() });
      });
      return;
    }
    const id = /^message:(\d+)$/.exec(payload)?.[1];
    if (!id) return;
    this.enqueue(async () => {
      const message = await this.reads.message(Number(id));
      if (message) this.emit({ type: 'message', chat_id: message.chat_id, message });
    });
  }

  private enqueue(work: () => Promise<void>): void {
    this.tail = this.tail.then(work).catch((err: unknown) => this.logger?.warn({ err }, 'a chat event could not be read'));
  }

  private emit(event: ChatEvent): void {
    this.emitter.emit('event', event);
  }
}
