import nodemailer from 'nodemailer';
import { sql } from 'drizzle-orm';
import { mailboxItem, type MailboxItem } from '@portal/contract';
import { queryRows, type Db } from '../db/client.ts';
import { rowReader } from './sql/row-reader.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** The built-in outbox, newest first; null when mail goes out over SMTP. */
  outbox(limit?: number): Promise<MailboxItem[]> | null;
}

const toMailboxItem = rowReader(mailboxItem);

/** Without SMTP_URL, messages land in the database outbox that /dev/mailbox shows. */
export function createMailer(db: Db, opts: { smtpUrl?: string; from: string }): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      send: async (m) => {
        await transport.sendMail({ from: opts.from, ...m });
      },
      outbox: () => null,
    };
  }
  return {
    send: async (m) => {
      await db.execute(sql`insert into mail_outbox ("to", subject, "text", html) values (${m.to}, ${m.subject}, ${m.text}, ${m.html})`);
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
