import { describe, expect, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
import { jakartaDay, type CustomerMapAnswer } from '@portal/contract';
import { audit, describeFinding } from '../support/a11y.ts';
import { newPage, shot } from '../support/browser.ts';
import { usePortal } from '../support/portal.ts';
import { signIn } from '../support/session.ts';

const CUSTOMERS = '/admin/pandora/dashboard-analytics/customers';
const MAP_API = '**/api/v1/analytics/customer-map?*';

/** The number the map's summary gives for the addresses in view. */
const totalInView = async (page: Page): Promise<number> => Number((await page.getByTestId('customer-map-total').textContent())?.replace(/\D/g, '') ?? NaN);

/** The four quadrant requests of the next view, answered. */
const nextView = (page: Page) =>
  Promise.all(
    [1, 2, 3, 4].map((q) => page.waitForResponse((r) => r.url().includes('/api/v1/analytics/customer-map?') && new URL(r.url()).searchParams.get('quadrant') === String(q) && r.status() === 200)),
  );

/** What the map draws: its points and bubbles in the SVG (the islands are paths, the addresses circles or paths too). */
const drawn = (page: Page) => page.locator('[data-testid="customer-map-canvas"] svg path, [data-testid="customer-map-canvas"] svg circle').count();

describe('the thematic customer map on the Customers dashboard', () => {
  const portal = usePortal();

  it('an analyst sees where customers live, zooms in, exports the view, in English and Indonesian; empty and failed views say so', { timeout: 300_000 }, async () => {
    const { page } = await newPage(portal.browser, portal.server.url, { bypassCSP: true, acceptDownloads: true });
    await signIn(page, 'analyst');

    // The whole of Indonesia: four quadrant requests, merged into one view.
    const first = nextView(page);
    await page.goto(CUSTOMERS);
    const answers = (await first).map(async (r) => (await r.json()) as { data: CustomerMapAnswer });
    const quadrants = await Promise.all(answers);
    expect(quadrants.map((q) => q.data.quadrant)).toEqual([1, 2, 3, 4]);
    await page.getByTestId('customer-map-summary').waitFor();
    await expect.poll(() => totalInView(page)).toBeGreaterThan(1000);
    const whole = await totalInView(page);
    expect(whole).toBeLessThanOrEqual(quadrants.reduce((n, q) => n + q.data.total, 0));
    await expect.poll(() => drawn(page)).toBeGreaterThan(50);
    // Crowded quadrants are bubbles with their counts written in them; the by-province table lists Jawa Barat.
    expect(quadrants.some((q) => q.data.mode === 'clusters')).toBe(true);
    await page.getByTestId('customer-map-provinces').getByText('Jawa Barat').waitFor();
    await page.getByTestId('customer-map').scrollIntoViewIfNeeded();
    await expect.poll(() => page.locator('[data-testid="widget-loading"]').count()).toBe(0);
    await shot(page, 'customer-map-en');
    const findings = await audit(page);
    if (findings.length) await shot(page, 'customer-map-a11y');
    expect(findings.map((f) => describeFinding('customer-map', f))).toEqual([]);

    // Zooming in asks for the smaller view, once it settles: fewer addresses, on a finer grid than the view it left (the
    // zoom of the last answer before the click: a view that re-fitted after its first answers asked again).
    const zooms: number[] = [];
    page.on('response', (r) => {
      if (r.url().includes('/api/v1/analytics/customer-map?') && r.status() === 200) void r.json().then((b: { data: CustomerMapAnswer }) => zooms.push(b.data.zoom), () => undefined);
    });
    const left = Math.max(...quadrants.map((q) => q.data.zoom));
    await page.getByTestId('customer-map-zoom-in').click();
    await page.getByTestId('customer-map-zoom-in').click();
    await page.getByTestId('customer-map-zoom-in').click();
    await expect.poll(() => totalInView(page)).toBeLessThan(whole);
    await expect.poll(() => Math.max(-1, ...zooms)).toBeGreaterThan(left);
    await expect.poll(() => page.locator('.ant-spin-spinning').count()).toBe(0);
    await shot(page, 'customer-map-zoomed');

    // The view's reports: the detail as XLSX, the summary as CSV, named as spec section 9 names them.
    const today = jakartaDay(new Date());
    const download = async (button: string, format: 'xlsx' | 'csv') => {
      const downloading = page.waitForEvent('download');
      await page.getByTestId(button).click();
      await page.locator(`.ant-dropdown:not(.ant-dropdown-hidden) [data-testid="export-${format}"]`).click();
      return downloading;
    };
    const detail = await download('customer-map-export-detail', 'xlsx');
    expect(detail.suggestedFilename()).toBe(`Export Thematic Report Detail - ${today}.xlsx`);
    const summary = await download('customer-map-export-summary', 'csv');
    expect(summary.suggestedFilename()).toBe(`Export Thematic Report Summary - ${today}.csv`);
    const csv = await (await summary.createReadStream()).toArray();
    const lines = Buffer.concat(csv).toString('utf8').replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    expect(lines[0]).toBe('Province,Regency / City,Consumers,Addresses');
    expect(lines.slice(1).reduce((n, l) => n + Number(l.split(',').at(-1)), 0)).toBe(await totalInView(page));

    // Back to all of Indonesia, members only: fewer addresses.
    // (The first view's answers are still at hand: no new request needed.)
    await page.getByTestId('customer-map-reset').click();
    await expect.poll(() => totalInView(page)).toBe(whole);
    const membersOnly = nextView(page);
    await page.getByTestId('customer-map-members').click();
    await membersOnly;
    await expect.poll(() => totalInView(page)).toBeLessThan(whole);

    // In Indonesian.
    await page.evaluate(() => localStorage.setItem('portal.lang', 'id'));
    const again = nextView(page);
    await page.reload();
    await again;
    await page.getByText('Sebaran pelanggan').waitFor();
    await page.getByTestId('customer-map-summary').getByText('Per provinsi').waitFor();
    await expect.poll(() => page.locator('[data-testid="widget-loading"]').count()).toBe(0);
    await expect.poll(() => drawn(page)).toBeGreaterThan(50);
    await page.getByTestId('customer-map').scrollIntoViewIfNeeded();
    await shot(page, 'customer-map-id');

    // A view with no located address says so over the map; a failed one says so instead of the map.
    const empty = async (route: Route) => {
      const quadrant = Number(new URL(route.request().url()).searchParams.get('quadrant'));
      await route.fulfill({ json: { message: 'Success', data: { quadrant, mode: 'points', zoom: 4, total: 0, points: [], clusters: [], provinces: [] } } });
    };
    await page.route(MAP_API, empty);
    await page.reload();
    await page.getByTestId('customer-map-empty').waitFor();
    await expect.poll(() => totalInView(page)).toBe(0);
    // The islands are drawn (one shape per country), and nothing on them.
    await expect.poll(() => drawn(page)).toBe(6);
    await page.getByTestId('customer-map').scrollIntoViewIfNeeded();
    await shot(page, 'customer-map-empty-id');
    await page.evaluate(() => localStorage.setItem('portal.lang', 'en'));
    await page.reload();
    await page.getByTestId('customer-map-empty').getByText('No located addresses in this view').waitFor();
    await expect.poll(() => drawn(page)).toBe(6);
    await page.getByTestId('customer-map').scrollIntoViewIfNeeded();
    await shot(page, 'customer-map-empty-en');
    await page.unroute(MAP_API, empty);
    await page.route(MAP_API, (route) => route.fulfill({ status: 500, json: { error: 'internal', message: 'Internal error' } }));
    await page.reload();
    await page.getByTestId('customer-map').getByTestId('widget-failed').waitFor();
    // The other widgets of the page are not affected.
    await page.getByTestId('customer-summary').locator('.ant-statistic').first().waitFor();
    await page.getByTestId('customer-map').scrollIntoViewIfNeeded();
    await shot(page, 'customer-map-failed');
  });
});
