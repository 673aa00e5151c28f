import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newPage, shot } from '../support/browser.ts';
import { pick } from '../support/inputs.ts';
import { usePortal } from '../support/portal.ts';
import { apiCall, pageData } from '../support/api.ts';
import { signInSuperAdmin } from '../support/session.ts';

const POS_SECRET = 'e2e-pos-secret-of-at-least-32-characters!';
const PANDORA = '/admin/pandora';
const count = (n: number) => new Intl.NumberFormat('id-ID').format(n);

/** The figure `key` of the report's totals, once it shows `text`. */
const figure = (page: Page, key: string, text: string) => page.getByTestId(`figure-${key}`).filter({ hasText: text }).waitFor();

/** Chooses a partner in the report's filter by typing part of its name. */
const pickPartner = (page: Page, name: string) => pick(page, '[data-testid="filter-partner_id"] input', name, name.split(' ')[1]);

describe('e-voucher reports', () => {
  const portal = usePortal({ POS_SECRET });

  it('the Super Admin opens each report on this month, sees the demo’s figures, filters by a partner and downloads a report', { timeout: 240_000 }, async () => {
    const { page } = await newPage(portal.browser, portal.server.url);
    await signInSuperAdmin(page, portal.server.url);

    // One demo voucher used at a store through the POS, so the redeem report has a row.
    const vouchers = await pageData<{ data: { order_id: number }[] }>(page, '/api/v1/vouchers?limit=1&sort_by=released_at&sort_dir=asc');
    const file = await page.request.get(`/api/v1/vouchers/export?format=csv&order_id=${vouchers.data[0]!.order_id}`);
    const barcode = (await file.text()).match(/\b\d{18}\b/)?.[0];
    const stores = await pageData<{ data: { code: string; name: string }[] }>(page, '/api/v1/stores?limit=1&status=1');
    const redemption = { voucher_barcode: barcode!, store_code: stores.data[0]!.code, pos_ref: 'POS-RPT-1', transaction_no: 'TRX-RPT-1' };
    const signature = createHmac('sha256', POS_SECRET).update(Object.values(redemption).join('|')).digest('hex');
    await apiCall(portal.server.url, 'POST', '/api/v1/pos/vouchers/redeem', undefined, { ...redemption, signature });

    // Voucher Report: opens on this month (in the URL), its summary from the day totals, the vouchers masked.
    await page.goto(`${PANDORA}/voucher-report`);
    await page.waitForURL(/date_from=\d{4}-\d{2}-01/);
    const month = new URL(page.url()).searchParams;
    const period = `date_from=${month.get('date_from')}&date_until=${month.get('date_until')}`;
    const flows = await pageData<{ released_count: number; used_count: number; outstanding_count: number }>(page, `/api/v1/voucher-reports/flow-totals?${period}`);
    expect(flows.released_count).toBeGreaterThan(0);
    await figure(page, 'released', count(flows.released_count));
    await figure(page, 'used', count(flows.used_count));
    await page.getByTestId('resource-table').getByText('•••• ••••').first().waitFor();
    await shot(page, 'voucher-report');
    // A partner narrows the list and the summary; its download is VoucherReport_<day>.
    await pickPartner(page, 'PT Angkasa Digital');
    await page.waitForURL(/partner_id=\d+/);
    const partnerId = new URL(page.url()).searchParams.get('partner_id');
    const mine = await pageData<{ released_count: number }>(page, `/api/v1/voucher-reports/flow-totals?${period}&partner_id=${partnerId}`);
    expect(mine.released_count).toBeLessThan(flows.released_count);
    await figure(page, 'released', count(mine.released_count));
    await page.getByTestId('export-button').click();
    const downloading = page.waitForEvent('download');
    await page.getByTestId('export-csv').click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^VoucherReport_\d{8}\.csv$/);
    const lines = fs.readFileSync((await download.path())!, 'utf8').slice(1).trim().split('\r\n');
    expect(lines).toHaveLength(mine.released_count + 1);
    expect(lines.slice(1).every((l) => l.includes('PT Angkasa Digital Indonesia'))).toBe(true);

    // Outstanding: today, per partner and product, with the grand total.
    await page.goto(`${PANDORA}/outstanding-voucher-report`);
    await page.waitForURL(/as_of=/);
    const owed = await pageData<{ outstanding_count: number; outstanding_value: number }>(page, '/api/v1/outstanding-voucher-report/totals');
    await figure(page, 'outstanding', count(owed.outstanding_count));
    await page.getByTestId('resource-table').getByText('PT Nusantara Karya Mandiri').first().waitFor();
    await shot(page, 'voucher-report-outstanding');

    // Sales and Redeem: the chart over the days and the table of days.
    await page.goto(`${PANDORA}/sales-and-redeem-voucher-report`);
    await page.getByTestId('sales-redeem-chart').getByTestId('chart').waitFor();
    await figure(page, 'released', count(flows.released_count));
    await shot(page, 'voucher-report-sales-redeem');

    // Recap: per partner and product; a partner with no released order shows the empty state.
    await page.goto(`${PANDORA}/recap-voucher-report`);
    await page.getByTestId('resource-table').getByText('PT Angkasa Digital Indonesia').first().waitFor();
    await shot(page, 'voucher-report-recap');
    await pickPartner(page, 'PT Bumi Hijau');
    await figure(page, 'released', '0');
    await page.getByTestId('resource-table').locator('.ant-empty').waitFor();
    await shot(page, 'voucher-report-recap-empty');

    // Redeem: the voucher used above, at its store, with the totals per store.
    await page.goto(`${PANDORA}/voucher-usage-report`);
    await page.getByTestId('resource-table').getByText('TRX-RPT-1').waitFor();
    await page.getByTestId('redeem-by-store').getByText(stores.data[0]!.code).waitFor();
    await shot(page, 'voucher-report-redeem');

    // Selling: the two released demo orders, filtered to one partner.
    await page.goto(`${PANDORA}/voucher-selling-report`);
    const sold = await pageData<{ orders: number; total_amount: number }>(page, `/api/v1/voucher-selling-report/totals?${period}`);
    expect(sold.orders).toBeGreaterThan(0);
    await figure(page, 'orders', count(sold.orders));
    await page.getByTestId('resource-table').getByText('PT Nusantara Karya Mandiri').first().waitFor();
    await shot(page, 'voucher-report-selling');

    // In Indonesian: the recap and the outstanding report read in Indonesian, amounts still Rp with dot thousands.
    await page.evaluate(() => localStorage.setItem('portal.lang', 'id'));
    await page.goto(`${PANDORA}/recap-voucher-report`);
    await page.getByText('Beredar di Akhir Periode').first().waitFor();
    await page.getByTestId('voucher-report-totals').getByText(/Rp \d{1,3}(\.\d{3})+/).first().waitFor();
    await shot(page, 'voucher-report-recap-id');
    await page.goto(`${PANDORA}/sales-and-redeem-voucher-report`);
    await page.getByText('Nilai terjual dan ditukar per hari').waitFor();
    await shot(page, 'voucher-report-sales-redeem-id');
  });
});
