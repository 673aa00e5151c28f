import { describe, expect, it } from 'vitest';
import { BUILT_ENTRIES, MENU_BY_KEY } from '@portal/contract';
import { newPage, shot } from '../support/browser.ts';
import { usePortal } from '../support/portal.ts';
import { menuEntries, signInSuperAdmin } from '../support/session.ts';
import { outcome, specPaths } from '../support/spec-walk.ts';

describe('spec paths', () => {
  const portal = usePortal();

  it('opens every spec path of every built entry, none on the not-found page', { timeout: 600_000 }, async () => {
    const { page } = await newPage(portal.browser, portal.server.url);
    await signInSuperAdmin(page, portal.server.url);

    // The menu the web app builds is the contract's built entries (the hidden ones aside).
    const menu = await menuEntries(page);
    expect(menu).toEqual(BUILT_ENTRIES.filter((key) => !MENU_BY_KEY.get(key)?.hidden).sort());

    const failures: string[] = [];
    let opened = 0;
    for await (const { spec, path } of specPaths(page)) {
      opened++;
      const t0 = Date.now();
      await page.goto(path);
      const seen = await outcome(page);
      const landed = new URL(page.url()).pathname;
      if (process.env.SPEC_PATHS_TIMING) console.log(Date.now() - t0, path);
      // /admin/setting leads to the profile; every other spec path stays where it was opened. The unauthorized pages say so.
      const moved = spec.path !== '/admin/setting' && landed.toLowerCase() !== path.toLowerCase();
      const expected = spec.path.endsWith('/unauthorized') ? 'forbidden' : 'screen';
      if (seen !== expected || moved) {
        failures.push(`${path} (${spec.entry}): ${seen}${moved ? `, moved to ${landed}` : ''}`);
        await shot(page, `spec-path-${path.replace(/[^\w]+/g, '-')}`);
      }
    }
    expect(failures).toEqual([]);
    expect(opened).toBeGreaterThan(100);
  });
});
