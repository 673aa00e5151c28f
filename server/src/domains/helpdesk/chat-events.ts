import { EventEmitter } from 'node:events';
import type { ChatEvent } from '@portal/contract';

/**
 * The live-chat event hub: services publish after their transaction commits, and every open `GET /api/v1/chats/events`
 * stream of this process receives the event. In-process on purpose: one process serves the portal. With several
 * instances behind a balancer, `publish` would `NOTIFY chat_events, '<json>'` and each instance would `LISTEN` on a
 * dedicated PostgreSQL connection and re-emit here, so the streams stay as they are.
 */
export class ChatEvents {
  private readonly emitter = new EventEmitter();

  constructor() {
    // One listener per open stream; hundreds of agents' tabs are expected, not a leak.
    this.emitter.setMaxListeners(0);
  }

  publish(event: ChatEvent): void {
    this.emitter.emit('event', event);
  }

  subscribe(listener: (event: ChatEvent) => void): () => void {
    this.emitter.on('event', listener);
    return () => this.emitter.off('event', listener);
  }

  listenerCount(): number {
    return this.emitter.listenerCount('event');
  }
}
