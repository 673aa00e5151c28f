import nodemailer from 'nodemailer';
import { sql } from 'drizzle-orm';
import { mailboxItem, type MailboxItem } from '@portal/contract';
import { queryRows, type Db, type Tx } from '../db/client.ts';
import type { JobQueue } from './jobs.ts';
import { rowReader } from './sql/row-reader.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /**
   * Hands a message over for delivery and returns at once: never waits on a mail server, so neither its speed nor its
   * failures show in the answer (which would tell a caller whether an account exists). With `tx` the message leaves
   * only if that transaction commits.
   */
  send(message: MailMessage, tx?: Tx): Promise<void>;
  /** The built-in outbox, newest first; null when mail goes out over SMTP. */
  outbox(limit?: number): Promise<MailboxItem[]> | null;
}

/** What actually talks to a mail server; the mail job calls it, with retries. */
export interface MailTransport {
  deliver(message: MailMessage): Promise<void>;
}

export const MAIL_JOB = 'mail';
/** A mail server that is down gets five more tries. */
const MAIL_RETRY_LIMIT = 5;

const toMailboxItem = rowReader(mailboxItem);

export function smtpTransport(smtpUrl: string, from: string): MailTransport {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    deliver: async (m) => {
      await transport.sendMail({ from, ...m });
    },
  };
}

/**
 * With a transport (SMTP), each message is a job queued in the caller's transaction and delivered by the mail job,
 * which retries. Without one, messages land in the database outbox that /dev/mailbox shows, in the same transaction.
 */
export function createMailer(db: Db, opts: { transport?: MailTransport; jobs: JobQueue; retrySeconds: number }): Mailer {
  const { transport } = opts;
  if (transport) {
    opts.jobs.register<MailMessage>(MAIL_JOB, async (message) => transport.deliver(message));
    return {
      send: async (m, tx) => {
        await opts.jobs.send(MAIL_JOB, m, { retryLimit: MAIL_RETRY_LIMIT, retryDelaySeconds: opts.retrySeconds, ...(tx ? { tx } : {}) });
      },
      outbox: () => null,
    };
  }
  return {
    send: async (m, tx) => {
      await (tx ?? db).execute(sql`insert into mail_outbox ("to", subject, "text", html) values (${m.to}, ${m.subject}, ${m.text}, ${m.html})`);
    },
    outbox: async (limit = 50) => {
      const rows = await queryRows(db, sql`select id, "to", subject, "text", html, created_at from mail_outbox order by id desc limit ${limit}`);
      return rows.map(toMailboxItem);
    },
  };
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A plain branded e-mail: paragraphs, and an optional button link. */
export function composeMail(to: string, subject: string, paragraphs: string[], link?: { label: string; url: string }): MailMessage {
  const text = [...paragraphs, ...(link ? [`${link.label}: ${link.url}`] : [])].join('\n\n');
  const html = [
    '<div style="font-family:Arial,sans-serif;font-size:14px;color:#222">',
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    link ? `<p><a href="${escapeHtml(link.url)}" style="background:#1f8f4e;color:#fff;padding:8px 16px;border-radius:4px;text-decoration:none">${escapeHtml(link.label)}</a></p>` : '',
    '<p style="color:#888">Loyalty Portal</p></div>',
  ].join('');
  return { to, subject, text, html };
}
