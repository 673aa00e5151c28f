import { z } from 'zod';
import { isoDateTime } from '../common/fields.ts';
import { LEGAL_KINDS } from '../enums/index.ts';

export const legalKindParam = z.object({ kind: z.enum(LEGAL_KINDS) }).strict();
export const legalQuery = z
  .object({ variant: z.enum(['consumer', 'voucher-partner']).default('consumer'), language: z.enum(['en', 'id']).default('id') })
  .strict();
export const legalDocument = z.object({
  kind: z.string(),
  variant: z.string(),
  language: z.string(),
  title: z.string(),
  body_html: z.string(),
  published_at: isoDateTime,
});
