/* Limits that forms, lists and the server share; zod-free, so the first screen reads them without a schema library. */

export const PASSWORD_MIN = 8;
export const OTP_LENGTH = 6;
/**
 * Page numbers read by skipping rows, and every skipped row is read: past this many a page is refused, with a message
 * that points to the filters. Keyset paging (`cursor`, the next page from the previous one) seeks and has no such bound.
 */
export const MAX_LIST_OFFSET = 10_000;
