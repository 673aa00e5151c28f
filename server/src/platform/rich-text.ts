import sanitizeHtml from 'sanitize-html';

/**
 * The HTML rich-text documents may keep (privacy policy, terms, how-to-redeem, the app's about text, and later any
 * content body): structure and emphasis only. Scripts, styles, iframes, forms, images, event handlers and any URL other
 * than http, https and mailto are dropped; links always get rel="noopener noreferrer".
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1', 'h2', 'h3', 'h4', 'h5', 'h6',
    'p', 'br', 'hr', 'blockquote', 'pre', 'code',
    'strong', 'b', 'em', 'i', 'u', 's', 'sub', 'sup', 'small', 'mark',
    'ul', 'ol', 'li',
    'a',
    'table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    ol: ['start', 'type'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  allowedStyles: {},
  // Their content is dropped with them, not kept as text.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template', 'svg', 'math', 'title', 'head'],
  disallowedTagsMode: 'discard',
  enforceHtmlBoundary: false,
  transformTags: {
    a: (tagName, attribs) => {
      const out: Record<string, string> = { rel: 'noopener noreferrer' };
      if (attribs.href) out.href = attribs.href;
      if (attribs.title) out.title = attribs.title;
      if (attribs.target === '_blank') out.target = '_blank';
      return { tagName, attribs: out };
    },
    ol: (tagName, attribs) => {
      const out: Record<string, string> = {};
      // Only a whole number of 1 or more survives as a start (the contract refuses smaller ones before this point).
      if (attribs.start && /^\s*\d+\s*$/.test(attribs.start) && Number(attribs.start) >= 1) out.start = String(Number(attribs.start));
      if (attribs.type && /^[1aAiI]$/.test(attribs.type)) out.type = attribs.type;
      return { tagName, attribs: out };
    },
    b: 'strong',
    i: 'em',
  },
  // A link whose href was dropped (javascript:, data:) keeps its text but is no longer a link.
  exclusiveFilter: (frame) => (frame.tag === 'a' && !frame.attribs.href ? 'excludeTag' : false),
};

/** The HTML as it may be stored and shown. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** Whether sanitised HTML still has readable text (a body of only stripped tags is empty). */
export function hasText(html: string): boolean {
  return html.replace(/<[^>]*>|&nbsp;|&#160;/g, '').trim().length > 0;
}
