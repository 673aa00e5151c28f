import fs from 'node:fs';
import type { Download, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { jakartaDay, type AlpRow, type FreeGiftHandoverRow, type PromoReportRow } from '@portal/contract';
import { describeFinding, audit } from '../support/a11y.ts';
import { newPage, shot } from '../support/browser.ts';
import { usePortal } from '../support/portal.ts';
import { DEMO_PASSWORD, signIn, signInSuperAdmin } from '../support/session.ts';
import { pageData } from '../support/api.ts';

/*
 * pandora's till reports over the demo's till receipts (the demo's tills ring their baskets up by the promos, free
 * gifts and associates of their stores): a report analyst opens each report on this month, filters it, opens a staff
 * purchase and a free-gift programme, and downloads each file; in English and Indonesian, with axe over each screen.
 */

const PANDORA = '/admin/pandora';
const ENTRIES = ['pandora.report/alp-report', 'pandora.promo-report', 'pandora.free-gift-report'];
type Page_<T> = { data: T[]; meta: { total: number } };

/** The list shows rows (or its empty state) after a navigation or a filter. */
const settled = (page: Page) => page.getByTestId('resource-table').locator('.resource-row, [data-testid="resource-empty"]').first().waitFor();

/** No serious or critical axe finding on the open screen. */
async function accessible(page: Page, name: string): Promise<void> {
  const findings = await audit(page);
  if (findings.length) await shot(page, `${name}-a11y`);
  expect(findings.map((f) => describeFinding(name, f))).toEqual([]);
}

/** Chooses an option of a list filter's select. */
async function pickFilter(page: Page, key: string, optionText: string, typed?: string): Promise<void> {
  await page.getByTestId(`filter-${key}`).click();
  if (typed) await page.keyboard.type(typed);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: optionText }).first().click();
}

/** Downloads the list's file in a format and answers it. */
async function download(page: Page, format: 'xlsx' | 'csv'): Promise<Download> {
  await page.getByTestId('export-button').click();
  const downloading = page.waitForEvent('download');
  await page.getByTestId(`export-${format}`).click();
  return downloading;
}

describe('till reports', () => {
  const portal = usePortal();

  it('a report analyst reads the ALP, promo and free-gift reports of the tills, filters them, opens a purchase and a programme, exports each, in English and Indonesian', { timeout: 600_000 }, async () => {
    const admin = await newPage(portal.browser, portal.server.url);
    await signInSuperAdmin(admin.page, portal.server.url);
    const role = await admin.page.request.post('/api/v1/role/add', {
      data: { name: 'Till Report Analyst', description: 'Reads the till reports', permissions: ENTRIES.flatMap((entry) => [{ entry, action: 'view' }, { entry, action: 'export' }]) },
    });
    expect(role.status(), await role.text()).toBe(200);
    const roleId = ((await role.json()) as { data: { id: number } }).data.id;
    const user = await admin.page.request.post('/api/v1/user', {
      data: { username: 'till.analyst', email: 'till.analyst@demo.local', name: 'Dewi Lestari', role_id: roleId, password: DEMO_PASSWORD },
    });
    expect(user.status(), await user.text()).toBe(200);
    await admin.context.close();

    // axe is injected into the page: the audit's context bypasses the portal's strict CSP.
    const { page } = await newPage(portal.browser, portal.server.url, { bypassCSP: true, acceptDownloads: true });
    await signIn(page, 'till.analyst');

    // ALP Report: this month's staff purchases, newest first, with their totals.
    await page.goto(`${PANDORA}/report/alp-report`);
    await page.waitForURL(/from=\d{4}-\d{2}-01/);
    const period = new URL(page.url()).searchParams;
    const month = `from=${period.get('from')}&to=${period.get('to')}`;
    const alp = await pageData<Page_<AlpRow>>(page, `/api/v1/report/alp-report?${month}&limit=100`);
    expect(alp.meta.total).toBeGreaterThan(0);
    await page.getByTestId('resource-table').getByText(alp.data[0]!.receipt_no).waitFor();
    await page.getByTestId('till-report-totals').getByTestId('figure-transactions').getByText(new Intl.NumberFormat('id-ID').format(alp.meta.total)).waitFor();
    await page.getByTestId('alp-quota-used').waitFor();
    await accessible(page, 'alp-report');
    await shot(page, 'till-alp-report');

    // The year's over-quota purchases (each month's bulk purchase past a quota), by the transaction type filter.
    const year = `from=${jakartaDay(new Date(Date.now() - 360 * 86_400_000))}&to=${jakartaDay(new Date())}`;
    await page.goto(`${PANDORA}/report/alp-report?${year}`);
    await settled(page);
    await pickFilter(page, 'transaction_type', 'Over quota');
    await page.waitForURL(/transaction_type=over-quota/);
    await settled(page);
    const over = await pageData<Page_<AlpRow>>(page, `/api/v1/report/alp-report?${year}&transaction_type=over-quota`);
    expect(over.meta.total).toBeGreaterThan(0);
    await page.getByTestId('resource-table').getByText(over.data[0]!.receipt_no).waitFor();
    await shot(page, 'till-alp-report-over-quota');

    // One purchase: its receipt's lines under its own type's path.
    await page.getByTestId('alp-receipt-link').first().click();
    await page.getByTestId('detail-view').waitFor();
    expect(page.url()).toMatch(/\/alp-report\/over-quota\/\d+\/detail$/);
    await page.getByTestId('alp-lines').locator('.ant-table-row').first().waitFor();
    await accessible(page, 'alp-detail');
    await shot(page, 'till-alp-detail');
    // A path naming another type opens the purchase at its own.
    await page.goto(`${PANDORA}/report/alp-report/within-quota/${over.data[0]!.id}/detail`);
    await page.waitForURL(new RegExp(`/over-quota/${over.data[0]!.id}/detail$`));
    await page.getByTestId('detail-view').waitFor();
    // An unknown purchase: the not-found state.
    await page.goto(`${PANDORA}/report/alp-report/within-quota/999999999/detail`);
    await page.getByText('Record not found').waitFor();
    await shot(page, 'till-alp-detail-not-found');

    // The file, as the spec names it.
    await page.goto(`${PANDORA}/report/alp-report?${month}`);
    await settled(page);
    const alpFile = await download(page, 'xlsx');
    expect(alpFile.suggestedFilename()).toBe('Export Report ALP.xlsx');
    expect(fs.readFileSync((await alpFile.path())!).subarray(0, 2).toString()).toBe('PK');

    // Promo Report: the year's promos, then per promo and store, one channel.
    await page.goto(`${PANDORA}/promo-report?${year}`);
    await settled(page);
    const promos = await pageData<Page_<PromoReportRow>>(page, `/api/v1/promo-report?${year}`);
    expect(promos.meta.total).toBeGreaterThan(1);
    await page.getByTestId('resource-table').getByText(promos.data[0]!.promo_code).waitFor();
    await page.getByTestId('till-report-totals').getByTestId('figure-discount').waitFor();
    await accessible(page, 'promo-report');
    await shot(page, 'till-promo-report');
    // A promo's code narrows the report to it, store by store.
    await page.getByTestId('promo-drill').first().click();
    await page.waitForURL(new RegExp(`promo_id=${promos.data[0]!.promo_id}.*view=store|view=store.*promo_id=${promos.data[0]!.promo_id}`));
    await settled(page);
    await shot(page, 'till-promo-report-one-promo');
    await page.goto(`${PANDORA}/promo-report?${year}`);
    await settled(page);
    await pickFilter(page, 'view', 'By promo and store');
    await page.waitForURL(/view=store/);
    await pickFilter(page, 'channel', 'Offline');
    await page.waitForURL(/channel=1/);
    await settled(page);
    const byStore = await pageData<Page_<PromoReportRow>>(page, `/api/v1/promo-report?${year}&view=store&channel=1`);
    await page.getByTestId('resource-table').getByText(`${byStore.data[0]!.store_code} · ${byStore.data[0]!.store_name}`).first().waitFor();
    await shot(page, 'till-promo-report-by-store');
    const promoFile = await download(page, 'xlsx');
    expect(promoFile.suggestedFilename()).toBe(`Export Promo Report - ${jakartaDay(new Date())}.xlsx`);
    // No promo in 2021: the empty state.
    await page.goto(`${PANDORA}/promo-report?from=2021-01-01&to=2021-01-31`);
    await page.getByTestId('resource-empty').waitFor();
    await shot(page, 'till-promo-report-empty');

    // Free Gift Report: the hand-overs, the member's phone masked (the analyst holds no personal-data right).
    await page.goto(`${PANDORA}/free-gift-report?${year}`);
    await settled(page);
    const gifts = await pageData<Page_<FreeGiftHandoverRow>>(page, `/api/v1/free-gift-report?${year}&limit=100`);
    expect(gifts.meta.total).toBeGreaterThan(0);
    const withMember = gifts.data.find((g) => g.consumer_phone);
    if (withMember) expect(withMember.consumer_phone).toContain('*');
    await page.getByTestId('resource-table').getByText(gifts.data[0]!.receipt_no).waitFor();
    await accessible(page, 'free-gift-report');
    await shot(page, 'till-free-gift-report');
    const giftFile = await download(page, 'xlsx');
    expect(giftFile.suggestedFilename()).toMatch(/^export_free_gift_\d{8}_\d{6}\.xlsx$/);

    // A programme: its gifts, its hand-overs by store and by day, and the hand-overs themselves.
    await page.getByTestId('gift-programme-link').first().click();
    await page.getByTestId('free-gift-programme').waitFor();
    expect(page.url()).toMatch(new RegExp(`/free-gift-report/${gifts.data[0]!.free_gift_id}/detail\\?`));
    await page.getByTestId('programme-by-store').locator('.ant-table-row').first().waitFor();
    await page.getByTestId('programme-by-day').locator('.ant-table-row').first().waitFor();
    await page.getByTestId('programme-handovers').locator('.ant-table-row').first().waitFor();
    await accessible(page, 'free-gift-programme');
    await shot(page, 'till-free-gift-programme');

    // In Indonesian.
    await page.evaluate(() => localStorage.setItem('portal.lang', 'id'));
    await page.goto(`${PANDORA}/report/alp-report?${year}`);
    await page.getByText('Diskon Karyawan').first().waitFor();
    await settled(page);
    await shot(page, 'till-alp-report-id');
    await page.goto(`${PANDORA}/promo-report?${year}&view=day`);
    await page.getByText('Penjualan Bersih').first().waitFor();
    await settled(page);
    await shot(page, 'till-promo-report-id');
    await page.goto(page.url().replace('/promo-report', '/free-gift-report').replace('&view=day', ''));
    await page.getByText('Hadiah Diserahkan').first().waitFor();
    await settled(page);
    await shot(page, 'till-free-gift-report-id');
    await page.getByTestId('gift-programme-link').first().click();
    await page.getByTestId('programme-by-day').locator('.ant-table-row').first().waitFor();
    await shot(page, 'till-free-gift-programme-id');
  });
});
