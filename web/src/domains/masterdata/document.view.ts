import { z } from 'zod';
import {
  documentKindOf,
  documentQueryFor,
  documentsApi,
  documentUpdateBody,
  type DocumentKind,
  type DocumentRow,
  type DocumentVariant,
  type LanguageType,
} from '@portal/contract';
import { defineResource, type ResourceView } from '../../ui/resource.ts';
import { RichTextField } from '../../ui/RichTextField.tsx';

/** Which text of a kind the screens show: from the URL (`variant`, `language_type`), defaults filled in. */
export interface DocumentTarget {
  variant: DocumentVariant;
  language_type: LanguageType;
}

/** The record id of a text (`consumer.id`), as the server names it, and back. */
export const documentId = (t: DocumentTarget) => `${t.variant}.${t.language_type}`;
export function targetOf(id: string | number): DocumentTarget {
  const [variant, language] = String(id).split('.');
  return { variant: variant === 'voucher-partner' ? 'voucher-partner' : 'consumer', language_type: language === 'en' ? 'en' : 'id' };
}

/** The query naming a text, only with the keys its kind accepts (how-to-redeem has no variant). */
export function documentQuery(kind: DocumentKind, t: DocumentTarget): Record<string, string> {
  return documentKindOf(kind).variants.length > 1 ? { variant: t.variant, language_type: t.language_type } : { language_type: t.language_type };
}

/** The URL search of a text, without the defaults (consumer, id). */
export function documentSearch(kind: DocumentKind, t: DocumentTarget): string {
  const q = Object.entries(documentQuery(kind, t)).filter(([k, v]) => !(k === 'variant' && v === 'consumer') && !(k === 'language_type' && v === 'id'));
  return q.length ? `?${new URLSearchParams(q).toString()}` : '';
}

/** The target named by a route's search, defaults filled in. */
export function targetFromSearch(kind: DocumentKind, search: object): DocumentTarget {
  const parsed = documentQueryFor(kind).safeParse(Object.fromEntries(Object.entries(search).map(([k, v]) => [k, String(v)])));
  const data: { variant?: DocumentVariant; language_type?: LanguageType } = parsed.success ? parsed.data : {};
  return { variant: data.variant ?? 'consumer', language_type: data.language_type ?? 'id' };
}


const views = new Map<DocumentKind, ResourceView<DocumentRow>>();

/**
 * The editing view of one kind: the draft's title and body through the generic form (version, 409, field errors).
 * Its record id is the text's `<variant>.<language>`; its page is the entry's route with that text in the search.
 */
export function documentView(kind: DocumentKind): ResourceView<DocumentRow> {
  const known = views.get(kind);
  if (known) return known;
  const def = documentKindOf(kind);
  const view = defineResource<DocumentRow>({
    name: `document-${kind}`,
    i18n: 'masterdata.document',
    title: def.label,
    entries: [def.entry],
    listQuery: documentQueryFor(kind) as z.ZodType,
    api: { list: documentsApi[kind].get, get: documentsApi[kind].get, update: documentsApi[kind].save },
    // A document's record id (`consumer.id`) names its text, which travels in the query.
    recordArgs: (id) => ({ query: documentQuery(kind, targetOf(id)) }),
    columns: [],
    form: {
      update: documentUpdateBody,
      fields: [
        { name: 'title', label: 'Title', input: 'text', wide: true },
        { name: 'body_html', label: 'Content', input: 'custom', component: RichTextField },
      ],
      fromDetail: (d) => ({ title: d.title, body_html: d.body_html }),
    },
    detail: [],
    rowTitle: (d) => d.title,
    paths: (route) => ({ list: route, detail: (id) => `${route}${documentSearch(kind, targetOf(id))}`, edit: (id) => `${route}/edit${documentSearch(kind, targetOf(id))}` }),
  });
  views.set(kind, view);
  return view;
}
