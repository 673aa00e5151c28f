import { describe, expect, it } from 'vitest';
import { MENU_BY_KEY, type MenuEntry } from '@portal/contract';
import { areaLabel, entryLabel, groupMenu } from './menu-labels.ts';

const entries = (...keys: string[]): MenuEntry[] => keys.map((k) => MENU_BY_KEY.get(k) as MenuEntry);

describe('menu labels', () => {
  it('groups entries by area, then group, in the order given', () => {
    const grouped = groupMenu(entries('ssosis.role-management', 'cms.store-management', 'ssosis.user-management', 'cms.user', 'cms.role'));
    expect(grouped.map((a) => a.area)).toEqual(['ssosis', 'cms']);
    expect(grouped[0]?.groups.map((g) => [g.group, g.entries.map((e) => e.key)])).toEqual([['Access', ['ssosis.role-management', 'ssosis.user-management']]]);
    expect(grouped[1]?.groups.flatMap((g) => g.entries.map((e) => e.key))).toEqual(['cms.store-management', 'cms.user', 'cms.role']);
    expect(groupMenu([])).toEqual([]);
  });

  it('labels entries and areas in the UI language', () => {
    const [stores] = entries('cms.store-management');
    if (!stores) throw new Error('entry missing');
    expect(entryLabel(stores, 'en')).toBe(stores.label);
    expect(entryLabel(stores, 'id')).toBe(stores.labelId);
    expect(areaLabel('cms', 'en')).not.toBe('');
  });
});
