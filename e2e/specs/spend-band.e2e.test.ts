import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { addDays, formatCount, formatRupiah, jakartaDay, type SpendBandReport } from '@portal/contract';
import { audit, describeFinding } from '../support/a11y.ts';
import { newPage, shot } from '../support/browser.ts';
import { pick } from '../support/inputs.ts';
import { usePortal } from '../support/portal.ts';
import { signIn } from '../support/session.ts';

const REPORT = '/admin/pandora/spend-band-report';
const API = '/api/v1/analytics/spend-band-report';

/** The report's answer for a query, read with the page's session. */
async function data(page: Page, query = ''): Promise<SpendBandReport> {
  const res = await page.request.get(`${API}${query ? `?${query}` : ''}`);
  expect(res.status(), query).toBe(200);
  return ((await res.json()) as { data: SpendBandReport }).data;
}

const params = (page: Page) => new URL(page.url()).searchParams;

/** The table's rows as their text: the bands in order, then the total. */
const tableRows = (page: Page) => page.getByTestId('spend-band-table').locator('.ant-table-tbody .ant-table-row');

/** The report shows these figures: each band's and the total's transactions and sales, in order. */
async function showsFigures(page: Page, d: SpendBandReport): Promise<void> {
  const rows = tableRows(page);
  await expect.poll(() => rows.count()).toBe(d.bands.length + 1);
  const expected = [...d.bands, d.total].map((b) => [formatCount(b.transactions), formatRupiah(b.sales)]);
  await expect
    .poll(async () => {
      const got: string[][] = [];
      for (let i = 0; i < expected.length; i++) {
        const cells = rows.nth(i).locator('td');
        got.push([(await cells.nth(1).getByTestId('cell-main').textContent()) ?? '', (await cells.nth(2).getByTestId('cell-main').textContent()) ?? '']);
      }
      return got;
    })
    .toEqual(expected);
}

async function accessible(page: Page, name: string): Promise<void> {
  await expect.poll(() => page.locator('[data-testid="widget-loading"]').count()).toBe(0);
  const findings = await audit(page);
  if (findings.length) await shot(page, `${name}-a11y`);
  expect(findings.map((f) => describeFinding(name, f))).toEqual([]);
}

describe('spend band report', () => {
  const portal = usePortal();

  it('the analyst reads the spend bands of this month, changes the period and the channel, exports, in English and Indonesian', { timeout: 240_000 }, async () => {
    const { page } = await newPage(portal.browser, portal.server.url, { bypassCSP: true, acceptDownloads: true });
    await signIn(page, 'analyst');
    await page.goto(REPORT);

    // This month's bands from the demo's till sales and delivered orders, the bars and the table beside them.
    const month = await data(page);
    expect(month.total.transactions).toBeGreaterThan(0);
    expect(month.bands.filter((b) => b.transactions > 0).length).toBeGreaterThan(2);
    await showsFigures(page, month);
    await expect.poll(() => page.getByTestId('spend-band').locator('[data-testid="chart"] svg path').count()).toBeGreaterThan(6);
    await page.getByTestId('spend-band-table').getByText('Rp 100.000 – Rp 199.999').waitFor();
    await shot(page, 'spend-band');
    await page.getByTestId('spend-band-table').scrollIntoViewIfNeeded();
    await shot(page, 'spend-band-table');
    await accessible(page, 'spend-band');
    // On a wide screen the bars and the table stand side by side.
    await page.setViewportSize({ width: 1920, height: 1080 });
    await shot(page, 'spend-band-wide');
    await page.setViewportSize({ width: 1366, height: 860 });

    // Another period: last month, in the URL, and its figures.
    await pick(page, '[data-testid="analytics-period"]', 'Last month');
    const today = jakartaDay(new Date());
    const firstOfMonth = `${today.slice(0, 7)}-01`;
    const lastMonth = { from: `${addDays(firstOfMonth, -1).slice(0, 7)}-01`, to: addDays(firstOfMonth, -1) };
    await page.waitForURL((url) => url.searchParams.get('from') === lastMonth.from && url.searchParams.get('to') === lastMonth.to);
    await showsFigures(page, await data(page, `from=${lastMonth.from}&to=${lastMonth.to}`));

    // The online channel only, by keyboard: the channel's choices are a radio group.
    await page.getByTestId('analytics-channel').getByText('All').click();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.waitForURL((url) => url.searchParams.get('channel') === '2');
    expect(params(page).get('from')).toBe(lastMonth.from);
    const online = await data(page, `from=${lastMonth.from}&to=${lastMonth.to}&channel=2`);
    expect(online.total.transactions).toBeLessThan((await data(page, `from=${lastMonth.from}&to=${lastMonth.to}`)).total.transactions);
    await showsFigures(page, online);
    await shot(page, 'spend-band-online-last-month');

    // The export with the screen's filters: the bands and the total, as XLSX and as CSV.
    await page.getByTestId('export-button').click();
    const downloading = page.waitForEvent('download');
    await page.getByTestId('export-xlsx').click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^Export-spend_band_report_\d{8}_\d{6}\.xlsx$/);
    expect(fs.readFileSync((await download.path())!).subarray(0, 2).toString()).toBe('PK');
    const csv = await page.request.get(`${API}/export?format=csv&from=${lastMonth.from}&to=${lastMonth.to}&channel=2`);
    const lines = (await csv.text()).replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    expect(lines.slice(1).map((l) => Number(l.split(',')[3]))).toEqual([...online.bands, online.total].map((b) => b.transactions));

    // Empty: a store code no store has; failed: the report's answer refused (its card says so, no toast).
    await page.goto(`${REPORT}?store_code=NOPE`);
    await page.getByTestId('spend-band').getByTestId('widget-empty').waitFor();
    await shot(page, 'spend-band-empty');
    await page.route(`**${API}?*`, (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"internal","message":"down"}' }));
    await page.goto(`${REPORT}?from=${lastMonth.from}&to=${lastMonth.to}`);
    await page.getByTestId('spend-band').getByTestId('widget-failed').waitFor();
    expect(await page.locator('.ant-message-notice').count()).toBe(0);
    await shot(page, 'spend-band-failed');
    await page.unrouteAll();

    // In Indonesian: the title, the table's words and the filters, Rupiah as before.
    await page.evaluate(() => localStorage.setItem('portal.lang', 'id'));
    await page.goto(REPORT);
    await page.getByTestId('page-title').getByText('Laporan Spend Band').waitFor();
    await page.getByText('Transaksi per spend band').first().waitFor();
    await page.getByText('Porsi penjualan').first().waitFor();
    await showsFigures(page, month);
    await shot(page, 'spend-band-id');
    await page.getByTestId('spend-band-table').scrollIntoViewIfNeeded();
    await shot(page, 'spend-band-table-id');
    await accessible(page, 'spend-band-id');
  });
});
