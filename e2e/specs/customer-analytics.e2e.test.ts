import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { addDays, customerMeasure, formatRupiah, jakartaDay, type CustomerStoreRow, type CustomerSummary } from '@portal/contract';
import { audit, describeFinding } from '../support/a11y.ts';
import { newPage, shot } from '../support/browser.ts';
import { pick } from '../support/inputs.ts';
import { usePortal } from '../support/portal.ts';
import { signIn } from '../support/session.ts';
import { pageData } from '../support/api.ts';

const PAGE = '/admin/pandora/customer-analytics';

/** Every widget has answered, and the page at rest (the mouse over no row) has no serious or critical axe violation. */
async function accessible(page: Page, name: string): Promise<void> {
  await expect.poll(() => page.locator('[data-testid="widget-loading"]').count()).toBe(0);
  await page.mouse.move(0, 0);
  const findings = await audit(page);
  if (findings.length) await shot(page, `${name}-a11y`);
  expect(findings.map((f) => describeFinding(name, f))).toEqual([]);
}

describe('customer analytics', () => {
  // Any store ranking of more than a few rows goes through the Download List, as a large one does.
  const portal = usePortal({ EXPORT_ASYNC_ROWS: '3' });

  it('an analyst reads the six averages, changes the period, drills into a measure by region and store, exports it through the Download List and prints it, in English and Indonesian', { timeout: 300_000 }, async () => {
    const { page } = await newPage(portal.browser, portal.server.url, { bypassCSP: true });
    await signIn(page, 'analyst');
    const today = jakartaDay(new Date());

    // This month's six averages from the demo's till receipts, each beside last month's.
    await page.goto(PAGE);
    const summary = await pageData<CustomerSummary>(page, '/api/v1/analytics/customers/summary');
    expect(summary.current.customers).toBeGreaterThan(0);
    await page.getByTestId('figure-apc-per-customer').getByText(formatRupiah(customerMeasure('apc-per-customer', summary.current))).waitFor();
    await expect.poll(() => page.getByTestId('figure-apc-per-transaction').getByTestId('figure-change').textContent()).toMatch(/vs previous period \(Rp [\d.]+[KM]?\)$/);
    for (const type of ['apc-per-customer', 'qpc-per-transaction']) {
      await expect.poll(() => page.locator(`[data-testid="trend-${type}"] [data-testid="chart"] svg path`).count()).toBeGreaterThan(0);
    }
    await page.getByTestId('customer-trend-table').locator('.ant-table-row').first().waitFor();
    await shot(page, 'customer-analytics');
    await accessible(page, 'customer-analytics');

    // Last month: the period in the URL, the figures with it.
    await pick(page, '[data-testid="analytics-period"]', 'Last month');
    const firstOfMonth = `${today.slice(0, 7)}-01`;
    const lastMonth = { from: `${addDays(firstOfMonth, -1).slice(0, 7)}-01`, to: addDays(firstOfMonth, -1) };
    await page.waitForURL((url) => url.searchParams.get('from') === lastMonth.from && url.searchParams.get('to') === lastMonth.to);
    const previous = await pageData<CustomerSummary>(page, `/api/v1/analytics/customers/summary?from=${lastMonth.from}&to=${lastMonth.to}`);
    await page.getByTestId('figure-apc-per-customer').getByText(formatRupiah(customerMeasure('apc-per-customer', previous.current))).waitFor();

    // A card's Details opens its measure's page with the period.
    await page.getByTestId('figure-apc-per-customer-details').click();
    await page.waitForURL((url) => url.pathname === `${PAGE}/apc-per-customer` && url.searchParams.get('from') === lastMonth.from);
    const storeList = page.getByTestId('measure-by-store');
    await storeList.locator('.ant-table-row').first().waitFor();
    const stores = await pageData<{ data: CustomerStoreRow[]; meta: { total: number } }>(page, `/api/v1/analytics/customers/by-store?type=apc-per-customer&from=${lastMonth.from}&to=${lastMonth.to}`);
    expect(stores.meta.total).toBeGreaterThan(3);
    await storeList.locator('.ant-table-row').first().getByText(formatRupiah(stores.data[0]!.value)).waitFor();
    await page.getByTestId('measure-trend').locator('.ant-table-row').first().waitFor();
    await page.getByTestId('measure-by-region').locator('.ant-table-row').first().waitFor();
    await expect.poll(() => page.locator('[data-testid="measure-by-channel"] [data-testid="chart"] svg path').count()).toBeGreaterThan(0);
    await shot(page, 'customer-analytics-apc-per-customer');
    await page.getByTestId('measure-by-region').scrollIntoViewIfNeeded();
    await shot(page, 'customer-analytics-apc-per-customer-regions');
    await accessible(page, 'customer-analytics-apc-per-customer');

    // A region narrows the page to it; the stores then all lie in it.
    const region = page.getByTestId('measure-by-region').locator('a[data-testid^="rank-link-"]').first();
    const code = (await region.getAttribute('data-testid'))!.slice('rank-link-'.length);
    await region.click();
    await page.waitForURL((url) => url.searchParams.get('province_code') === code && url.searchParams.get('from') === lastMonth.from);
    await expect.poll(() => page.getByTestId('measure-by-region').locator('.ant-table-row').count()).toBe(1);
    await page.goBack();
    await page.waitForURL((url) => !url.searchParams.has('province_code'));

    // The stores bottom first, in the URL; by keyboard, another measure's page.
    await storeList.getByText('Bottom first').click();
    await page.waitForURL((url) => url.searchParams.get('order') === 'asc');
    await storeList.locator('.ant-table-row').first().waitFor();
    await page.getByTestId('measure-nav-qpc-per-transaction').focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === `${PAGE}/qpc-per-transaction` && url.searchParams.get('from') === lastMonth.from);
    await page.getByTestId('measure-by-store').locator('.ant-table-row').first().waitFor();
    await page.goBack();
    await page.waitForURL((url) => url.pathname === `${PAGE}/apc-per-customer`);

    // The export of the stores goes to the Download List (the analyst's own files), named by the general pattern.
    await page.getByTestId('export-button').click();
    await page.getByTestId('export-xlsx').click();
    await page.getByText('Export in progress, see Download List').waitFor();
    await shot(page, 'customer-analytics-export');
    let fileId = 0;
    await expect
      .poll(async () => {
        const list = await pageData<{ data: { id: number; file_name: string; status: number }[] }>(page, '/api/v1/downloads?limit=5');
        const file = list.data.find((d) => d.file_name.startsWith('Export-customer_apc_per_customer_'));
        fileId = file?.id ?? 0;
        return file ? `${file.status} ${file.file_name}` : 'none';
      }, { timeout: 60_000 })
      .toMatch(/^2 Export-customer_apc_per_customer_\d{8}_\d{6}\.xlsx$/);
    const file = await page.request.get(`/api/v1/downloads/${fileId}/file`);
    expect(file.status()).toBe(200);
    expect((await file.body()).subarray(0, 2).toString()).toBe('PK');

    // Its print preview: the same widgets on a landscape sheet, the filters in words, no menu or filter bar on paper.
    await page.getByTestId('print-preview-open').click();
    await page.waitForURL((url) => url.pathname === '/admin/pandora/analytic/preview' && url.searchParams.get('path') === `${PAGE}/apc-per-customer` && url.searchParams.get('from') === lastMonth.from);
    const sheet = page.getByTestId('print-sheet');
    await sheet.getByTestId('print-header').getByText('APC per customer').waitFor();
    await sheet.getByTestId('print-facts').getByText(/All regions/).waitFor();
    await sheet.getByTestId('measure-by-store').locator('.ant-table-row').first().waitFor();
    expect(await page.getByTestId('analytics-filters').count()).toBe(0);
    expect(await sheet.locator('.ant-pagination:visible').count()).toBe(0);
    await page.getByTestId('preview-print').waitFor();
    await accessible(page, 'customer-analytics-print-preview');
    await shot(page, 'customer-analytics-print-preview');
    // On the sheet, nothing to click: no way back, no measure links, no order switch.
    expect(await sheet.locator('.ant-btn:visible, nav:visible, [data-testid="rank-order"]:visible').count()).toBe(0);
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('.ant-layout-sider:visible, [data-testid="preview-print"]:visible').count()).toBe(0);
    await shot(page, 'customer-analytics-print-media');
    await sheet.getByTestId('measure-by-store').scrollIntoViewIfNeeded();
    await shot(page, 'customer-analytics-print-media-stores');
    await page.emulateMedia({ media: 'screen' });

    // A report's preview: its totals and first rows.
    await page.goto('/admin/pandora/preview?path=/admin/pandora/report/monthly-recap');
    await page.getByTestId('print-table').locator('.ant-table-row').first().waitFor();
    await page.getByTestId('print-rows').waitFor();
    await page.getByTestId('order-report-totals').waitFor();
    await shot(page, 'report-print-preview');
    await accessible(page, 'report-print-preview');

    // A preview without a page to print lists what it prints; an address it does not print says so.
    await page.goto('/admin/pandora/analytic/preview?path=/admin/aphrodite/consumer');
    await page.getByTestId('preview-refused').waitFor();
    await page.getByTestId('preview-choice-pandora.customer-analytics').waitFor();

    // In Indonesian.
    await page.evaluate(() => localStorage.setItem('portal.lang', 'id'));
    await page.goto(`${PAGE}/qpc-per-transaction`);
    await page.getByTestId('page-title').getByText('QPC per transaksi').waitFor();
    await page.getByText('Kuantitas per transaksi: seluruh unit terjual').waitFor();
    await page.getByTestId('measure-by-store').locator('.ant-table-row').first().waitFor();
    await expect.poll(() => page.locator('[data-testid="widget-loading"]').count()).toBe(0);
    await shot(page, 'customer-analytics-qpc-per-transaction-id');
    await page.goto(PAGE);
    await page.getByText('Rata-rata per pelanggan dan per transaksi').first().waitFor();
    await expect.poll(() => page.locator('[data-testid="widget-loading"]').count()).toBe(0);
    await shot(page, 'customer-analytics-id');
    await page.goto(`/admin/pandora/analytic/preview?path=${encodeURIComponent(PAGE)}`);
    await page.getByTestId('print-generated').getByText(/^Dibuat \d{2}\/\w{3}\/\d{4} \d{2}:\d{2}:\d{2} WIB$/).waitFor();
    await expect.poll(() => page.locator('[data-testid="widget-loading"]').count()).toBe(0);
    await shot(page, 'customer-analytics-print-preview-id');
  });

  it('shows empty and failed widgets on their own, and tells a colleague without the page that its preview is not theirs', { timeout: 120_000 }, async () => {
    const { page } = await newPage(portal.browser, portal.server.url);
    await signIn(page, 'analyst');
    await page.route('**/api/v1/analytics/customers/by-region*', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"internal","message":"down"}' }));
    await page.goto(`${PAGE}/ipc-per-customer?store_code=NOPE`);
    await page.getByTestId('measure-trend').getByTestId('widget-empty').waitFor();
    await page.getByTestId('measure-by-store').getByTestId('widget-empty').waitFor();
    await page.getByTestId('measure-by-region').getByTestId('widget-failed').waitFor();
    expect(await page.locator('.ant-message-notice').count()).toBe(0);
    await shot(page, 'customer-analytics-empty-failed');
    await page.getByTestId('measure-by-region').scrollIntoViewIfNeeded();
    await shot(page, 'customer-analytics-failed-region');
    await page.unrouteAll();

    const viewer = await newPage(portal.browser, portal.server.url);
    await signIn(viewer.page, 'viewer');
    await viewer.page.goto(`/admin/pandora/analytic/preview?path=${encodeURIComponent(`${PAGE}/apc-per-customer`)}`);
    await viewer.page.getByTestId('forbidden').getByText('Your role does not open Customer Analytics').waitFor();
    const refused = await viewer.page.request.get('/api/v1/analytics/customers/by-store');
    expect(refused.status()).toBe(403);
    await shot(viewer.page, 'customer-analytics-preview-no-access');
  });
});
