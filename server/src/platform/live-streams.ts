import type { ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { allows } from '@portal/contract';
import { actorOf, tokenOf, type SessionResolver } from './access-guard.ts';

/** What a live stream needs of the sessions: the guard's resolver, and idleness without counting as activity. */
export interface StreamSessions extends SessionResolver {
  idleState(sessionId: number): Promise<boolean>;
}

export interface LiveStreamOptions {
  /** A heartbeat comment this often; before each, the session and the route's right are checked again. */
  heartbeatMs: number;
  /** Streams one user may hold at once; opening one more closes that user's oldest. */
  perUser: number;
  /** The session cookie's name (it follows PUBLIC_URL's scheme), for the token to check again. */
  cookieName: string;
  log?: { warn(obj: object, msg?: string): void };
}

/** An open server-sent-events answer. */
export interface LiveStream {
  /** Writes one event (nothing once the stream has ended). */
  send(type: string, data: unknown): void;
  /** Runs once when the stream ends, whoever ends it. */
  onEnd(fn: () => void): void;
  end(): void;
}

/** An evicted stream's browser waits this long before reconnecting, so tabs over the cap do not take turns every few seconds. */
const EVICTED_RETRY_MS = 60_000;

/**
 * Server-sent-event streams of signed-in staff. A stream lives only as long as what opened it: at every heartbeat the
 * session is looked up again (signed out, password changed, deactivated, expired, idle: it ends) and the route's
 * permission checked against the role as it is now (a right taken away: it ends). The browser's EventSource then
 * reconnects and is refused with 401 or 403, which stops it. Each user holds at most `perUser` streams; a new one
 * closes the oldest, since an old one is most likely a tab or a connection that is gone.
 */
type OpenStream = LiveStream & { evict(): void };

export class LiveStreams {
  private readonly byUser = new Map<number, Set<OpenStream>>();

  constructor(
    private readonly sessions: StreamSessions,
    private readonly opts: LiveStreamOptions,
  ) {}

  /** Takes over the response as `text/event-stream`; `once` streams answer the current state and end, never counted. */
  open(req: FastifyRequest, reply: FastifyReply, opts: { once?: boolean } = {}): LiveStream {
    const actor = actorOf(req);
    const permission = req.routeOptions.config.permission;
    if (!permission) throw new Error('a live stream needs a route that declares its permission');
    const raw = reply.raw;
    reply.hijack();
    raw.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', connection: 'keep-alive', 'x-accel-buffering': 'no' });
    raw.write('retry: 3000\n\n');

    const endings: (() => void)[] = [];
    let ended = false;
    const stream: OpenStream = {
      send: (type, data) => {
        if (!ended) raw.write(`event: ${type}\ndata: ${JSON.stringify(data)}\n\n`);
      },
      onEnd: (fn) => {
        if (ended) fn();
        else endings.push(fn);
      },
      end: () => finish(raw),
      // The evicted browser should not come straight back and evict the next oldest a few seconds later.
      evict: () => {
        if (!ended) raw.write(`retry: ${EVICTED_RETRY_MS}\n\n`);
        finish(raw);
      },
    };
    const finish = (res: ServerResponse) => {
      if (ended) return;
      ended = true;
      for (const fn of endings.splice(0)) fn();
      if (!res.writableEnded) res.end();
    };
    if (opts.once) return stream;

    const mine = this.byUser.get(actor.userId) ?? new Set<OpenStream>();
    this.byUser.set(actor.userId, mine);
    for (const old of mine) {
      if (mine.size < this.opts.perUser) break;
      mine.delete(old);
      old.evict();
    }
    mine.add(stream);

    const carried = tokenOf(req, this.opts.cookieName);
    let checking = false;
    const stillAllowed = async (): Promise<boolean> => {
      if (!carried || (await this.sessions.idleState(actor.sessionId))) return false;
      const now = await this.sessions.resolve(carried.token, { allowIdle: true, via: carried.via });
      return now !== null && now.sessionId === actor.sessionId && allows(now.perms, permission) === 'ok';
    };
    const heartbeat = setInterval(() => {
      if (checking || ended) return;
      checking = true;
      stillAllowed()
        .then((ok) => {
          if (ok) raw.write(': ping\n\n');
          else stream.end();
        })
        // The database cannot say right now; nothing new is written to send meanwhile either, so the stream waits for the next beat.
        .catch((err: unknown) => this.opts.log?.warn({ err }, 'live stream: the session could not be checked'))
        .finally(() => {
          checking = false;
        });
    }, this.opts.heartbeatMs);

    stream.onEnd(() => {
      clearInterval(heartbeat);
      mine.delete(stream);
      if (!mine.size && this.byUser.get(actor.userId) === mine) this.byUser.delete(actor.userId);
    });
    raw.on('close', () => finish(raw));
    return stream;
  }

  /** Streams open now, of one user or of everyone. */
  count(userId?: number): number {
    if (userId !== undefined) return this.byUser.get(userId)?.size ?? 0;
    let n = 0;
    for (const set of this.byUser.values()) n += set.size;
    return n;
  }

  /** Ends every stream (the app is closing: shutdown must not wait on browsers). */
  closeAll(): void {
    // Ending a stream removes it from its set (and an emptied set from the map); live iteration allows that.
    for (const set of this.byUser.values()) for (const stream of set) stream.end();
  }
}
