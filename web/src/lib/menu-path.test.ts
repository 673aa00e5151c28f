import { describe, expect, it } from 'vitest';
import { MENU_BY_KEY, type MenuEntry } from '@portal/contract';
import { entryForPath, isUnder, normalizePath } from './menu-path.ts';

const entry = (key: string, route: string): MenuEntry => ({ ...(MENU_BY_KEY.get('cms.user') as MenuEntry), key, route });

describe('menu paths', () => {
  it('drops trailing slashes but keeps the root', () => {
    expect(normalizePath('/admin/aphrodite/user/')).toBe('/admin/aphrodite/user');
    expect(normalizePath('/admin//')).toBe('/admin');
    expect(normalizePath('/')).toBe('/');
    expect(normalizePath('/admin')).toBe('/admin');
  });

  it('tells a path under a prefix from one that only starts with its letters', () => {
    expect(isUnder('/admin', '/admin')).toBe(true);
    expect(isUnder('/admin/x', '/admin')).toBe(true);
    expect(isUnder('/adminx', '/admin')).toBe(false);
    expect(isUnder('/ad', '/admin')).toBe(false);
  });

  it('finds the menu entry of a path, its sub-paths and a trailing slash', () => {
    expect(entryForPath('/admin/aphrodite/user')?.key).toBe('cms.user');
    expect(entryForPath('/admin/aphrodite/user/12/edit')?.key).toBe('cms.user');
    expect(entryForPath('/admin/aphrodite/user/')?.key).toBe('cms.user');
    expect(entryForPath('/admin/aphrodite/store-management/create')?.key).toBe('cms.store-management');
    expect(entryForPath('/admin/aphrodite/store/5/detail')?.key).toBe('cms.store');
    expect(entryForPath('/admin/aphrodite/users')).toBeUndefined();
    expect(entryForPath('/admin/main-page')).toBeUndefined();
  });

  it('prefers the longest route, the first of equal ones, among the entries given', () => {
    const outer = entry('outer', '/admin/x');
    const inner = entry('inner', '/admin/x/y');
    const twin = entry('twin', '/admin/x/y');
    expect(entryForPath('/admin/x/y/1/detail', [outer, inner, twin])?.key).toBe('inner');
    expect(entryForPath('/admin/x/y/1/detail', [twin, outer, inner])?.key).toBe('twin');
    expect(entryForPath('/admin/x/z', [inner, outer])?.key).toBe('outer');
    expect(entryForPath('/admin/aphrodite/user', [outer])).toBeUndefined();
  });
});
