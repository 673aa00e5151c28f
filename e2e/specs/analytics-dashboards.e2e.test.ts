import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import {
  addDays,
  formatCount,
  formatRupiah,
  jakartaDay,
  type OfferTopAverageRow,
  type PlanogramRankRow,
  type PlanogramSummary,
  type ProductRankRow,
} from '@portal/contract';
import { pageData } from '../support/api.ts';
import { audit, describeFinding } from '../support/a11y.ts';
import { latestMail, newPage, shot } from '../support/browser.ts';
import { pick } from '../support/inputs.ts';
import { usePortal } from '../support/portal.ts';
import { signIn } from '../support/session.ts';

const PLANOGRAMS = '/admin/pandora/planogram-analytics';
const CONTENT = '/admin/pandora/dashboard-analytics/content';
const OVERVIEW = '/admin/pandora/dashboard-analytics/overview';
const CAMPAIGNS = '/admin/pandora/dashboard-analytics/marketing-campaign';
const HELP = '/admin/pandora/dashboard-analytics/help';

type Page_<T> = { data: T[]; meta: { total: number } };

/** Every widget of the page has its answer (no skeleton left). */
const loaded = (page: Page) => expect.poll(() => page.locator('[data-testid="widget-loading"]').count()).toBe(0);

/** No serious or critical axe violation on the open page (its widgets loaded). */
async function accessible(page: Page, name: string): Promise<void> {
  await loaded(page);
  const findings = await audit(page);
  if (findings.length) await shot(page, `${name}-a11y`);
  expect(findings.map((f) => describeFinding(name, f))).toEqual([]);
}

/** The chart of a widget has drawn its bars. */
async function drawn(widget: Locator): Promise<void> {
  await expect.poll(() => widget.getByTestId('chart').locator('svg path').count()).toBeGreaterThan(3);
}

/** Clicks the top bar of a widget's ranked bar chart (the first item's bar of this period). */
async function clickTopBar(widget: Locator): Promise<void> {
  const chart = widget.getByTestId('chart');
  await drawn(widget);
  const box = (await chart.boundingBox())!;
  const bar = await chart.locator('svg path').evaluateAll((paths, top) => {
    const bars = paths
      .map((p) => p.getBoundingClientRect())
      // Bars: filled boxes under the legend, wider than an axis tick and no taller than a bar's line.
      .filter((r) => r.width > 20 && r.height >= 8 && r.height <= 30 && r.top > top + 24);
    bars.sort((a, b) => a.top - b.top || b.width - a.width);
    const first = bars[0];
    return first ? { x: first.left + first.width / 2, y: first.top + first.height / 2 } : null;
  }, box.y);
  expect(bar, 'a bar in the chart').not.toBeNull();
  await widget.page().mouse.click(bar!.x, bar!.y);
}

describe('pandora engagement dashboards', () => {
  const portal = usePortal();

  it('the analyst reads planogram analytics, changes the period, drills into a planogram, pages a ranking and shares it with a colleague', { timeout: 300_000 }, async () => {
    const { page } = await newPage(portal.browser, portal.server.url, { bypassCSP: true });
    await signIn(page, 'analyst');
    const today = jakartaDay(new Date());

    // The landing: this month's engagement beside the month before's, the top and bottom five planograms, the detail pages.
    await page.goto(PLANOGRAMS);
    const summary = await pageData<PlanogramSummary>(page, '/api/v1/analytics/planograms/summary');
    expect(summary.current.impressions).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('figure-impressions').locator('.ant-statistic-content').textContent()).toBe(formatCount(summary.current.impressions));
    await page.getByTestId('figure-sales').getByText(formatRupiah(summary.current.sales)).waitFor();
    await page.getByTestId('figure-click_through').getByText('%').first().waitFor();
    const top = page.getByTestId('planograms-top');
    await top.locator('.ant-table-row').first().waitFor();
    expect(await top.locator('.ant-table-row').count()).toBeLessThanOrEqual(5);
    await drawn(top);
    await drawn(page.getByTestId('planograms-bottom'));
    await page.getByTestId('detail-bottom-sales-item').waitFor();
    await shot(page, 'planogram-analytics');
    await accessible(page, 'planogram-analytics');

    // The period: the last 7 days, in the URL, and the figures of those days.
    await pick(page, '[data-testid="analytics-period"]', 'Last 7 days');
    const week = { from: addDays(today, -6), to: today };
    await page.waitForURL((url) => url.searchParams.get('from') === week.from && url.searchParams.get('to') === week.to);
    const weekSummary = await pageData<PlanogramSummary>(page, `/api/v1/analytics/planograms/summary?from=${week.from}&to=${week.to}`);
    await expect.poll(() => page.getByTestId('figure-impressions').locator('.ant-statistic-content').textContent()).toBe(formatCount(weekSummary.current.impressions));
    // The week before has events too: each figure reads its change.
    await expect.poll(() => page.getByTestId('figure-impressions').getByTestId('figure-change').textContent()).toMatch(/[+-]?\d+\.\d% vs previous period \(\d/);

    // A click on the most seen planogram's bar opens its products, ranked by impressions, with the period kept.
    const best = (await pageData<Page_<PlanogramRankRow>>(page, `/api/v1/analytics/planograms/planograms?from=${week.from}&to=${week.to}&limit=1`)).data[0]!;
    await clickTopBar(top);
    await page.waitForURL((url) => url.pathname === `${PLANOGRAMS}/top-impression-item` && url.searchParams.get('planogram_id') === String(best.planogram_id) && url.searchParams.get('from') === week.from);
    const ranking = page.getByTestId('planogram-ranking');
    await ranking.locator('.ant-table-row').first().waitFor();
    await page.getByTestId('planogram-select').getByText(best.title).waitFor();
    const products = await pageData<Page_<ProductRankRow>>(page, `/api/v1/analytics/planograms/products?from=${week.from}&to=${week.to}&planogram_id=${best.planogram_id}`);
    await ranking.locator('.ant-table-row').first().getByText(products.data[0]!.product_name).waitFor();
    await drawn(ranking);
    await shot(page, 'planogram-analytics-top-impression-item');
    await accessible(page, 'top-impression-item');

    // Bottom first, by clicks: another page of its own; then every product, page 2, in the URL.
    await page.getByTestId('rank-measure').getByText('Clicks').click();
    await page.waitForURL((url) => url.pathname === `${PLANOGRAMS}/top-click-item` && url.searchParams.get('planogram_id') === String(best.planogram_id));
    await page.getByTestId('rank-order').getByText('Bottom first').click();
    await page.waitForURL((url) => url.pathname === `${PLANOGRAMS}/bottom-click-item`);
    await ranking.locator('.ant-table-row').first().waitFor();
    await page.goto(`${PLANOGRAMS}/top-sales-item?from=${week.from}&to=${week.to}`);
    await ranking.locator('.ant-table-row').first().waitFor();
    await ranking.locator('.ant-pagination-next').click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    const second = await pageData<Page_<ProductRankRow>>(page, `/api/v1/analytics/planograms/products?from=${week.from}&to=${week.to}&measure=sales&page=2`);
    await ranking.locator('.ant-table-row').first().getByText(second.data[0]!.product_name).waitFor();
    await expect.poll(() => ranking.locator('.ant-table-row').first().locator('td').first().textContent()).toBe(String(second.data[0]!.rank));
    await shot(page, 'planogram-analytics-top-sales-item-page-2');

    // Share the ranking: a colleague found by name, a note, its export; the mail carries the same address.
    await page.getByTestId('share-open').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Share Planogram Analytics').waitFor();
    await pick(page, '#share-recipients', 'Siti Rahmawati', 'Siti');
    await dialog.getByTestId('share-note').fill('Produk terlaris minggu ini');
    await dialog.getByTestId('share-with-export').check();
    const link = await dialog.getByTestId('share-link').inputValue();
    expect(link).toBe(`${PLANOGRAMS}/top-sales-item?from=${week.from}&to=${week.to}&page=2`);
    await shot(page, 'planogram-analytics-share');
    await accessible(page, 'share-dialog');
    await dialog.getByTestId('share-send').click();
    await dialog.getByTestId('share-result').getByText('Sent to 1 colleague', { exact: true }).waitFor();
    await dialog.getByTestId('share-sent').getByText('Siti Rahmawati').waitFor();
    await page.locator('.ant-message').getByText('Sent to 1 colleague', { exact: true }).waitFor();
    await shot(page, 'planogram-analytics-shared');
    const mail = await latestMail(portal.server.url, 'superadmin@demo.local', 'shared Planogram Analytics');
    expect(mail.text).toContain(`${link}`);
    expect(mail.text).toContain(`${link}&export=xlsx`);
    expect(mail.text).toContain('Produk terlaris minggu ini');
    await dialog.getByTestId('share-done').click();
    await dialog.waitFor({ state: 'hidden' });

    // A colleague the server did not mail is listed with the reason (an answer as the server gives it for one).
    await page.route('**/api/v1/analytics/share', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ message: 'Success', data: { sent: [], skipped: [{ user_id: 1, name: 'Siti Rahmawati', reason: 'no-access' }] } }) }),
    );
    await page.getByTestId('share-open').click();
    await pick(page, '#share-recipients', 'Siti Rahmawati', 'Siti');
    await dialog.getByTestId('share-send').click();
    await dialog.getByTestId('share-skipped').getByText('Siti Rahmawati: their role does not open this screen').waitFor();
    await shot(page, 'planogram-analytics-share-skipped');
    await page.keyboard.press('Escape');
    await page.unrouteAll();

    // The mail's export link opens the screen and starts its export at once, then takes the key off the address.
    const downloading = page.waitForEvent('download');
    await page.goto(`${link}&export=xlsx`);
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^Export-planogram_product_analytics.*\.xlsx$/);
    await page.waitForURL((url) => !url.searchParams.has('export') && url.searchParams.get('page') === '2');

    // An unknown detail type is not a page.
    await page.goto(`${PLANOGRAMS}/top-nothing`);
    await page.getByText('Page not found').waitFor();
  });

  it('the analyst reads the content dashboard and its offer page, the campaigns, help and the overview; empty and failed widgets; in Indonesian', { timeout: 300_000 }, async () => {
    const { page } = await newPage(portal.browser, portal.server.url, { bypassCSP: true });
    await signIn(page, 'analyst');

    // Content: the figures, the kinds side by side, the top five of each kind; "All" opens the offers' page.
    await page.goto(CONTENT);
    await page.getByTestId('content-kinds').locator('.ant-table-row').first().waitFor();
    await drawn(page.getByTestId('content-kinds'));
    await page.getByTestId('content-top-offer').locator('.ant-table-row').first().waitFor();
    await loaded(page);
    await shot(page, 'content-dashboard');
    await accessible(page, 'content-dashboard');
    await page.getByTestId('kind-banner').click();
    await page.waitForURL(`**${CONTENT}/banner`);
    await page.getByTestId('content-ranking').locator('.ant-table-row').first().waitFor();
    await page.getByTestId('back-to-dashboard').click();
    await page.getByTestId('content-offer-all').click();
    await page.waitForURL(`**${CONTENT}/offer`);

    // The offer page: its ranking, and the offer top average with its dense rank and Rupiah.
    const average = await pageData<Page_<OfferTopAverageRow>>(page, '/api/v1/analytics/content/offer-top-average');
    expect(average.data.length).toBeGreaterThan(0);
    const averages = page.getByTestId('offer-top-average');
    const first = averages.locator('.ant-table-row').first();
    await first.getByText(average.data[0]!.title).waitFor();
    await first.getByText(formatRupiah(average.data[0]!.total_avg_sales)).waitFor();
    await expect.poll(() => first.locator('td').first().textContent()).toBe('1');
    await page.getByTestId('content-ranking').locator('.ant-table-row').first().waitFor();
    await drawn(averages);
    await shot(page, 'content-offer');
    await accessible(page, 'content-offer');
    await page.getByTestId('rank-measure').getByText('Clicks').click();
    await page.waitForURL((url) => url.searchParams.get('measure') === 'clicks');
    await page.getByTestId('content-ranking').getByText('Offers by clicks, highest first').waitFor();

    // Marketing campaign and help.
    await page.goto(CAMPAIGNS);
    await page.getByTestId('campaign-ranking').locator('.ant-table-row').first().waitFor();
    await loaded(page);
    await shot(page, 'marketing-campaign');
    await accessible(page, 'marketing-campaign');
    await page.goto(HELP);
    await page.getByTestId('help-per-store').locator('.ant-table-row').first().waitFor();
    await drawn(page.getByTestId('help-by-category'));
    await loaded(page);
    await shot(page, 'help-dashboard');
    await accessible(page, 'help-dashboard');

    // The overview: each dashboard's headline, each leading to its dashboard with the period.
    await page.goto(`${OVERVIEW}?from=${addDays(jakartaDay(new Date()), -6)}`);
    for (const widget of ['sales-summary', 'overview-customers', 'planogram-summary', 'overview-content', 'help-summary']) await page.getByTestId(widget).waitFor();
    await drawn(page.getByTestId('overview-sales-trend'));
    await loaded(page);
    await shot(page, 'overview');
    await accessible(page, 'overview');
    await page.getByTestId('open-content').click();
    await page.waitForURL((url) => url.pathname === CONTENT && url.searchParams.has('from'));
    // The sales dashboards share the page header, and with it the Share button.
    await page.goto('/admin/pandora/sales-dashboard');
    await page.getByTestId('share-open').waitFor();

    // Empty: a store no store has; failed: one widget's answer refused while the others show.
    await page.route('**/api/v1/analytics/content/offer-top-average*', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"internal","message":"down"}' }));
    await page.goto(`${PLANOGRAMS}?from=2025-01-01&to=2025-01-31`);
    await page.getByTestId('planograms-top').getByTestId('widget-empty').waitFor();
    await loaded(page);
    await shot(page, 'planogram-analytics-empty');
    // Planograms live in the period but nothing counted at that store: listed, with no bars to draw.
    await page.goto(`${PLANOGRAMS}?store_code=NOPE`);
    await page.getByTestId('planograms-top').getByTestId('ranking-zero').waitFor();
    await page.getByTestId('planograms-top').locator('.ant-table-row').first().waitFor();
    await loaded(page);
    await shot(page, 'planogram-analytics-nothing-counted');
    await page.goto(`${CONTENT}?store_code=NOPE`);
    await page.getByTestId('offer-top-average').getByTestId('widget-failed').waitFor();
    await page.getByTestId('content-kinds').locator('.ant-table-row').first().waitFor();
    await loaded(page);
    await shot(page, 'content-dashboard-empty-failed');
    await page.unrouteAll();

    // In Indonesian.
    await page.evaluate(() => localStorage.setItem('portal.lang', 'id'));
    await page.goto(PLANOGRAMS);
    await page.getByTestId('page-title').getByText('Analitik Planogram').waitFor();
    await page.getByTestId('planograms-top').getByText('5 planogram teratas menurut impresi').waitFor();
    await page.getByTestId('figure-impressions').getByText('dibanding periode sebelumnya').waitFor();
    await drawn(page.getByTestId('planograms-top'));
    await shot(page, 'planogram-analytics-id');
    await page.goto(`${CONTENT}/offer`);
    await page.getByTestId('offer-top-average').getByText('Penawaran dengan rata-rata belanja tertinggi').waitFor();
    await page.getByTestId('share-open').getByText('Bagikan').waitFor();
    await drawn(page.getByTestId('content-ranking'));
    await shot(page, 'content-offer-id');
    await page.goto(HELP);
    await page.getByTestId('help-by-status').getByText('Tiket per status').waitFor();
    await drawn(page.getByTestId('help-by-status'));
    await shot(page, 'help-dashboard-id');
  });
});
