/**
 * The keyset position carried between pages: the page it opens, the ordering it belongs to, and the sort value and id
 * of the last row before it. Opaque to clients (base64url JSON).
 */
export interface Cursor {
  /** The page this cursor opens. */
  p: number;
  /** `sort_by:sort_dir` it was made for; a cursor of another ordering is ignored. */
  o: string;
  /** The last row's sort value as PostgreSQL text (timestamps keep their microseconds). */
  s: string | null;
  /** The last row's id. */
  i: number | string;
}

export const encodeCursor = (c: Cursor): string => Buffer.from(JSON.stringify(c)).toString('base64url');

/** The cursor, or null when it is malformed (a stale or edited URL falls back to offset paging, never to an error). */
export function decodeCursor(text: string): Cursor | null {
  try {
    const c = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as Partial<Cursor>;
    if (typeof c.p !== 'number' || typeof c.o !== 'string' || !(typeof c.i === 'number' || typeof c.i === 'string')) return null;
    if (!(typeof c.s === 'string' || c.s === null)) return null;
    return c as Cursor;
  } catch {
    return null;
  }
}
