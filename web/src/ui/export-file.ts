import type { AnyEndpoint, ExportFormat } from '@portal/contract';
import { endpointUrl } from '../lib/call.ts';
import { apiUrl, type Query } from '../lib/api.ts';

/** The query keys of a list that an export does not take (it writes every matching row). */
const PAGING = new Set(['page', 'limit', 'cursor', 'is_all']);

/** The export of a list: its endpoint with the list's filters and sort (paging dropped) and the format. */
export function exportUrl(endpoint: string | AnyEndpoint, params: Record<string, string | number>, query: Query, format: ExportFormat): string {
  const filters: Query = { ...Object.fromEntries(Object.entries(query).filter(([k]) => !PAGING.has(k))), format };
  return typeof endpoint === 'string' ? apiUrl(endpoint, filters) : endpointUrl(endpoint, { ...params, query: filters });
}

/** The file name of an answer: RFC 5987's `filename*` first, else the plain `filename`. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1]);
    } catch {
      // fall through to the plain name
    }
  }
  return /filename="([^"]+)"/i.exec(disposition)?.[1] ?? fallback;
}
