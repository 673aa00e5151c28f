import { describe, expect, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
import { addDays, formatCount, formatRupiah, jakartaDay, type SalesSummary } from '@portal/contract';
import { audit, describeFinding } from '../support/a11y.ts';
import { newPage, shot } from '../support/browser.ts';
import { pick, typeDate } from '../support/inputs.ts';
import { usePortal } from '../support/portal.ts';
import { signInSuperAdmin } from '../support/session.ts';
import { pageData } from '../support/api.ts';

const DASHBOARD = '/admin/pandora/sales-dashboard';
const ANALYTICS = '/admin/pandora/sales-analytics';
const DASHBOARD_SALES = '/admin/pandora/dashboard-analytics/sales';

/** The search parameters of the open page. */
const params = (page: Page) => new URL(page.url()).searchParams;

/** No serious or critical axe violation on the open page (its widgets loaded). */
async function accessible(page: Page, name: string): Promise<void> {
  await expect.poll(() => page.locator('[data-testid="widget-loading"]').count()).toBe(0);
  const findings = await audit(page);
  if (findings.length) await shot(page, `${name}-a11y`);
  expect(findings.map((f) => describeFinding(name, f))).toEqual([]);
}

/** The trend chart's bar of bucket `index` of `count`, clicked just above its axis (where every non-empty bar is). */
async function clickTrendBar(page: Page, index: number, count: number): Promise<void> {
  const chart = page.getByTestId('sales-trend').getByTestId('chart');
  await chart.scrollIntoViewIfNeeded();
  const box = (await chart.boundingBox())!;
  // The chart's grid: 56 px on either side for the two axes, 28 px under it for the days.
  const width = box.width - 112;
  await page.mouse.click(box.x + 56 + (index + 0.5) * (width / count), box.y + box.height - 28 - 4);
}

describe('sales dashboards', () => {
  const portal = usePortal();

  it('the Super Admin reads the sales dashboard, changes its period, drills into details, stores and top PLUs, in English and Indonesian', { timeout: 300_000 }, async () => {
    const { page } = await newPage(portal.browser, portal.server.url, { bypassCSP: true });
    await signInSuperAdmin(page, portal.server.url);
    const today = jakartaDay(new Date());

    // Loading: each widget shows its skeleton until its own answer arrives.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const hold = async (route: Route) => {
      await held;
      await route.continue().catch(() => undefined);
    };
    await page.route('**/api/v1/analytics/sales/summary*', hold);
    await page.goto(DASHBOARD);
    await page.getByTestId('sales-summary').getByTestId('widget-loading').waitFor();
    await page.getByTestId('sales-by-store').locator('.ant-table-row').first().waitFor();
    await shot(page, 'sales-dashboard-loading');
    release();

    // The figures of this month, not zero, each beside the month before's.
    const summary = await pageData<SalesSummary>(page, '/api/v1/analytics/sales/summary');
    expect(summary.current.sales).toBeGreaterThan(0);
    await page.getByTestId('figure-sales').getByText(formatRupiah(summary.current.sales)).waitFor();
    await expect.poll(() => page.getByTestId('figure-transactions').locator('.ant-statistic-content').textContent()).toBe(formatCount(summary.current.transactions));
    await expect.poll(() => page.getByTestId('figure-sales').getByTestId('figure-change').textContent()).toMatch(/[+-]?\d+\.\d% vs previous period \(Rp \d+\.\dM\)$/);
    for (const widget of ['sales-trend', 'sales-by-channel', 'sales-by-region']) {
      await expect.poll(() => page.locator(`[data-testid="${widget}"] [data-testid="chart"] svg path`).count()).toBeGreaterThan(0);
    }
    await page.unroute('**/api/v1/analytics/sales/summary*', hold);
    await shot(page, 'sales-dashboard');
    await accessible(page, 'sales-dashboard');

    // A preset changes the period in the URL, and the figures with it.
    await pick(page, '[data-testid="analytics-period"]', 'Last month');
    const firstOfMonth = `${today.slice(0, 7)}-01`;
    const lastMonth = { from: `${addDays(firstOfMonth, -1).slice(0, 7)}-01`, to: addDays(firstOfMonth, -1) };
    await page.waitForURL((url) => url.searchParams.get('from') === lastMonth.from && url.searchParams.get('to') === lastMonth.to);
    const previous = await pageData<SalesSummary>(page, `/api/v1/analytics/sales/summary?from=${lastMonth.from}&to=${lastMonth.to}`);
    await page.getByTestId('figure-sales').getByText(formatRupiah(previous.current.sales)).waitFor();

    // A click on a day's bar of the last 7 days opens that day's members and non-members.
    await pick(page, '[data-testid="analytics-period"]', 'Last 7 days');
    await page.waitForURL((url) => url.searchParams.get('from') === addDays(today, -6) && url.searchParams.get('to') === today);
    await page.getByTestId(`bucket-${addDays(today, -6)}`).waitFor();
    await expect.poll(() => page.getByTestId('sales-trend').getByTestId('chart').locator('svg path').count()).toBeGreaterThan(7);
    await clickTrendBar(page, 2, 7);
    const day = addDays(today, -4);
    await page.waitForURL((url) => url.pathname === `${DASHBOARD}/sales-member` && url.searchParams.get('from') === day && url.searchParams.get('to') === day);
    await page.getByTestId('sales-detail-trend').locator('.ant-table-row').first().waitFor();
    await page.getByTestId('figure-member_sales').waitFor();
    await shot(page, 'sales-dashboard-sales-member');
    await accessible(page, 'sales-member');

    // Back on the dashboard with the same period, a store of the top ten opens the stores' ranking filtered to it.
    await page.getByTestId('back-to-dashboard').click();
    await page.waitForURL((url) => url.pathname === DASHBOARD && url.searchParams.get('from') === day);
    const store = page.getByTestId('sales-by-store').locator('a[data-testid^="store-"]').first();
    const code = (await store.getAttribute('data-testid'))!.slice('store-'.length);
    await store.click();
    await page.waitForURL((url) => url.pathname === `${DASHBOARD}/summary-sales` && url.searchParams.get('store_code') === code && url.searchParams.get('from') === day);
    const ranking = page.getByTestId('sales-store-ranking');
    await ranking.locator('.ant-table-row').first().waitFor();
    expect(await ranking.locator('.ant-table-row').count()).toBe(1);
    await ranking.getByText(code, { exact: false }).first().waitFor();

    // summary-sales in full: pages and order in the URL, bottom first.
    await page.goto(`${DASHBOARD}/summary-sales`);
    await ranking.locator('.ant-table-row').first().waitFor();
    await ranking.locator('.ant-pagination-next').click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    await ranking.getByText('Bottom first').click();
    await page.waitForURL((url) => url.searchParams.get('order') === 'asc' && !url.searchParams.has('page'));
    await ranking.locator('.ant-table-row').first().waitFor();
    await shot(page, 'sales-dashboard-summary-sales');
    await accessible(page, 'summary-sales');

    // An unknown detail type is not a page.
    await page.goto(`${DASHBOARD}/nowhere`);
    await page.getByText('Page not found').waitFor();

    // Sales analytics: the top ten sub categories and PLUs, and the PLUs ranked by sales in full.
    await page.goto(ANALYTICS);
    await page.getByTestId('top-plu').locator('.ant-table-row').first().waitFor();
    await page.getByTestId('top-category').locator('.ant-table-row').first().waitFor();
    await shot(page, 'sales-analytics');
    await accessible(page, 'sales-analytics');
    await page.getByTestId('top-sales-plu-sales').click();
    await page.waitForURL(`**${ANALYTICS}/top-sales-plu/sales`);
    const plus = page.getByTestId('top-plu');
    await plus.locator('.ant-table-row').first().waitFor();
    const top = await pageData<{ data: { plu: string; rank: number }[]; meta: { total: number } }>(page, '/api/v1/analytics/sales/top-plus?measure=sales');
    expect(top.meta.total).toBeGreaterThan(10);
    await plus.locator('.ant-table-row').first().getByText(top.data[0]!.plu, { exact: false }).waitFor();
    await expect.poll(() => plus.locator('[data-testid="chart"] svg path').count()).toBeGreaterThan(0);
    await shot(page, 'sales-analytics-top-plu');
    await accessible(page, 'top-sales-plu');

    // Dashboard analytics, Sales: by keyboard, a day of the trend's table opens its detail; then the bottom stores.
    await page.goto(DASHBOARD_SALES);
    await page.getByTestId(`bucket-${firstOfMonth}`).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === `${DASHBOARD_SALES}/detail` && url.searchParams.get('from') === firstOfMonth && url.searchParams.get('to') === firstOfMonth);
    await page.getByTestId('sales-detail-trend').locator('.ant-table-row').first().waitFor();
    await accessible(page, 'dashboard-analytics-sales-detail');
    await page.getByTestId('back-to-dashboard').click();
    await page.getByTestId('bottom-store-link').click();
    await page.waitForURL((url) => url.pathname === `${DASHBOARD_SALES}/bottom-store`);
    await page.getByTestId('sales-store-ranking').locator('.ant-table-row').first().waitFor();
    await shot(page, 'dashboard-analytics-sales-bottom-store');

    // Empty: a store code no store has; failed: one widget's answer refused, the others still shown.
    await page.route('**/api/v1/analytics/sales/by-region*', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"internal","message":"down"}' }));
    await page.goto(`${DASHBOARD}?store_code=NOPE`);
    await page.getByTestId('sales-trend').getByTestId('widget-empty').waitFor();
    await page.getByTestId('sales-by-store').getByTestId('widget-empty').waitFor();
    await page.getByTestId('sales-by-region').getByTestId('widget-failed').waitFor();
    await page.getByTestId('sales-summary').getByTestId('widget-empty').waitFor();
    // One widget's failure is its card's to say: no toast over the page.
    expect(await page.locator('.ant-message-notice').count()).toBe(0);
    await shot(page, 'sales-dashboard-empty');
    await page.getByTestId('sales-by-region').scrollIntoViewIfNeeded();
    await shot(page, 'sales-dashboard-empty-failed');
    await page.unrouteAll();

    // A custom range longer than a dashboard shows is refused with the reason, and the URL keeps its period.
    await page.goto(`${DASHBOARD}?from=${lastMonth.from}&to=${lastMonth.to}`);
    await pick(page, '[data-testid="analytics-period"]', 'Custom range');
    await typeDate(page, '#analytics-from', '01/Jan/2020');
    await page.getByTestId('analytics-period-problem').getByText('at most 366 days').waitFor();
    expect(params(page).get('from')).toBe(lastMonth.from);
    await shot(page, 'sales-dashboard-too-long');

    // In Indonesian: the titles, the figures' words and the filters read in Indonesian, Rupiah as before.
    await page.evaluate(() => localStorage.setItem('portal.lang', 'id'));
    await page.goto(DASHBOARD);
    await page.getByTestId('page-title').getByText('Dasbor Penjualan').waitFor();
    await page.getByText('Penjualan per kanal').waitFor();
    await page.getByTestId('figure-sales').getByText(formatRupiah(summary.current.sales)).waitFor();
    await page.getByTestId('figure-sales').getByText(/dibanding periode sebelumnya \(Rp \d+,\dM\)/).waitFor();
    await expect.poll(() => page.locator('[data-testid="widget-loading"]').count()).toBe(0);
    await shot(page, 'sales-dashboard-id');
    await page.goto(`${ANALYTICS}/top-sales-category/quantity`);
    await page.getByText('Sub kategori teratas menurut kuantitas').first().waitFor();
    await page.getByTestId('top-category').locator('.ant-table-row').first().waitFor();
    await shot(page, 'sales-analytics-top-category-id');
  });
});
