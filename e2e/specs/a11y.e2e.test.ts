import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { BUILT_ENTRIES, MENU_BY_KEY } from '@portal/contract';
import { a11yWalk, describeFinding } from '../support/a11y.ts';
import { newPage, shot } from '../support/browser.ts';
import { usePortal } from '../support/portal.ts';
import { menuEntries, signInSuperAdmin } from '../support/session.ts';
import { firstRecordId } from '../support/spec-walk.ts';

interface Focused {
  html: string;
  box: { x: number; y: number; width: number; height: number } | null;
  scrollY: number;
}

const focused = (page: Page): Promise<Focused | null> =>
  page.evaluate(() => {
    const e = document.activeElement;
    if (!e || e === document.body) return null;
    // antd draws an input's focus on its frame (a select, an input with an icon) or, for a hidden radio, on its label.
    const r = (e.closest('.ant-input-affix-wrapper, .ant-select, .ant-picker, .ant-input-number, label') ?? e).getBoundingClientRect();
    const box = r.width > 0 && r.height > 0 && r.bottom > 0 && r.top < innerHeight ? { x: r.x, y: r.y, width: r.width, height: r.height } : null;
    return { html: e.outerHTML.slice(0, 140), box, scrollY };
  });

/**
 * Tabs through the page and, for every element that takes focus, compares its spot on screen while focused with the
 * same spot once focus has moved on: the same pixels mean focus was not visible there.
 */
async function invisibleFocus(page: Page, stops: number): Promise<string[]> {
  const failures: string[] = [];
  await page.keyboard.press('Tab');
  let now = await focused(page);
  for (let i = 0; i < stops && now; i++) {
    const clip = now.box && { x: Math.max(0, now.box.x - 4), y: Math.max(0, now.box.y - 4), width: now.box.width + 8, height: now.box.height + 8 };
    const withFocus = clip && (await page.screenshot({ clip }));
    await page.keyboard.press('Tab');
    const next = await focused(page);
    if (!now.box) failures.push(`focus on something not on screen: ${now.html}`);
    else if (clip && withFocus && next?.scrollY === now.scrollY && Buffer.compare(withFocus, await page.screenshot({ clip })) === 0) failures.push(`no visible focus: ${now.html}`);
    now = next;
  }
  return failures;
}

/**
 * Where focus reached the page behind the open dialog over `presses` Tabs, then as many Shift+Tabs. Past the dialog's
 * last element focus leaves the document (the browser's own controls; `body` here) and the next Tab brings it back to
 * the dialog's first, as with a native modal dialog: that is not the page behind.
 */
async function focusLeaves(page: Page, dialog: string, presses: number): Promise<string[]> {
  const outside: string[] = [];
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let i = 0; i < presses; i++) {
      await page.keyboard.press(key);
      const at = await page.evaluate((sel) => {
        const e = document.activeElement;
        return !e || e === document.body || e.closest(sel) ? null : e.outerHTML.slice(0, 140);
      }, dialog);
      if (at) outside.push(`${key} ${i + 1}: ${at}`);
    }
  }
  return outside;
}

describe('every screen', () => {
  const portal = usePortal();

  it('opens every spec path of every built entry, none on the not-found page, and finds no serious or critical WCAG 2.2 A/AA violation, and one main and one h1, on any', { timeout: 900_000 }, async () => {
    const { page } = await newPage(portal.browser, portal.server.url, { bypassCSP: true });
    const failures: string[] = [];
    const misplaced: string[] = [];
    let screens = 0;
    // Paths are opened inside the running app (its router, as a click would); opening one by URL is the sign-in spec's.
    for await (const { spec, path, landed, seen, findings } of a11yWalk(page, portal.server.url)) {
      screens++;
      failures.push(...findings.map((f) => describeFinding(path, f)));
      if (!spec) continue;
      // /admin/setting leads to the profile; every other spec path stays where it was opened. The unauthorized pages say so.
      const moved = spec.path !== '/admin/setting' && landed.toLowerCase() !== path.toLowerCase();
      const expected = spec.path.endsWith('/unauthorized') ? 'forbidden' : 'screen';
      if (seen !== expected || moved) {
        misplaced.push(`${path} (${spec.entry}): ${seen}${moved ? `, moved to ${landed}` : ''}`);
        await shot(page, `spec-path-${path.replace(/[^\w]+/g, '-')}`);
      }
    }
    expect(misplaced).toEqual([]);
    expect(failures).toEqual([]);
    // The sign-in page and every spec path of the built entries (152 when this was written).
    expect(screens).toBeGreaterThan(100);
    // The menu the web app builds is the contract's built entries (the hidden ones aside).
    expect(await menuEntries(page)).toEqual(BUILT_ENTRIES.filter((key) => !MENU_BY_KEY.get(key)?.hidden).sort());
  });

  it('shows where focus is, keeps it inside dialogs and drawers, and reorders from the keyboard', { timeout: 180_000 }, async () => {
    const { page } = await newPage(portal.browser, portal.server.url);
    await signInSuperAdmin(page, portal.server.url);

    // A list: the menu, the header, the filters, the table's sorters, links and row actions, the pagination.
    await page.goto('/admin/aphrodite/offers');
    await page.locator('.resource-row').first().waitFor();
    const unseen = await invisibleFocus(page, 60);
    if (unseen.length) await shot(page, 'a11y-focus');
    expect(unseen).toEqual([]);

    // A dialog (antd's Modal) keeps focus until it is closed, and gives it back to the button that opened it.
    await page.goto(`/admin/aphrodite/consumer/${await firstRecordId(page, 'consumers')}/detail`);
    const opener = page.locator('[data-testid^="consumer-action-"]').first();
    await opener.click();
    await page.locator('.ant-modal-wrap [role="dialog"]').waitFor();
    expect(await focusLeaves(page, '.ant-modal-wrap', 12)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('.ant-modal-wrap [role="dialog"]:visible').count()).toBe(0);
    await expect.poll(() => opener.evaluate((e) => e === document.activeElement)).toBe(true);

    // Reordering without dragging: the drawer keeps focus too, an item's arrow moves it, its handle drags it by keys.
    await page.goto('/admin/orion/category-management/parent-category');
    await page.getByTestId('category-order-open').click();
    const list = page.getByTestId('category-order-list');
    await list.waitFor();
    expect(await focusLeaves(page, '.ant-drawer', 12)).toEqual([]);
    const names = () => list.locator('[data-order-name]').evaluateAll((els) => els.map((e) => e.getAttribute('data-order-name')));
    const before = await names();
    expect(before.length).toBeGreaterThan(2);
    await list.locator('[data-testid^="order-down-"]').first().focus();
    await page.keyboard.press('Enter');
    await expect.poll(names).toEqual([before[1], before[0], ...before.slice(2)]);
    const handle = list.locator('[aria-roledescription="sortable"]').first();
    await handle.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => handle.getAttribute('aria-pressed')).toBe('true');
    await page.keyboard.press('ArrowDown');
    const item = list.locator('[data-order-name]').first();
    await expect.poll(() => item.evaluate((e) => (e as HTMLElement).style.transform)).toContain('translate');
    // The drop lands where the sorter has last found the item over; under load that comes a frame after the move. The
    // pick-up itself announces the item over its own place, so wait for it to be over another item.
    const overAnother = async () => {
      const said = /item (.+?) was moved over droppable area (.+?)\.?$/.exec(((await page.locator('[id^="DndLiveRegion"]').textContent()) ?? '').trim());
      return said !== null && said[1] !== said[2];
    };
    await expect.poll(overAnother).toBe(true);
    await page.keyboard.press('Space');
    await expect.poll(names).toEqual(before);
  });
});
