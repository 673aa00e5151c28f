import { describe, expect, it } from 'vitest';
import { grantSchema } from './grant.schema.ts';
import { allows, grantKey, parseGrant, parseGrants, permissionSet, viewableMenu } from './permissions.ts';
import { AREA_PREFIX, MENU, MENU_BY_KEY } from './registry.ts';

describe('access registry', () => {
  it('has unique keys and routes under the area prefix', () => {
    expect(MENU_BY_KEY.size).toBe(MENU.length);
    for (const e of MENU) expect(e.route.startsWith(AREA_PREFIX[e.area] + '/')).toBe(true);
    expect(MENU.every((e) => e.actions.includes('view'))).toBe(true);
  });

  it('starts each area with the spec default landing', () => {
    const first = (area: string) => MENU.find((e) => e.area === area)?.key;
    expect(first('ssosis')).toBe('ssosis.role-management');
    expect(first('cms')).toBe('cms.store-management');
    expect(first('orion')).toBe('orion.category-management/parent-category');
    expect(first('pandora')).toBe('pandora.sales-dashboard');
  });

  it('decides route permissions', () => {
    const perms = permissionSet(false, [{ entry: 'cms.user', action: 'view' }]);
    expect(allows(null, 'public')).toBe('ok');
    expect(allows(null, 'authenticated')).toBe('unauthenticated');
    expect(allows(perms, { entries: ['cms.user'], action: 'view' })).toBe('ok');
    expect(allows(perms, { entries: ['cms.user'], action: 'edit' })).toBe('forbidden');
    expect(allows(perms, { entries: ['ssosis.user-management', 'cms.user'], action: 'view' })).toBe('ok');
    expect(allows(permissionSet(true, []), { entries: ['cms.role'], action: 'delete' })).toBe('ok');
  });

  it('hides staging/uat-only and hidden entries by environment', () => {
    const all = permissionSet(true, []);
    const dev = viewableMenu(all, 'development').map((e) => e.key);
    const prod = viewableMenu(all, 'production').map((e) => e.key);
    expect(dev).toContain('cms.rating');
    expect(prod).not.toContain('cms.rating');
    expect(dev).not.toContain('cms.group-store');
    expect(dev).not.toContain('cms.consumer-personal-data');
    expect(prod).toContain('cms.consumer');
  });

  it('refuses grants of unknown entries or actions', () => {
    expect(grantSchema.safeParse({ entry: 'cms.user', action: 'view' }).success).toBe(true);
    expect(grantSchema.safeParse({ entry: 'cms.nope', action: 'view' }).success).toBe(false);
    expect(grantSchema.safeParse({ entry: 'cms.log-history', action: 'delete' }).success).toBe(false);
    expect(grantSchema.safeParse({ entry: 'cms.personal-data-access', action: 'view' }).success).toBe(false);
  });

  it('parses grant keys back into grants', () => {
    expect(parseGrant(grantKey('cms.user', 'edit'))).toEqual({ entry: 'cms.user', action: 'edit' });
    // The entry is everything before the last colon: menu keys may hold colons of their own.
    expect(parseGrant('odd:key:approve')).toEqual({ entry: 'odd:key', action: 'approve' });
    expect(parseGrant('cms.user:fly')).toBeUndefined();
    expect(parseGrant(':view')).toBeUndefined();
    expect(parseGrant('cms.user')).toBeUndefined();
    expect(parseGrant('cms.user:')).toBeUndefined();
    expect(parseGrants(['cms.user:view', 'nonsense', 'cms.role:delete', 'cms.role:VIEW'])).toEqual([
      { entry: 'cms.user', action: 'view' },
      { entry: 'cms.role', action: 'delete' },
    ]);
    expect(parseGrants(new Set<string>())).toEqual([]);
  });
});
