import { MENU, type MenuEntry } from '@portal/contract';
import { entryForPath } from '../../lib/menu-path.ts';

const PANDORA = MENU.filter((e) => e.area === 'pandora');

/** The pandora menu entry a screen belongs to (the longest route that is its path or holds it). */
export const pandoraEntryOf = (pathname: string): MenuEntry | undefined => entryForPath(pathname, PANDORA);

/** Search keys a shared address leaves out: the export a link starts (the mail's second link adds it). */
const NOT_SHARED = ['export'];

/** The address shared for the open screen: its path and search (filters, page, order) as written, without the export trigger. */
export function sharedPath(href: string): string {
  const [path = '', query = ''] = (href.split('#')[0] ?? '').split('?');
  const kept = query.split('&').filter((part) => part && !NOT_SHARED.includes(part.split('=')[0] ?? ''));
  return kept.length ? `${path}?${kept.join('&')}` : path;
}
