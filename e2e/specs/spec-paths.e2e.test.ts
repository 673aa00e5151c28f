import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { BUILT_ENTRIES, fillPath, MENU_BY_KEY, SHELL_SPEC_PATHS, specPathsOf, type SpecPath } from '@portal/contract';
import { newPage, shot } from '../support/browser.ts';
import { usePortal } from '../support/portal.ts';
import { menuEntries, signInSuperAdmin } from '../support/session.ts';

/**
 * The first record of an API list (`members`, `role/list`), read with the signed-in page's session; a list under a
 * record (`stores/{stores}/products`) is read under the first record of the list in braces.
 */
async function firstRecordId(page: Page, records: string): Promise<string> {
  const outer = records.match(/\{([a-z/-]+)\}/)?.[1];
  if (outer) return firstRecordId(page, records.replace(`{${outer}}`, encodeURIComponent(await firstRecordId(page, outer))));
  const res = await page.request.get(`/api/v1/${records}?limit=1`);
  expect(res.status(), `GET /api/v1/${records}`).toBe(200);
  const body = (await res.json()) as { data: { data: { id: number | string }[] } };
  const id = body.data.data[0]?.id;
  if (id === undefined) throw new Error(`the demo data has no record in /api/v1/${records}`);
  return String(id);
}

/** The shell's content area (antd's layout content is a `main` too). */
const MAIN = 'main.ant-layout-content > main';

/** What the open path shows once its screen has rendered: the not-found page, a refusal, or the screen. */
async function outcome(page: Page): Promise<'screen' | 'not-found' | 'forbidden' | 'error'> {
  const main = page.locator(MAIN);
  // Every screen, the not-found page included, puts text in the shell's main area once its chunk and data are in.
  await page.waitForFunction((selector) => (document.querySelector(selector)?.textContent ?? '').trim().length > 0, MAIN, { timeout: 15_000 });
  if (await main.locator('[data-testid="not-found"], .ant-result-404').count()) return 'not-found';
  if (await main.locator('[data-testid="forbidden"], [data-testid="unauthorized"], .ant-result-403').count()) return 'forbidden';
  if (await main.locator('[role="alert"]:has(.anticon-close-circle)').count()) return 'error';
  return 'screen';
}

describe('spec paths', () => {
  const portal = usePortal();

  it('opens every spec path of every built entry, none on the not-found page', { timeout: 600_000 }, async () => {
    const { page } = await newPage(portal.browser, portal.server.url);
    await signInSuperAdmin(page, portal.server.url);

    // The menu the web app builds is the contract's built entries (the hidden ones aside).
    const menu = await menuEntries(page);
    expect(menu).toEqual(BUILT_ENTRIES.filter((key) => !MENU_BY_KEY.get(key)?.hidden).sort());

    const ids = new Map<string, string>();
    const paths: SpecPath[] = [...SHELL_SPEC_PATHS.map((path) => ({ entry: 'shell', path })), ...BUILT_ENTRIES.flatMap(specPathsOf)];
    const failures: string[] = [];
    for (const spec of paths) {
      let path = spec.path;
      if (spec.records) {
        if (!ids.has(spec.records)) ids.set(spec.records, await firstRecordId(page, spec.records));
        path = fillPath(path, ids.get(spec.records)!);
      }
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
    expect(paths.length).toBeGreaterThan(100);
  });
});
