import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../server/src/app.ts';
import { loadConfig } from '../../server/src/config.ts';
import { queryRows } from '../../server/src/db/client.ts';
import { hashSecret } from '../../server/src/platform/tokens.ts';
import { seedDemo } from '../../server/src/seed/demo.ts';
import { benchDatabase, fmt } from '../support.ts';

const percentile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

/**
 * Live chat fan-out over real HTTP: `listeners` agents hold `GET /api/v1/chats/events` open while consumers write
 * `rate` messages a second for `seconds` through the consumer API; each delivery's delay is from the moment the consumer
 * sent the message to the moment a listener read its event. The baseline is the write's own round trip (the consumer's
 * POST). Listeners, writers and server share one process (and, on PGlite, the one connection), as on a small site.
 */
export async function run(scale: number): Promise<void> {
  const listeners = scale > 0 ? scale : 200;
  const rate = 20;
  const seconds = 10;
  const { database, drop } = await benchDatabase();
  try {
    await seedDemo(database.db, { scale: 0 });
    const writers = 20;
    const password = 'Bench@12345';
    const hash = await hashSecret(password);
    const consumers = await queryRows<{ id: number; phone: string }>(
      database.db,
      sql`insert into consumers (name, phone, gender, app_card_id) select 'Bench ' || i, '62899' || lpad(i::text, 8, '0'), 1, '7799' || lpad(i::text, 12, '0')
          from generate_series(1, ${writers}) i returning id, phone`,
    );
    for (const c of consumers) await database.db.execute(sql`insert into consumer_credentials (consumer_id, password_hash) values (${c.id}, ${hash})`);

    const config = loadConfig({ ...process.env, DATABASE_URL: undefined }, { APP_ENV: 'development', LOG_LEVEL: 'silent', AUTH_RATE_LIMIT: 100_000, webDist: '/nonexistent' });
    const { app } = await buildApp({ config, database });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const post = async <T>(path: string, body: unknown, token?: string) => {
      const res = await fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) });
      if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { data: T }).data;
    };
    const agent = (await post<{ token: string }>('/api/v1/auth/sign-in', { username: 'cs.agent', password: 'Demo@12345' })).token;
    const tokens = await Promise.all(consumers.map((c) => post<{ token: string }>('/api/v1/app/auth/sign-in', { phone: c.phone, password }).then((s) => s.token)));

    const sentAt = new Map<string, number>();
    const delays: number[] = [];
    const ctrl = new AbortController();
    let ready = 0;
    const streams = Array.from({ length: listeners }, async () => {
      const res = await fetch(`${base}/api/v1/chats/events`, { headers: { authorization: `Bearer ${agent}` }, signal: ctrl.signal });
      const reader = res.body!.getReader();
      const decoder = new TextDecoder();
      let buffer = '';
      let counted = false;
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += decoder.decode(value, { stream: true });
          let cut: number;
          while ((cut = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            if (!counted && block.includes('event: unread')) {
              counted = true;
              ready++;
            }
            const m = block.match(/"body":"(bench-\d+)"/);
            const sent = m ? sentAt.get(m[1]!) : undefined;
            if (sent !== undefined) delays.push(performance.now() - sent);
          }
        }
      } catch {
        // aborted at the end
      }
    });
    const t0 = Date.now();
    while (ready < listeners && Date.now() - t0 < 30_000) await new Promise((r) => setTimeout(r, 50));
    console.log(`chat-sse: ${ready} listeners connected in ${Date.now() - t0} ms on ${database.describe}; ${rate} messages/s for ${seconds} s from ${writers} consumers`);

    const writes: number[] = [];
    const pending: Promise<void>[] = [];
    const total = rate * seconds;
    const start = performance.now();
    for (let i = 0; i < total; i++) {
      const due = start + (i * 1000) / rate;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const body = `bench-${i}`;
      const at = performance.now();
      sentAt.set(body, at);
      pending.push(post('/api/v1/app/chat/messages', { message: body }, tokens[i % tokens.length]).then(() => void writes.push(performance.now() - at)));
    }
    await Promise.all(pending);
    const expected = total * listeners;
    const t1 = Date.now();
    while (delays.length < expected && Date.now() - t1 < 10_000) await new Promise((r) => setTimeout(r, 50));
    ctrl.abort();
    await Promise.allSettled(streams);

    delays.sort((a, b) => a - b);
    writes.sort((a, b) => a - b);
    console.log(
      `${'chat-sse delivery (send → event read)'.padEnd(44)} p50 ${fmt(percentile(delays, 0.5)).padStart(10)}  p95 ${fmt(percentile(delays, 0.95)).padStart(10)}   write round trip p95 ${fmt(percentile(writes, 0.95)).padStart(10)}   delivered ${delays.length.toLocaleString('en')} of ${expected.toLocaleString('en')}`,
    );
    await app.close();
  } finally {
    await drop();
  }
}
