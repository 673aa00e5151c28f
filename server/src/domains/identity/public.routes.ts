import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { legalDocument, publicApi } from '@portal/contract';
import { devMailboxEnabled } from '../../config.ts';
import { queryRows, type Db } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';
import { loopbackOnly } from '../../platform/loopback.ts';
import { serve } from '../../platform/serve.ts';
import { rowReader } from '../../platform/sql/row-reader.ts';
import type { IdentityServices } from './identity.deps.ts';

const readLegalDocument = rowReader(legalDocument);

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
  });

  // Declared in the contract, served only where the outbox exists (development without SMTP), to this machine only.
  if (devMailboxEnabled(s.config)) {
    serve(app, publicApi.mailbox, async () => ({ message: 'Success', data: (await s.mailer.outbox(50)) ?? [] }), { onRequest: loopbackOnly });
  }
}
