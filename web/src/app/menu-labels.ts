import { AREA_LABEL, type Area, type Lang, type MenuEntry } from '@portal/contract';
import { i18n } from '../lib/i18n.ts';

export const entryLabel = (entry: MenuEntry, lang: Lang) => (lang === 'id' ? entry.labelId : entry.label);
export const areaLabel = (area: Area, lang: Lang) => AREA_LABEL[area][lang];
/** Group names are English in the registry; the locale files translate them. */
export const groupLabel = (group: string) => i18n.t(`group.${group}`, { defaultValue: group });

/** The menu as area → group → entries, registry order kept. */
export function groupMenu(entries: readonly MenuEntry[]): { area: Area; groups: { group: string; entries: MenuEntry[] }[] }[] {
  const areas: { area: Area; groups: { group: string; entries: MenuEntry[] }[] }[] = [];
  for (const entry of entries) {
    let area = areas.find((a) => a.area === entry.area);
    if (!area) {
      area = { area: entry.area, groups: [] };
      areas.push(area);
    }
    let group = area.groups.find((g) => g.group === entry.group);
    if (!group) {
      group = { group: entry.group, entries: [] };
      area.groups.push(group);
    }
    group.entries.push(entry);
  }
  return areas;
}
