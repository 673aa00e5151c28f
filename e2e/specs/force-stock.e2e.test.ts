import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { audit, describeFinding } from '../support/a11y.ts';
import { apiCall } from '../support/api.ts';
import { newPage, shot } from '../support/browser.ts';
import { usePortal } from '../support/portal.ts';
import { passStepUp, signInSuperAdmin } from '../support/session.ts';

const PAGE = '/admin/heimdal/update-force-stock';
const STORE = 'S0001';
// The consumers seed numbers its i-th consumer 628 + a prefix + (i·7919 mod 10^8); the first five are demo app consumers.
const PREFIXES = ['12', '13', '21', '52', '57', '77', '78', '95', '96', '81'];
const demoPhone = (i: number) => `628${PREFIXES[i % 10]}${String((i * 7919) % 100_000_000).padStart(8, '0')}`;

interface StoreProduct {
  plu: string;
  product_name: string;
  stock: number;
}

/** The page's own session reads the API as the screens do. */
async function get<T>(page: Page, path: string): Promise<T> {
  const res = await page.request.get(`/api/v1/${path}`);
  expect(res.status(), path).toBe(200);
  return ((await res.json()) as { data: T }).data;
}

/** Applies the previewed change: its reason (and the words, if asked), then the step-up dialog when the second factor is old. */
async function applyWith(page: Page, base: string, reason: string, done: string, words?: string): Promise<void> {
  await page.getByTestId('guarded-reason').fill(reason);
  if (words) await page.getByTestId('guarded-confirmation').fill(words);
  await page.getByTestId('guarded-apply').click();
  const toast = page.getByText(done).first();
  await Promise.race([toast.waitFor(), page.getByTestId('step-up-code').waitFor()]);
  if (!(await toast.isVisible())) await passStepUp(page, base, 'superadmin@demo.local');
  await toast.waitFor();
}

describe('update force stock', () => {
  const portal = usePortal();

  it('the Super Admin forces one store product’s stock with a preview and a reason, forces stock by file, adds a stock shadow the consumer app honours, and undoes a change, in English and Indonesian', { timeout: 300_000 }, async () => {
    const base = portal.server.url;
    const { page } = await newPage(portal.browser, base, { bypassCSP: true });
    await signInSuperAdmin(page, base);
    const [store] = (await get<{ data: { id: number; code: string }[] }>(page, `stores?search=${STORE}&limit=5`)).data.filter((s) => s.code === STORE);
    const products = (await get<{ data: StoreProduct[] }>(page, `stores/${store!.id}/products?limit=5&sort_by=plu&sort_dir=asc`)).data;
    const [a, b] = products as [StoreProduct, StoreProduct];
    const stockOf = async (plu: string) => (await get<{ data: StoreProduct[] }>(page, `stores/${store!.id}/products?search=${plu}&limit=1`)).data[0]!.stock;

    // One store product: the form, the preview before → after, refused without a reason, then applied.
    await page.goto(PAGE);
    await page.getByRole('heading', { name: 'Update Force Stock', level: 1 }).waitFor();
    await page.getByTestId('force-store-code').fill(STORE);
    await page.getByTestId('force-plu').fill(a.plu);
    await page.getByTestId('force-stock').fill(String(a.stock + 7));
    await page.getByTestId('guarded-preview').click();
    const changes = page.getByTestId('guarded-changes');
    await changes.getByText(`${STORE} · PLU ${a.plu}`, { exact: false }).waitFor();
    await changes.getByText(String(a.stock + 7)).waitFor();
    await page.getByTestId('guarded-apply').click();
    await page.getByText(/Give the reason for this change/).first().waitFor();
    await shot(page, 'force-stock-preview');
    await applyWith(page, base, 'Stock opname at S0001 counted more units', 'Update Force Stock Success');
    expect(await stockOf(a.plu)).toBe(a.stock + 7);
    await page.getByTestId('operator-actions').locator('.ant-table-row').filter({ hasText: `PLU ${a.plu}` }).first().getByText('Can be undone').waitFor();
    await shot(page, 'force-stock-applied');
    const findings = await audit(page);
    expect(findings.map((f) => describeFinding('update-force-stock', f))).toEqual([]);

    // By file: the template's columns, the upload, the preview of every row with its errors by cell, then the guarded apply.
    await page.getByTestId('force-stock-import-open').click();
    await page.getByTestId('import-wizard').waitFor();
    await page.getByRole('heading', { name: 'Force Store Product Stock by File', level: 1 }).waitFor();
    const file = `Store Code,PLU,Stock\r\n${STORE},${a.plu},11\r\n${STORE},${b.plu},12\r\n${STORE},NOPE-PLU,5\r\n`;
    await page.getByTestId('import-dropzone').locator('input[type=file]').setInputFiles({ name: 'opname-e2e.csv', mimeType: 'text/csv', buffer: Buffer.from(file) });
    await page.getByTestId('import-preview').waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByTestId('import-cell-error').count()).toBe(1);
    await shot(page, 'force-stock-file-preview');
    await page.getByTestId('import-next').click();
    await page.getByTestId('guarded-preview').click();
    await page.getByTestId('guarded-changes').getByText(`${STORE} · PLU ${b.plu}`, { exact: false }).waitFor();
    await page.getByText('1 row with errors is left out.').waitFor();
    await page.getByTestId('guarded-apply').click();
    await page.getByText(/Give the reason for this change/).first().waitFor();
    await shot(page, 'force-stock-file-apply');
    const fileFindings = await audit(page);
    expect(fileFindings.map((f) => describeFinding('update-force-stock file preview', f))).toEqual([]);
    await applyWith(page, base, 'Monthly stock opname file of S0001', 'Update Force Stock Success', 'FORCE 2 STOCKS');
    await page.getByTestId('import-completed').waitFor({ timeout: 30_000 });
    await shot(page, 'force-stock-file-done');
    expect([await stockOf(a.plu), await stockOf(b.plu)]).toEqual([11, 12]);

    // Undo the file: both store products get their stock back, with the words asked for a bulk change.
    await page.getByTestId('import-back-to-list').click();
    await page.getByRole('heading', { name: 'Update Force Stock', level: 1 }).waitFor();
    const fileAction = page.getByTestId('operator-actions').locator('.ant-table-row').filter({ hasText: 'Monthly stock opname file' }).first();
    await fileAction.getByRole('button', { name: 'Undo' }).click();
    await page.getByTestId('undo-reason').fill('The file was last month’s count');
    await page.getByTestId('undo-confirmation').fill('UNDO 2 CHANGES');
    await page.getByTestId('undo-ok').click();
    await page.getByText('Change undone').waitFor();
    await fileAction.getByText(/Undone/).waitFor();
    expect([await stockOf(a.plu), await stockOf(b.plu)]).toEqual([a.stock + 7, b.stock]);
    await shot(page, 'force-stock-undone');

    // The Stock shadow tab (its own path): two units of b held back; the consumer app sells its stock less them.
    await page.getByTestId('tab-shadow').click();
    await page.waitForURL((u) => u.pathname === `${PAGE}/stock-shadow`);
    await page.getByTestId('shadow-add').click();
    const dialog = page.getByTestId('shadow-dialog');
    await dialog.getByTestId('shadow-plu').fill(b.plu);
    await dialog.getByTestId('shadow-quantity').fill('2');
    await dialog.getByTestId('guarded-preview').click();
    await dialog.getByTestId('guarded-changes').getByText(`PLU ${b.plu}`, { exact: false }).waitFor();
    await applyWith(page, base, 'Hold back two units for the store display', 'Stock Shadow Success');
    const shadowRow = page.locator('.resource-row').filter({ hasText: b.plu });
    await shadowRow.waitFor();
    await shot(page, 'force-stock-shadow');
    const shadowFindings = await audit(page);
    expect(shadowFindings.map((f) => describeFinding('stock shadow', f))).toEqual([]);
    const consumer = await apiCall<{ token: string }>(base, 'POST', '/api/v1/app/auth/sign-in', undefined, { phone: demoPhone(3), password: 'Demo@12345' });
    const onSale = await apiCall<{ plu: string; stock: number }[]>(base, 'GET', `/api/v1/app/stores/${STORE}/products?search=${b.plu}`, consumer.token);
    expect(onSale.find((p) => p.plu === b.plu)?.stock).toBe(Math.max(0, b.stock - 2));
    expect(await stockOf(b.plu)).toBe(b.stock);

    // In Indonesian, the tab kept by its path.
    await page.evaluate(() => localStorage.setItem('portal.lang', 'id'));
    await page.reload();
    await page.getByRole('heading', { name: 'Paksa Perbarui Stok', level: 1 }).waitFor();
    await page.getByRole('tab', { name: 'Stok bayangan', selected: true }).waitFor();
    await page.getByRole('columnheader', { name: 'Ditahan per Toko' }).waitFor();
    await shot(page, 'force-stock-shadow-id');
    await page.getByTestId('tab-force').click();
    await page.getByText('Atur stok satu produk toko').waitFor();
    await shot(page, 'force-stock-id');
  });
});
