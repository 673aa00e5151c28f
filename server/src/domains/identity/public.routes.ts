import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, desc, eq, isNotNull, lte } from 'drizzle-orm';
import { z } from 'zod';
import { APP_ENVS, envelope, legalDocument, legalKindParam, legalQuery, mailboxItem } from '@portal/contract';
import { devMailboxEnabled } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { legalDocuments } from '../../db/schema/index.ts';
import { notFound } from '../../platform/errors.ts';
import type { IdentityServices } from './identity.deps.ts';

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
        db
          .select()
          .from(legalDocuments)
          .where(and(eq(legalDocuments.kind, req.params.kind), eq(legalDocuments.variant, req.query.variant), eq(legalDocuments.language, language), isNotNull(legalDocuments.publishedAt), lte(legalDocuments.publishedAt, now)))
          .orderBy(desc(legalDocuments.publishedAt))
          .limit(1);
      // Fall back to the other language rather than show nothing.
      const doc = (await find(req.query.language))[0] ?? (await find(req.query.language === 'id' ? 'en' : 'id'))[0];
      if (!doc || !doc.publishedAt) throw notFound('Published document');
      return {
        message: 'Success',
        data: { kind: doc.kind, variant: doc.variant, language: doc.language, title: doc.title, body_html: doc.bodyHtml, published_at: doc.publishedAt.toISOString() },
      };
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
