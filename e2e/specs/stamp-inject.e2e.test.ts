import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newPage, shot } from '../support/browser.ts';
import { usePortal } from '../support/portal.ts';
import { signInSuperAdmin } from '../support/session.ts';

const LIST = '/admin/heimdal/digital-stamp-inject';
// The demo seed's injection batch gave the first eight consumers three stamps of the regular programme.
const PROGRAMME = 'Stempel Belanja Reguler';
const OUT_CARD = '8899000000000003';
const IN_CARD = '8899000000000004';

async function upload(page: Page, name: string, text: string): Promise<void> {
  await page.getByTestId('import-dropzone').locator('input[type=file]').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });
}

/** A consumer's stamp balance as the consumer detail reads it (the page's own session). */
async function balanceOf(page: Page, consumerId: string): Promise<number> {
  const res = await page.request.get(`/api/v1/consumers/${consumerId}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { stamp_balance: number } }).data.stamp_balance;
}

describe('digital stamp inject', () => {
  const portal = usePortal();

  it('a failed upload returns to the list; a correction file is previewed, confirmed, shows in the consumer’s stamp history, and is reversed', { timeout: 240_000 }, async () => {
    const { page } = await newPage(portal.browser, portal.server.url);
    await signInSuperAdmin(page, portal.server.url);
    await page.goto(LIST);
    await page.getByTestId('stamp-inject-import-open').click();
    await page.getByTestId('import-wizard').waitFor();

    // The drop zone waits for the reason; a file without the template's headers fails and returns to the list.
    await page.getByTestId('import-upload-blocked').waitFor();
    await page.getByTestId('stamp-inject-reason').fill('Koreksi E2E: stempel ganda dan transaksi hilang');
    await upload(page, 'salah.csv', 'Card,Jumlah\r\n1,2\r\n');
    await page.waitForURL((u) => u.pathname === LIST, { timeout: 30_000 });
    await page.getByText(/Missing columns: App Card ID, Programme/).first().waitFor();
    await shot(page, 'stamp-inject-failed-upload');

    // The correction file: two stamps out for one consumer, five in for another.
    await page.getByTestId('stamp-inject-import-open').click();
    await page.getByTestId('stamp-inject-reason').fill('Koreksi E2E: stempel ganda dan transaksi hilang');
    const fileName = `koreksi-e2e-${Date.now()}.csv`;
    await upload(page, fileName, `App Card ID,Programme,Stamps\r\n${OUT_CARD},${PROGRAMME},-2\r\n${IN_CARD},${PROGRAMME},5\r\n`);
    await page.getByTestId('import-preview').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('import-cell-error').count()).toBe(0);
    await shot(page, 'stamp-inject-preview');
    await page.getByTestId('import-next').click();
    await page.getByTestId('import-confirm').click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Confirm import' }).click();
    await page.getByTestId('import-completed').waitFor({ timeout: 30_000 });

    // The batch in the list, then its detail with the rows and the ledger rows they wrote.
    await page.getByTestId('import-back-to-list').click();
    const row = page.getByTestId('resource-table').locator('tr', { hasText: fileName });
    await row.waitFor();
    await row.locator('a').first().click();
    await page.getByTestId('detail-view').waitFor();
    const lines = page.getByTestId('stamp-injection-rows');
    await lines.getByText(`${OUT_CARD}`, { exact: false }).waitFor();
    await shot(page, 'stamp-inject-detail');
    const batchUrl = page.url();
    const consumerHref = await lines.locator('tr', { hasText: OUT_CARD }).locator('a').getAttribute('href');
    const consumerId = /consumer\/(\d+)\/detail/.exec(consumerHref ?? '')?.[1];
    if (!consumerId) throw new Error(`no consumer link: ${consumerHref}`);
    const afterInject = await balanceOf(page, consumerId);

    // The consumer's stamp history shows the correction out (movement 31) with the batch as its reference.
    await page.goto(consumerHref!);
    await page.getByTestId('detail-view').waitFor();
    await page.getByTestId('consumer-tabs').getByRole('tab', { name: 'Stamp History' }).click();
    const history = page.getByTestId('consumer-stamps');
    await history.getByText(/^INJ-\d+$/).first().waitFor();
    await history.getByText('Koreksi E2E: stempel ganda dan transaksi hilang').first().waitFor();
    await page.getByTestId('detail-view').getByText(String(afterInject), { exact: true }).first().waitFor();
    await shot(page, 'stamp-inject-consumer-history');

    // Reverse the batch behind its confirmation: the two stamps come back.
    await page.goto(batchUrl);
    await page.getByTestId('stamp-injection-reverse').click();
    await page.getByTestId('confirm-ok').click();
    await page.getByTestId('detail-view').getByText('Reversed', { exact: true }).first().waitFor();
    await expect.poll(() => lines.locator('td', { hasText: /^#\d+$/ }).count()).toBe(4);
    expect(await balanceOf(page, consumerId)).toBe(afterInject + 2);
    await expect.poll(() => page.getByTestId('stamp-injection-reverse').count()).toBe(0);
    await shot(page, 'stamp-inject-reversed');
  });
});
