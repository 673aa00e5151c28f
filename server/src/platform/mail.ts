import nodemailer from 'nodemailer';
import { desc } from 'drizzle-orm';
import type { MailboxItem } from '@portal/contract';
import type { Db } from '../db/client.ts';
import { mailOutbox } from '../db/schema/index.ts';

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
      await db.insert(mailOutbox).values(m);
    },
    outbox: async (limit = 50) => {
      const rows = await db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(limit);
      return rows.map((r) => ({ id: r.id, to: r.to, subject: r.subject, text: r.text, html: r.html, created_at: r.createdAt.toISOString() }));
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
