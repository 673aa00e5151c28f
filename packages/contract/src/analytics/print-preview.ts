import { MENU } from '../access/registry.ts';
import type { MenuEntry } from '../access/types.ts';
import { ENTRY_SPEC_PATHS, PATH_PARAM } from '../access/spec-paths.ts';
import { PRINT_PREVIEW_PATHS, type PreviewKind } from './print-preview-paths.ts';

/**
 * pandora's print-ready previews (spec section 2: `pandora/analytic/preview` and `pandora/preview`): a dashboard's
 * widgets, or a report's table with its totals, laid out for paper, for the page named by `path` with its filters
 * beside it in the query (`analytic/preview?path=/admin/pandora/sales-dashboard&from=…&to=…`). Which preview shows a
 * page follows the menu's groups: the Dashboards are analytics, the E-voucher Reports and Reports are reports.
 */
export { PRINT_PREVIEW_PATHS, type PreviewKind };

/** The menu groups each preview prints. */
const GROUPS: Record<PreviewKind, readonly string[]> = { dashboard: ['Dashboards'], report: ['E-voucher Reports', 'Reports'] };
/** A lookup by barcode, not a report: nothing to print. */
const NOT_PRINTED: readonly string[] = ['pandora.check-voucher-status'];

/** The preview that prints an entry's pages, if any: none for an entry whose screens are not built yet. */
export function previewKindOf(entry: MenuEntry): PreviewKind | undefined {
  if (entry.area !== 'pandora' || NOT_PRINTED.includes(entry.key) || !ENTRY_SPEC_PATHS[entry.key]?.built) return undefined;
  return (Object.keys(GROUPS) as PreviewKind[]).find((kind) => GROUPS[kind].includes(entry.group));
}

/** The entries a preview prints, in menu order. */
export const previewEntries = (kind: PreviewKind): MenuEntry[] => MENU.filter((e) => previewKindOf(e) === kind);

/** The pages of an entry a preview prints: its route and its spec sub-paths without a record in them. */
export function previewPagesOf(entry: MenuEntry): string[] {
  const sub = (ENTRY_SPEC_PATHS[entry.key]?.paths ?? []).map((p) => (typeof p === 'string' ? p : p.path)).filter((p) => !p.match(PATH_PARAM));
  return [entry.route, ...sub.map((p) => `${entry.route}/${p}`)];
}

export type PreviewTarget = { entry: MenuEntry; path: string } | { problem: 'missing' | 'not-previewable' };

/**
 * The page a preview's `path` names, or why it prints none: no path, or one that is not a page of the preview's
 * entries (another area, a record's page, an address with a query or a host in it). Case and a trailing slash aside,
 * as the router matches.
 */
export function previewTarget(kind: PreviewKind, path: unknown): PreviewTarget {
  if (typeof path !== 'string' || !path.trim()) return { problem: 'missing' };
  const wanted = path.trim().replace(/\/+$/, '').toLowerCase();
  for (const entry of previewEntries(kind)) {
    const page = previewPagesOf(entry).find((p) => p.toLowerCase() === wanted);
    if (page) return { entry, path: page };
  }
  return { problem: 'not-previewable' };
}

/**
 * The preview of an address of the portal (`/admin/pandora/sales-dashboard?from=…`): the preview's path with the page
 * as `path` and the page's own query after it; undefined when no preview prints the page.
 */
export function previewHref(address: string): string | undefined {
  const [pathname = '', query = ''] = (address.split('#')[0] ?? '').split('?');
  for (const kind of Object.keys(PRINT_PREVIEW_PATHS) as PreviewKind[]) {
    const target = previewTarget(kind, pathname);
    if ('entry' in target) {
      const rest = query.split('&').filter((part) => part && part.split('=')[0] !== 'path');
      return `${PRINT_PREVIEW_PATHS[kind]}?${[`path=${encodeURIComponent(target.path)}`, ...rest].join('&')}`;
    }
  }
  return undefined;
}
