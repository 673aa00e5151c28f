import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from '../support/a11y.ts';
import { apiCall, pageData } from '../support/api.ts';
import { newPage, shot } from '../support/browser.ts';
import { pick } from '../support/inputs.ts';
import { usePortal } from '../support/portal.ts';
import { signInSuperAdmin } from '../support/session.ts';

// The consumers seed numbers its i-th consumer 628 + a prefix + (i·7919 mod 10^8); the first five are demo app consumers.
const PREFIXES = ['12', '13', '21', '52', '57', '77', '78', '95', '96', '81'];
const demoPhone = (i: number) => `628${PREFIXES[i % 10]}${String((i * 7919) % 100_000_000).padStart(8, '0')}`;
const LOGIN_LOG = '/admin/heimdal/consumer-login-log';
const USED_LOG = '/admin/heimdal/voucher-used-log';
/** What the e2e's app build says about itself: a version no demo attempt has. */
const APP = { platform: 'android', app_version: '9.9.1', device: 'E2E Pixel 8, Android 15' };

describe('heimdal logs', () => {
  const portal = usePortal();

  it('the Super Admin finds a failed and a successful consumer sign-in in the login log, filters, opens the consumer, exports, and walks a voucher redemption’s three pages, in English and Indonesian', { timeout: 300_000 }, async () => {
    // The audit injects axe-core into the page: the context bypasses the Content-Security-Policy for it.
    const { page } = await newPage(portal.browser, portal.server.url, { bypassCSP: true });
    await signInSuperAdmin(page, portal.server.url);

    // A demo consumer's app signs in: first with a mistyped password (refused), then rightly.
    const phone = demoPhone(2);
    const refused = await fetch(`${portal.server.url}/api/v1/app/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone: `0${phone.slice(2)}`, password: 'Demo@99999', ...APP }),
    });
    expect(refused.status).toBe(401);
    const session = await apiCall<{ token: string; name: string; consumer_id: number }>(portal.server.url, 'POST', '/api/v1/app/auth/sign-in', undefined, { phone, password: 'Demo@12345', ...APP });

    // The log, newest first: both attempts are on top.
    await page.goto(LOGIN_LOG);
    const table = page.getByTestId('resource-table');
    await table.getByText('9.9.1').first().waitFor();
    await table.getByText('Wrong password').first().waitFor();
    await shot(page, 'heimdal-login-log');
    await expectAccessible(page);

    // Filters in the URL: the app version, then the result.
    await pick(page, '[data-testid="filter-app_version"]', '9.9.1');
    await page.waitForURL(/app_version=9\.9\.1/);
    await expect.poll(() => page.locator('.resource-row').count()).toBe(2);
    await pick(page, '[data-testid="filter-result"]', 'Failed');
    await page.waitForURL(/result=1/);
    await expect.poll(() => page.locator('.resource-row').count()).toBe(1);
    const failed = page.locator('.resource-row').first();
    await failed.getByText('Wrong password').waitFor();
    await failed.getByText(session.name).waitFor();
    await failed.getByText(phone).waitFor();
    await shot(page, 'heimdal-login-log-filtered');

    // The filtered list as export_log: the one failed attempt.
    await page.getByTestId('export-button').click();
    const downloading = page.waitForEvent('download');
    await page.getByTestId('export-csv').click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^export_log_\d{8}_\d{6}\.csv$/);
    const lines = fs.readFileSync((await download.path())!, 'utf8').slice(1).trim().split('\r\n');
    expect(lines[0]).toBe('Time (WIB),Result,Failure Reason,Consumer ID,Consumer Name,Phone Number,Platform,App Version,Device,IP Address');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`Failed,Wrong password,${session.consumer_id},${session.name},${phone},Android,9.9.1,"E2E Pixel 8, Android 15"`);

    // From the attempt, its consumer: the cms consumer's view with the attempt and the consumer's sign-ins in front.
    await failed.getByTestId(/^login-consumer-\d+$/).click();
    await page.waitForURL(/\/consumer-login-log\/\d+\/consumer$/);
    await page.getByTestId('detail-section-attempt').getByText('Wrong password').waitFor();
    await page.getByTestId('page-title').getByText(session.name).waitFor();
    await page.getByTestId('detail-section-profile').getByText(phone).waitFor();
    await page.getByTestId('consumer-sign-ins').getByText('9.9.1').first().waitFor();
    await page.getByTestId('consumer-tabs').waitFor();
    await shot(page, 'heimdal-login-log-consumer');
    await expectAccessible(page);
    const consumerPage = page.url();

    // The voucher-used log: the demo's redemptions; one whose receipt names a consumer.
    await page.goto(USED_LOG);
    await page.getByTestId('resource-table').getByText('•••• ••••').first().waitFor();
    await shot(page, 'heimdal-voucher-used-log');
    await expectAccessible(page);
    const used = await pageData<{ data: { id: number; consumer_id: number | null; consumer_name: string | null; order_number: string; pos_transaction_no: string; masked_code: string }[] }>(
      page,
      '/api/v1/voucher-used-logs?limit=50',
    );
    const redemption = used.data.find((r) => r.consumer_id !== null)!;
    expect(redemption).toBeTruthy();
    // Search narrows the log to that receipt's voucher.
    await page.getByTestId('filter-search').fill(redemption.pos_transaction_no);
    await page.waitForURL(/search=/);
    await expect.poll(() => page.locator('.resource-row').count()).toBe(1);

    // Its consumer: the cms consumer's view with the redemption in front.
    await page.getByTestId(`used-detail-consumer-${redemption.id}`).click();
    await page.waitForURL(new RegExp(`/voucher-used-log/${redemption.id}/detail-consumer$`));
    await page.getByTestId('detail-section-redemption').getByText(redemption.masked_code).waitFor();
    await page.getByTestId('page-title').getByText(redemption.consumer_name!).waitFor();
    await page.getByTestId('consumer-tabs').waitFor();
    await shot(page, 'heimdal-voucher-used-consumer');
    await expectAccessible(page);

    // Its order and receipt: the voucher order's cms view with the redemption and the till receipt in front.
    await page.getByTestId('redemption-detail-order').click();
    await page.waitForURL(/\/detail-order$/);
    await page.getByTestId('page-title').getByText(redemption.order_number).waitFor();
    await page.getByTestId('receipt').getByText(redemption.pos_transaction_no).first().waitFor();
    await page.getByTestId('receipt-lines').locator('tbody tr.ant-table-row').first().waitFor();
    await page.getByTestId('detail-section-order').waitFor();
    await shot(page, 'heimdal-voucher-used-order');
    await expectAccessible(page);

    // Its voucher: masked, used, Rupiah with dot thousands.
    await page.getByTestId('redemption-detail-voucher').click();
    await page.waitForURL(/\/detail-voucher$/);
    await page.getByTestId('voucher').getByTestId('status-tag').getByText('Used', { exact: true }).waitFor();
    await page.getByTestId('voucher').getByText(/Rp \d{1,3}(\.\d{3})+/).first().waitFor();
    expect(await page.getByTestId('voucher').textContent()).toContain(redemption.masked_code);
    await shot(page, 'heimdal-voucher-used-voucher');
    await expectAccessible(page);

    // What the log knows when there is no consumer to show: a mistyped phone, a receipt without a member card.
    const stranger = await pageData<{ data: { id: number; consumer_id: number | null }[] }>(page, '/api/v1/consumer-login-logs?result=1&limit=100');
    const nobody = stranger.data.find((r) => r.consumer_id === null)!;
    await page.goto(`${LOGIN_LOG}/${nobody.id}/consumer`);
    await page.getByTestId('login-no-consumer').waitFor();
    await page.getByTestId('login-attempt').getByText('Phone not registered').waitFor();
    await shot(page, 'heimdal-login-log-no-consumer');
    await expectAccessible(page);
    const cardless = used.data.find((r) => r.consumer_id === null)!;
    await page.goto(`${USED_LOG}/${cardless.id}/detail-consumer`);
    await page.getByTestId('redemption-consumer-why').getByText('scanned no member card').waitFor();
    await shot(page, 'heimdal-voucher-used-no-consumer');
    await expectAccessible(page);

    // In Indonesian.
    await page.evaluate(() => localStorage.setItem('portal.lang', 'id'));
    await page.goto(`${LOGIN_LOG}?app_version=9.9.1`);
    await page.getByTestId('resource-table').getByText('Kata sandi salah').waitFor();
    await page.getByTestId('resource-table').getByText('Berhasil').first().waitFor();
    await page.getByText('Alasan Gagal').first().waitFor();
    await page.getByTestId('page-title').getByText('Log Masuk Konsumen').waitFor();
    await shot(page, 'heimdal-login-log-id');
    await expectAccessible(page);
    await page.goto(consumerPage);
    await page.getByText('Percobaan Masuk').first().waitFor();
    await page.getByText('Riwayat Masuk').first().waitFor();
    await shot(page, 'heimdal-login-log-consumer-id');
    await page.goto(`${USED_LOG}/${redemption.id}/detail-order`);
    await page.getByText('Penukaran Voucher').first().waitFor();
    await page.getByTestId('receipt').getByText('Total Struk').waitFor();
    await shot(page, 'heimdal-voucher-used-order-id');
    await page.goto(`${USED_LOG}/${redemption.id}/detail-voucher`);
    await page.getByTestId('voucher').getByTestId('status-tag').getByText('Terpakai', { exact: true }).waitFor();
    await shot(page, 'heimdal-voucher-used-voucher-id');
    await page.goto(`${USED_LOG}/${redemption.id}/detail-consumer`);
    await page.getByTestId('detail-section-redemption').getByText('Nominal').waitFor();
    await shot(page, 'heimdal-voucher-used-consumer-id');
    await expectAccessible(page);
  });
});
