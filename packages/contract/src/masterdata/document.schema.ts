import { z } from 'zod';
import { isoDateTime } from '../common/fields.ts';
import { INT4_MAX, listQuery } from '../common/list-query.ts';
import { LEGAL_KINDS } from '../enums/index.ts';
import { LIST_START_MESSAGE, listStartsValid } from '../common/rich-text.ts';
import { nameField } from '../common/resource-fields.ts';

/**
 * Rich-text documents of the app: privacy policy, terms and conditions, how-to-redeem and the app's about text
 * (setting-app). They live in the one document store the public /terms and /privacy pages read: each
 * (kind, variant, language) has one draft that editors save, and every publish adds an immutable published version.
 */
export type DocumentKind = (typeof LEGAL_KINDS)[number];
export const DOCUMENT_VARIANTS = ['consumer', 'voucher-partner'] as const;
export type DocumentVariant = (typeof DOCUMENT_VARIANTS)[number];
/** The spec's `language_type`: Indonesian or English. */
export const LANGUAGE_TYPES = ['id', 'en'] as const;
export type LanguageType = (typeof LANGUAGE_TYPES)[number];

export interface DocumentKindDef {
  kind: DocumentKind;
  /** The menu entry editing it, which is also its URL segment. */
  entry: string;
  /** Terms (and the privacy policy) have a consumer and a voucher-partner text; the others one text. */
  variants: readonly DocumentVariant[];
  label: string;
  /** The public page showing the published text, when there is one. */
  publicPath?: string;
}

export const DOCUMENT_KINDS: readonly DocumentKindDef[] = [
  { kind: 'privacy', entry: 'cms.privacy-policy', variants: DOCUMENT_VARIANTS, label: 'Privacy Policy', publicPath: '/privacy' },
  { kind: 'terms', entry: 'cms.term-condition', variants: DOCUMENT_VARIANTS, label: 'Terms and Conditions', publicPath: '/terms' },
  { kind: 'how-to-redeem', entry: 'cms.how-to-redeem', variants: ['consumer'], label: 'How to Redeem' },
  { kind: 'setting-app', entry: 'cms.setting-app', variants: ['consumer'], label: 'About the App' },
];
export const DOCUMENT_ENTRIES = DOCUMENT_KINDS.map((k) => k.entry);
export const documentKindOf = (kind: DocumentKind): DocumentKindDef => DOCUMENT_KINDS.find((k) => k.kind === kind) ?? (DOCUMENT_KINDS[0] as DocumentKindDef);

/** The URL segment of a kind (`/api/v1/term-condition`): the word of its menu entry. */
export const documentSegment = (kind: DocumentKind): string => documentKindOf(kind).entry.replace(/^cms\./, '');

/** Which text: `variant` (only where the kind has variants) and `language_type`. */
export const documentQueryFor = (kind: DocumentKind) => {
  const def = documentKindOf(kind);
  const language_type = z.enum(LANGUAGE_TYPES).default('id');
  return def.variants.length > 1
    ? z.object({ variant: z.enum(DOCUMENT_VARIANTS).default('consumer'), language_type }).strict()
    : z.object({ language_type }).strict();
};
export type DocumentQuery = { variant?: DocumentVariant; language_type: LanguageType };

/** The most HTML one document may hold. */
export const RICH_TEXT_MAX = 200_000;
/** Rich text as the editor sends it; the server sanitises it before storing. */
export const richTextField = z
  .string({ error: 'Content is required' })
  .max(RICH_TEXT_MAX, `Content must be at most ${RICH_TEXT_MAX.toLocaleString('en')} characters`)
  .refine((v) => v.replace(/<[^>]*>|&nbsp;/g, '').trim().length > 0, 'Content is required')
  .refine(listStartsValid, LIST_START_MESSAGE);

export const documentUpdateBody = z
  .object({
    title: nameField('Title', 200),
    body_html: richTextField,
    /** The draft's version as read; 0 when no draft was saved yet. */
    version: z.number().int().min(0).max(INT4_MAX),
  })
  .strict();
export type DocumentUpdate = z.infer<typeof documentUpdateBody>;
export const documentPublishBody = z.object({ version: z.number().int().min(1, 'Save the draft before publishing').max(INT4_MAX) }).strict();

export const DOCUMENT_STATUS = ['unpublished', 'published', 'changed'] as const;

export const publishedSummary = z.object({
  id: z.number().int(),
  title: z.string(),
  published_at: isoDateTime,
  published_by_name: z.string().nullable(),
});

/** A document as its editor sees it: the draft (or, before any draft, the published text) and what is live. */
export const documentRow = z.object({
  /** `<variant>.<language_type>`, naming the text among its kind's. */
  id: z.string(),
  kind: z.enum(LEGAL_KINDS),
  variant: z.enum(DOCUMENT_VARIANTS),
  language_type: z.enum(LANGUAGE_TYPES),
  title: z.string(),
  body_html: z.string(),
  /** 0 until a draft is saved. */
  version: z.number().int(),
  updated_at: isoDateTime.nullable(),
  updated_by_name: z.string().nullable(),
  /** unpublished: never published; published: the draft is what is live; changed: the draft differs from it. */
  status: z.enum(DOCUMENT_STATUS),
  published: publishedSummary.nullable(),
});
export type DocumentRow = z.infer<typeof documentRow>;

export const documentVersionRow = publishedSummary.extend({
  kind: z.enum(LEGAL_KINDS),
  variant: z.string(),
  language_type: z.string(),
  body_html: z.string(),
});
export type DocumentVersionRow = z.infer<typeof documentVersionRow>;

export const documentVersionListQueryFor = (kind: DocumentKind) =>
  listQuery(['published_at'] as const, {}).extend(documentQueryFor(kind).shape).strict();

/** Sanitising preview for the editor: the HTML as the server would store it. */
export const richTextPreviewBody = z.object({ html: z.string().max(RICH_TEXT_MAX) }).strict();
export const richTextPreview = z.object({ html: z.string() });
