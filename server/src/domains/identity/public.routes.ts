import type { FastifyInstance } from 'fastify';
import { and, desc, eq, isNotNull, lte } from 'drizzle-orm';
import { publicApi } from '@portal/contract';
import { devMailboxEnabled } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { legalDocuments } from '../../db/schema/index.ts';
import { notFound } from '../../platform/errors.ts';
import { serve } from '../../platform/serve.ts';
import type { IdentityServices } from './identity.deps.ts';

export function registerPublicRoutes(app: FastifyInstance, s: IdentityServices, db: Db): void {
  serve(app, publicApi.meta, async () => ({
    message: 'Success',
    data: {
      app_env: s.config.APP_ENV,
      idle_timeout_seconds: s.config.SESSION_IDLE_SECONDS,
      otp_ttl_seconds: s.config.OTP_TTL_SECONDS,
      otp_resend_seconds: s.config.OTP_RESEND_SECONDS,
      mailbox: devMailboxEnabled(s.config),
    },
  }));

  serve(app, publicApi.legal, async (req) => {
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
  });

  // Declared in the contract, served only where the outbox exists (without SMTP, outside production).
  if (devMailboxEnabled(s.config)) serve(app, publicApi.mailbox, async () => ({ message: 'Success', data: (await s.mailer.outbox(50)) ?? [] }));
}
