import type { z } from 'zod';
import { MAX_LIST_OFFSET } from '@portal/contract';
import type { Query } from '../lib/api.ts';

/** A list's state as the URL holds it: only the keys that differ from the list query's defaults. */
export type ListSearch = Record<string, string | number | undefined>;

/** The router parses JSON-looking values (`page=2` → 2); the contract schemas coerce query-string text. */
function asText(raw: object): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(raw)) {
    if (typeof v === 'string') out[k] = v;
    else if (typeof v === 'number' || typeof v === 'boolean') out[k] = String(v);
  }
  return out;
}

/** Keys the schema refuses (bad values and, for strict schemas, unknown keys). */
function refusedKeys(issues: readonly z.core.$ZodIssue[]): Set<string> {
  const keys = new Set<string>();
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') issue.keys.forEach((k) => keys.add(k));
    else if (issue.path[0] !== undefined) keys.add(String(issue.path[0]));
  }
  return keys;
}

/** The input with every key the schema refuses dropped, so a stale or hand-edited URL still opens. */
function acceptedInput(schema: z.ZodType, raw: object): { input: Record<string, string>; data: Record<string, unknown> } {
  const input = asText(raw);
  for (let attempt = 0; attempt < 10; attempt++) {
    const result = schema.safeParse(input);
    if (result.success) return { input, data: isRecord(result.data) ? result.data : {} };
    const refused = refusedKeys(result.error.issues);
    if (refused.size === 0) break;
    refused.forEach((k) => delete input[k]);
  }
  const fallback = schema.safeParse({});
  return { input: {}, data: fallback.success && isRecord(fallback.data) ? fallback.data : {} };
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The list query's defaults (page 1, limit 10, default sort ...). */
export function listDefaults(schema: z.ZodType): Record<string, unknown> {
  const r = schema.safeParse({});
  return r.success && isRecord(r.data) ? r.data : {};
}

/**
 * A list's state from its URL: keeps the keys of the URL the contract list query accepts, drops the rest and the
 * ones equal to the defaults, and never throws.
 */
export function cleanListSearch(schema: z.ZodType, raw: object): ListSearch {
  const { input } = acceptedInput(schema, raw);
  const defaults = listDefaults(schema);
  const out: ListSearch = {};
  for (const [k, v] of Object.entries(input)) {
    if (k === 'is_all' || v === '') continue;
    if (defaults[k] !== undefined && String(defaults[k]) === v) continue;
    out[k] = /^\d{1,9}$/.test(v) && k !== 'search' ? Number(v) : v;
  }
  return out;
}

/**
 * The total the pager offers. A page number opens at most MAX_LIST_OFFSET rows deep (the API refuses deeper ones and
 * points to the filters); past that the list goes on one page at a time from the page before (by cursor), so the pager
 * stops at the last page a number opens, or at the one after the current page when there is a next one.
 */
export function pagerTotal(total: number, limit: number, page: number, hasNext: boolean): number {
  const byNumber = Math.floor(MAX_LIST_OFFSET / limit) + 1;
  return Math.min(total, Math.max(byNumber, hasNext ? page + 1 : page) * limit);
}

/** The full list query (defaults filled in) sent to the API. */
export function listQueryParams(schema: z.ZodType, raw: object): Query {
  const { data } = acceptedInput(schema, raw);
  const out: Query = {};
  for (const [k, v] of Object.entries(data)) {
    if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') out[k] = v;
  }
  return out;
}
