import type { FastifyInstance } from 'fastify';
import { formatDateTime } from '@portal/contract';
import { loopbackOnly } from '../../platform/loopback.ts';
import type { Mailer } from '../../platform/mail.ts';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A plain page listing the development outbox, for a developer signing in without a mail server. */
export function registerDevMailboxPage(app: FastifyInstance, mailer: Mailer): void {
  app.get('/dev/mailbox', { schema: { hide: true }, onRequest: loopbackOnly }, async (_req, reply) => {
    const items = (await mailer.outbox(50)) ?? [];
    const rows = items
      .map(
        (m) => `<article><header><b>${escape(m.subject)}</b> to ${escape(m.to)} <small>${escape(formatDateTime(m.created_at))}</small></header>
<pre>${escape(m.text).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>')}</pre></article>`,
      )
      .join('\n');
    return reply
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(`<!doctype html><html><head><meta charset="utf-8"><title>Development mailbox</title>
<style>body{font-family:Arial,sans-serif;max-width:900px;margin:24px auto;color:#222}article{border:1px solid #ddd;border-radius:6px;padding:12px;margin:12px 0}pre{white-space:pre-wrap}small{color:#888}</style>
</head><body><h1>Development mailbox</h1><p>Messages the portal would have sent. Only present in development without SMTP_URL, and only to this machine. Newest first.</p>
${rows || '<p>No messages yet.</p>'}</body></html>`);
  });
}
