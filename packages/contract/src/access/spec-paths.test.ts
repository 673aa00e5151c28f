import { describe, expect, it } from 'vitest';
import { MENU, MENU_BY_KEY } from './registry.ts';
import { BUILT_ENTRIES, ENTRY_SPEC_PATHS, fillPath, PATH_PARAM, SHELL_SPEC_PATHS, specPathsOf } from './spec-paths.ts';

describe('spec paths', () => {
  it('names the paths of every menu entry, and of no other', () => {
    expect(Object.keys(ENTRY_SPEC_PATHS).sort()).toEqual(MENU.map((e) => e.key).sort());
  });

  it('keeps every path under its entry route, once, without a trailing slash', () => {
    for (const entry of MENU) {
      const paths = specPathsOf(entry.key).map((p) => p.path);
      expect(paths[0]).toBe(entry.route);
      expect(new Set(paths.map((p) => p.toLowerCase())).size).toBe(paths.length);
      for (const path of paths) {
        expect(path.startsWith(entry.route)).toBe(true);
        expect(path).not.toMatch(/\/$|\/\//);
      }
    }
    for (const path of SHELL_SPEC_PATHS) expect(path.startsWith('/admin/')).toBe(true);
  });

  it('knows where the records of a built entry’s parameters come from', () => {
    for (const key of BUILT_ENTRIES) {
      for (const p of specPathsOf(key)) {
        if (p.path.match(PATH_PARAM)) expect(p.records, p.path).toMatch(/^[a-z][a-z0-9/-]*(\{[a-z-]+\}[a-z0-9/-]*)*$/);
        else expect(p.records).toBeUndefined();
      }
    }
  });

  it('fills parameters with a record id', () => {
    const member = specPathsOf('cms.member-management').find((p) => p.path.endsWith('info-address/{id}/edit'));
    expect(member).toEqual({ entry: 'cms.member-management', path: '/admin/aphrodite/member-management/info-address/{id}/edit', records: 'members' });
    expect(fillPath(member!.path, 7)).toBe('/admin/aphrodite/member-management/info-address/7/edit');
    const storeProduct = specPathsOf('cms.store-management').find((p) => p.path.includes('store-product'));
    expect(storeProduct?.records).toBe('stores/{stores}/products');
    expect(fillPath('/admin/aphrodite/associate-loyalty-program/{employeeNo}/detail', 'EMP 1')).toBe('/admin/aphrodite/associate-loyalty-program/EMP%201/detail');
  });

  it('fills a parameter that is not the id from the field the sub-path names', () => {
    const alp = specPathsOf('pandora.report/alp-report').find((p) => p.path.endsWith('/detail'));
    expect(alp).toMatchObject({ records: 'report/alp-report', fields: { transactionType: 'transaction_type' } });
    expect(fillPath(alp!.path, 909, { transactionType: 'over-quota' })).toBe('/admin/pandora/report/alp-report/over-quota/909/detail');
  });

  it('lists built entries in menu order, the hidden group store among them', () => {
    expect(BUILT_ENTRIES[0]).toBe('ssosis.role-management');
    expect(BUILT_ENTRIES).toContain('cms.group-store');
    expect(BUILT_ENTRIES).toContain('cms.voucher-digital/partner-management');
    expect(BUILT_ENTRIES).not.toContain('cms.personal-data-access');
    expect(BUILT_ENTRIES.every((k) => MENU_BY_KEY.has(k))).toBe(true);
  });
});
