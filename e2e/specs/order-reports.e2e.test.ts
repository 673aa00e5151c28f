import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPage, shot } from '../support/browser.ts';
import { usePortal } from '../support/portal.ts';
import { DEMO_PASSWORD, signIn, signInSuperAdmin } from '../support/session.ts';
import { pageData } from '../support/api.ts';

const REPORTS = '/admin/pandora/report';
const ENTRIES = ['all-transactions', 'detail-transaction', 'disbursement', 'unpick', 'all-item', 'monthly-recap'].map((e) => `pandora.report/${e}`);

/** Waits for the list to show rows (or its empty state) after a navigation or a filter. */
const settled = (page: Page) => page.getByTestId('resource-table').locator('.resource-row, [data-testid="resource-empty"]').first().waitFor();

describe('order reports', () => {
  const portal = usePortal();

  it('a report analyst (the six reports, no Order Management) reads the month’s orders, filters them, opens one and its slip read-only, exports, and reads the monthly recap in English and Indonesian', { timeout: 240_000 }, async () => {
    // The Super Admin makes the analyst's role and user.
    const admin = await newPage(portal.browser, portal.server.url);
    await signInSuperAdmin(admin.page, portal.server.url);
    const role = await admin.page.request.post('/api/v1/role/add', {
      data: { name: 'Report Analyst', description: 'Reads the order reports', permissions: ENTRIES.flatMap((entry) => [{ entry, action: 'view' }, { entry, action: 'export' }]) },
    });
    expect(role.status(), await role.text()).toBe(200);
    const roleId = ((await role.json()) as { data: { id: number } }).data.id;
    const user = await admin.page.request.post('/api/v1/user', {
      data: { username: 'report.analyst', email: 'report.analyst@demo.local', name: 'Wulan Sari', role_id: roleId, password: DEMO_PASSWORD },
    });
    expect(user.status(), await user.text()).toBe(200);
    await admin.context.close();

    const { page } = await newPage(portal.browser, portal.server.url);
    await signIn(page, 'report.analyst');

    // All Transactions opens on this month (in the URL): the demo's orders, newest first.
    await page.goto(`${REPORTS}/all-transactions`);
    await page.waitForURL(/date_from=\d{4}-\d{2}-01/);
    const period = new URL(page.url()).searchParams;
    const month = await pageData<{ data: { id: number; order_no: string; store_code: string }[]; meta: { total: number } }>(
      page,
      `/api/v1/report/all-transactions?date_from=${period.get('date_from')}&date_until=${period.get('date_until')}&limit=50`,
    );
    expect(month.meta.total).toBeGreaterThan(0);
    await page.getByTestId('resource-table').getByText(month.data[0]!.order_no).waitFor();
    await page.getByTestId('resource-total').getByText(`Total ${month.meta.total} items`).waitFor();
    await shot(page, 'order-report-all-transactions');

    // A store's orders by its code, in the URL.
    await page.getByTestId('filter-store_code').fill('s0002');
    await page.getByTestId('filter-store_code').press('Enter');
    await page.waitForURL(/store_code=s0002/);
    await settled(page);
    const codes = await page.locator('.resource-row td:nth-child(4)').allTextContents();
    expect(codes.length).toBeGreaterThan(0);
    expect(codes.every((c) => c === 'S0002')).toBe(true);
    await shot(page, 'order-report-all-transactions-store');

    // An order read-only: its lines, payment, delivery and timeline, no workflow action and no picking.
    const first = page.locator('.resource-row').first();
    const orderNo = (await first.locator('a').first().textContent()) ?? '';
    await first.getByRole('link', { name: orderNo }).click();
    await page.getByTestId('detail-view').waitFor();
    await page.getByTestId('detail-section-timeline').getByTestId('order-timeline-entry').first().waitFor();
    expect(page.url()).toMatch(/\/admin\/pandora\/report\/all-transactions\/\d+\/detail$/);
    expect(await page.locator('[data-testid^="order-action-"], [data-testid^="order-picked-"], [data-testid="order-assign-driver"]').count()).toBe(0);
    await shot(page, 'order-report-all-transactions-detail');
    await page.getByTestId('order-preview').click();
    await page.getByTestId('order-slip').getByText(orderNo).waitFor();
    expect(page.url()).toMatch(/\/all-transactions\/\d+\/preview$/);
    await shot(page, 'order-report-all-transactions-preview');

    // The store's orders as the spec's XLSX.
    await page.goto(`${REPORTS}/all-transactions?store_code=S0002`);
    await page.waitForURL(/date_from=/);
    await settled(page);
    await page.getByTestId('export-button').click();
    const downloading = page.waitForEvent('download');
    await page.getByTestId('export-xlsx').click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('All transaction Report.xlsx');
    expect(fs.readFileSync((await download.path())!).subarray(0, 2).toString()).toBe('PK');
    // The same rows as a CSV: the store's orders of the month, one a line.
    const csv = await page.request.get(`/api/v1/report/all-transactions/export?format=csv&store_code=S0002&date_from=${period.get('date_from')}&date_until=${period.get('date_until')}`);
    const lines = (await csv.text()).slice(1).trim().split('\r\n').slice(1);
    const store = await pageData<{ meta: { total: number } }>(page, `/api/v1/report/all-transactions?store_code=S0002&date_from=${period.get('date_from')}&date_until=${period.get('date_until')}`);
    expect(lines).toHaveLength(store.meta.total);
    expect(lines.every((l) => l.split(',')[2] === 'S0002')).toBe(true);

    // A store with no order: the empty state.
    await page.goto(`${REPORTS}/all-transactions?store_code=NOPE`);
    await page.getByTestId('resource-empty').waitFor();
    await shot(page, 'order-report-all-transactions-empty');

    // The other reports over the month: lines, delivered orders, lines short, products.
    for (const [report, testId] of [
      ['detail-transaction', null],
      ['disbursement', 'order-report-totals'],
      ['unpick', 'unpick-by-reason'],
      ['all-item', null],
    ] as const) {
      await page.goto(`${REPORTS}/${report}`);
      await page.waitForURL(/date_from=/);
      await page.getByTestId('resource-table').locator('.resource-row').first().waitFor();
      if (testId) await page.getByTestId(testId).waitFor();
      await shot(page, `order-report-${report}`);
    }

    // Monthly Recap: this year by default, the year's figures over the months and stores.
    await page.goto(`${REPORTS}/monthly-recap`);
    await page.waitForURL(/year=\d{4}/);
    const year = new URL(page.url()).searchParams.get('year');
    const totals = await pageData<{ orders: number; paid_orders: number }>(page, `/api/v1/report/monthly-recap/totals?year=${year}`);
    expect(totals.orders).toBeGreaterThan(0);
    await page.getByTestId('figure-orders').getByText(new Intl.NumberFormat('id-ID').format(totals.orders)).waitFor();
    await page.getByTestId('resource-table').getByText('S0001').first().waitFor();
    await shot(page, 'order-report-monthly-recap');
    await page.goto(`${REPORTS}/monthly-recap?year=2021`);
    await page.getByTestId('resource-empty').waitFor();
    await page.getByTestId('figure-orders').getByText('0').waitFor();
    await shot(page, 'order-report-monthly-recap-empty');

    // In Indonesian.
    await page.evaluate(() => localStorage.setItem('portal.lang', 'id'));
    await page.goto(`${REPORTS}/monthly-recap`);
    await page.getByText('Pendapatan').first().waitFor();
    await page.getByTestId('order-report-totals').getByText(/Rp \d{1,3}(\.\d{3})+/).first().waitFor();
    await shot(page, 'order-report-monthly-recap-id');
    await page.goto(`${REPORTS}/unpick`);
    await page.getByText('Alasan Tidak Diambil').first().waitFor();
    await shot(page, 'order-report-unpick-id');
    await page.goto(`${REPORTS}/all-transactions/${month.data[0]!.id}/detail`);
    await page.getByTestId('detail-view').waitFor();
    await page.getByText('Riwayat Status').waitFor();
    await shot(page, 'order-report-all-transactions-detail-id');
  });
});
