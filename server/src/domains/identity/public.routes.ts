import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { APP_ENVS, envelope, legalDocument, legalKindParam, legalQuery, mailboxItem } from '@portal/contract';
import { devMailboxEnabled } from '../../config.ts';
import { queryRows, type Db } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';
import { rowReader } from '../../platform/sql/row-reader.ts';
import type { IdentityServices } from './identity.deps.ts';

const readLegalDocument = rowReader(legalDocument);

const metaData = z.object({ app_env: z.enum(APP_ENVS), idle_timeout_seconds: z.number(), otp_ttl_seconds: z.number(), otp_resend_seconds: z.number(), mailbox: z.boolean() });

export function registerPublicRoutes(app: FastifyInstance, s: IdentityServices, db: Db): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/v1/meta', {
    config: { permission: 'public' },
    schema: { tags: ['public'], summary: 'Environment facts the web app needs before sign-in', response: { 200: envelope(metaData) } },
    handler: async () => ({
      message: 'Success',
      data: {
        app_env: s.config.APP_ENV,
        idle_timeout_seconds: s.config.SESSION_IDLE_SECONDS,
        otp_ttl_seconds: s.config.OTP_TTL_SECONDS,
        otp_resend_seconds: s.config.OTP_RESEND_SECONDS,
        mailbox: devMailboxEnabled(s.config),
      },
    }),
  });

  r.get('/api/v1/public/legal/:kind', {
    config: { permission: 'public' },
    schema: { tags: ['public'], summary: 'The published terms or privacy policy', params: legalKindParam, querystring: legalQuery, response: { 200: envelope(legalDocument) } },
    handler: async (req) => {
      const now = s.clock.now();
      const find = (language: string) =>
        queryRows(
          db,
          sql`select kind, variant, language, title, body_html, published_at from legal_documents
              where kind = ${req.params.kind} and variant = ${req.query.variant} and language = ${language} and published_at is not null and published_at <= ${now}
              order by published_at desc limit 1`,
        );
      // Fall back to the other language rather than show nothing.
      const doc = (await find(req.query.language))[0] ?? (await find(req.query.language === 'id' ? 'en' : 'id'))[0];
      if (!doc) throw notFound('Published document');
      return { message: 'Success', data: readLegalDocument(doc) };
    },
  });

  if (devMailboxEnabled(s.config)) {
    r.get('/api/v1/dev/mailbox', {
      config: { permission: 'public' },
      schema: { tags: ['dev'], summary: 'The development outbox, newest first (only without SMTP, never in production)', response: { 200: envelope(z.array(mailboxItem)) } },
      handler: async () => ({ message: 'Success', data: (await s.mailer.outbox(50)) ?? [] }),
    });
  }
}
