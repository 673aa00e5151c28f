import { describe, expect, it } from 'vitest';
import { can, type Profile } from '@portal/contract';
import { DEFAULT_META, permissionsOf } from './session.ts';

const profile = (permissions: string[], isSuper = false): Profile => ({
  id: 7,
  username: 'sari',
  email: 'sari@example.test',
  name: 'Sari',
  phone: null,
  role: { id: 3, name: 'Editor', is_super: isSuper },
  permissions,
  version: 1,
});

describe('session permissions', () => {
  it('reads the grants of the profile, dropping malformed ones and unknown actions', () => {
    const perms = permissionsOf(profile(['cms.user:view', 'cms.user:edit', 'cms.role:fly', 'garbage', ':view']));
    expect(perms.superAdmin).toBe(false);
    expect([...perms.grants].sort()).toEqual(['cms.user:edit', 'cms.user:view']);
    expect(can(perms, 'cms.user', 'edit')).toBe(true);
    expect(can(perms, 'cms.user', 'delete')).toBe(false);
    expect(can(perms, 'cms.role', 'view')).toBe(false);
  });

  it('gives Super Admin every action without listing any', () => {
    const perms = permissionsOf(profile([], true));
    expect(perms.superAdmin).toBe(true);
    expect(can(perms, 'cms.role', 'delete')).toBe(true);
  });

  it('assumes the most restrictive environment while meta is unknown', () => {
    expect(DEFAULT_META.app_env).toBe('production');
  });
});
