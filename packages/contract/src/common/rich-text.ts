/** Rules on rich text (HTML from the editor) shared by every body that holds it: documents, content descriptions. */

/** The spec's rich-text list numbering message. */
export const LIST_START_MESSAGE = 'Start index must be greater than 0.';

const OL_START = /<ol\b[^>]*?\bstart\s*=\s*["']?\s*([-+]?\d+)/gi;

/** Whether every numbered list starts at 1 or later. */
export function listStartsValid(html: string): boolean {
  for (const m of html.matchAll(OL_START)) if (Number(m[1]) < 1) return false;
  return true;
}
