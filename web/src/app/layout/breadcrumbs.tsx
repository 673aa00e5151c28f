import { AREA_PREFIX } from '@portal/contract';
import { useNavigate } from '@tanstack/react-router';
import { Breadcrumb } from 'antd';
import type { MouseEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { entryForPath } from '../../lib/menu-path.ts';
import { PATHS, type Access } from '../access.ts';
import { useLang } from '../../lib/i18n.ts';
import { areaLabel, entryLabel, groupLabel } from '../menu-labels.ts';

interface Crumb {
  title: ReactNode;
  href?: string;
}

/** An in-app link: a real href (middle click opens a tab), a router navigation on a plain click. */
function RouterLink({ href, children }: { href: string; children: ReactNode }) {
  const navigate = useNavigate();
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    void navigate({ href });
  };
  return (
    <a href={href} onClick={onClick}>
      {children}
    </a>
  );
}

/** The last path segments that name a screen of an entry's record. */
const SUB_CRUMBS = new Set(['create', 'edit', 'detail', 'duplicate', 'preview']);

/**
 * Breadcrumbs derived from the path: Home › area › group › entry › Create | Detail | Edit | Duplicate | Preview, or the
 * settings and shell pages.
 */
export function Breadcrumbs({ path, access }: { path: string; access: Access }) {
  const { t } = useTranslation();
  const lang = useLang();
  const crumbs: Crumb[] = [{ title: t('nav.home'), href: PATHS.mainPage }];
  const entry = entryForPath(path);

  if (entry) {
    const areaHasLanding = access.menu.some((e) => e.area === entry.area);
    crumbs.push({ title: areaLabel(entry.area, lang), href: areaHasLanding ? AREA_PREFIX[entry.area] : undefined });
    crumbs.push({ title: groupLabel(entry.group) });
    const rest = path.slice(entry.route.length).split('/').filter(Boolean);
    crumbs.push({ title: entryLabel(entry, lang), href: rest.length ? entry.route : undefined });
    const last = rest[rest.length - 1];
    const sub = last && SUB_CRUMBS.has(last) ? `crumb.${last}` : undefined;
    if (sub) crumbs.push({ title: t(sub) });
  } else if (path.startsWith(PATHS.settings)) {
    crumbs.push({ title: t('nav.settings') });
    crumbs.push({ title: path === PATHS.changePassword ? t('nav.changePassword') : t('nav.profile') });
  } else if (path === PATHS.unauthorized || path === PATHS.ssosisUnauthorized) {
    crumbs.push({ title: t('crumb.unauthorized') });
  }

  const items = crumbs.map((crumb, i) => ({
    key: `${i}`,
    title: crumb.href && i < crumbs.length - 1 ? <RouterLink href={crumb.href}>{crumb.title}</RouterLink> : crumb.title,
  }));
  return <Breadcrumb items={items} style={{ marginBottom: 16 }} data-testid="breadcrumbs" />;
}
