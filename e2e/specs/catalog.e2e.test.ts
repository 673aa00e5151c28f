import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newPage, settledBox, shot } from '../support/browser.ts';
import { usePortal } from '../support/portal.ts';
import { signIn, signInSuperAdmin } from '../support/session.ts';

describe('catalog', () => {
  const portal = usePortal();

  it('reorders parent categories by dragging and keeps the order', async () => {
    const { page } = await newPage(portal.browser, portal.server.url);
    await signInSuperAdmin(page, portal.server.url);
    await page.goto('/admin/orion/category-management/parent-category');
    await page.getByTestId('category-order-open').click();
    const list = page.getByTestId('category-order-list');
    await list.waitFor();
    const names = () => list.locator('[data-order-name]').evaluateAll((els) => els.map((e) => e.getAttribute('data-order-name')));
    const before = await names();
    expect(before.length).toBeGreaterThan(3);

    // Drag the third category above the first, moving the mouse in steps as a hand does.
    const third = list.locator('[data-order-name]').nth(2);
    const first = list.locator('[data-order-name]').nth(0);
    const from = await settledBox(third);
    const to = await settledBox(first);
    await page.mouse.move(from.x + 40, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + 40, from.y + from.height / 2 - 10, { steps: 5 });
    await page.mouse.move(to.x + 40, to.y + 4, { steps: 15 });
    await page.mouse.up();
    await expect.poll(names).toEqual([before[2], before[0], before[1], ...before.slice(3)]);
    await shot(page, 'category-order');

    const saved = page.waitForResponse((r) => r.url().includes('/parent-categories/positions') && r.request().method() === 'PUT');
    await page.getByTestId('category-order-save').click();
    expect((await saved).status()).toBe(200);
    await page.getByText('Category order saved').first().waitFor();

    // The list, sorted by position, shows the new order after a reload.
    await page.reload();
    const firstRowName = page.locator('.resource-row').first().locator('a').nth(0);
    await expect.poll(() => firstRowName.textContent()).toBe(before[2]);
  });

  it('edits a product and finds the change in the log history', async () => {
    const { page } = await newPage(portal.browser, portal.server.url);
    await signIn(page, 'admin.cms');
    await page.goto('/admin/aphrodite/product?sort_by=plu&sort_dir=asc');
    const firstLink = page.locator('.resource-row').first().locator('a').first();
    await firstLink.waitFor();
    const plu = (await firstLink.textContent())!.trim();
    await page.getByTestId('resource-table').getByPlaceholder('Search PLU, barcode or name').fill(plu);
    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).searchParams.get('search')).toContain(plu);
    await expect.poll(() => page.locator('.resource-row').count()).toBe(1);
    await page.locator('.resource-row').first().locator('[data-testid^="row-edit-"]').click();

    const name = page.getByTestId('field-name');
    await expect.poll(() => name.inputValue()).not.toBe('');
    await name.fill('Indomie Goreng Rendang 91 g Edisi Uji');
    const price = page.getByTestId('field-price');
    await price.fill('4900');
    await shot(page, 'product-edit');
    const saved = page.waitForResponse((r) => /\/api\/v1\/products\/\d+$/.test(r.url()) && r.request().method() === 'PUT');
    await page.getByTestId('form-submit').click();
    expect((await saved).status()).toBe(200);
    await page.getByTestId('detail-view').waitFor();
    await page.getByText('Indomie Goreng Rendang 91 g Edisi Uji').first().waitFor();
    await page.getByText('Rp 4.900').first().waitFor();

    await page.goto('/admin/aphrodite/log-history?entity=product');
    const row = page.locator('.resource-row').first();
    await row.waitFor();
    await row.locator('[data-testid^="row-detail-"]').click();
    await page.getByTestId('detail-view').waitFor();
    await page.getByText('Indomie Goreng Rendang 91 g Edisi Uji').first().waitFor();
    await shot(page, 'product-audit');
  });

  /** The first products by PLU, read from the list as the user sees it. */
  async function firstPlus(page: Page, count: number): Promise<string[]> {
    await page.goto('/admin/aphrodite/product?sort_by=plu&sort_dir=asc');
    const rows = page.locator('.resource-row');
    await rows.first().waitFor();
    const plus = await rows.evaluateAll((els) => els.map((e) => e.querySelector('a')?.textContent?.trim() ?? ''));
    return plus.slice(0, count);
  }

  async function upload(page: Page, name: string, text: string): Promise<void> {
    await page.getByTestId('import-dropzone').locator('input[type=file]').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });
  }

  it('imports a product file with errors, is shown them by cell, fixes the file, confirms and sees the rows', async () => {
    const { page } = await newPage(portal.browser, portal.server.url);
    await signIn(page, 'admin.cms');
    const [a, b] = await firstPlus(page, 2);
    await page.getByTestId('product-import-open').click();
    await page.getByTestId('import-wizard').waitFor();

    // One good row, one unknown PLU, one price that is not a number.
    const header = 'PLU,Name,Price\r\n';
    await upload(page, 'products.csv', `${header}${a},Teh Uji Impor 350 ml,7700\r\n9999999,Tidak Ada,1000\r\n${b},,murah\r\n`);
    await page.getByTestId('import-preview').waitFor({ timeout: 30_000 });
    await expect.poll(() => new URL(page.url()).searchParams.get('batch')).not.toBeNull();
    const errors = page.getByTestId('import-cell-error');
    await expect.poll(() => errors.count()).toBeGreaterThanOrEqual(2);
    const errorText = (await errors.allTextContents()).join(' | ');
    expect(errorText).toMatch(/9999999|not found|unknown/i);
    await shot(page, 'product-import-errors');

    // Fix the file: start again and upload the corrected rows.
    await page.getByTestId('import-restart').click();
    await upload(page, 'products-fixed.csv', `${header}${a},Teh Uji Impor 350 ml,7700\r\n${b},,8100\r\n`);
    await page.getByTestId('import-preview').waitFor({ timeout: 30_000 });
    await expect.poll(() => errors.count()).toBe(0);
    await page.getByTestId('import-next').click();
    await page.getByTestId('import-confirm').click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Confirm import' }).click();
    await page.getByTestId('import-completed').waitFor({ timeout: 30_000 });
    await shot(page, 'product-import-done');

    // The list shows the imported rows.
    await page.getByTestId('import-back-to-list').click();
    await page.getByTestId('resource-table').getByPlaceholder('Search PLU, barcode or name').fill(a!);
    await page.keyboard.press('Enter');
    await page.getByText('Teh Uji Impor 350 ml').first().waitFor();
    await page.goto(`/admin/aphrodite/product?search=${b}`);
    await expect.poll(() => page.locator('.resource-row').count()).toBe(1);
    await page.locator('.resource-row a[href$="/detail"]').first().click();
    await page.getByText('Rp 8.100').first().waitFor();
  });

  it('exports a filtered list to CSV and the file holds exactly those rows', async () => {
    const { page } = await newPage(portal.browser, portal.server.url);
    await signIn(page, 'admin.cms');
    await page.goto('/admin/aphrodite/product?search=indomie&sort_by=plu&sort_dir=asc');
    await page.locator('.resource-row').first().waitFor();
    const total = Number((await page.locator('.ant-pagination-total-text').textContent())!.replace(/\D/g, ''));
    expect(total).toBeGreaterThan(0);

    await page.getByTestId('export-button').click();
    const downloading = page.waitForEvent('download');
    await page.getByTestId('export-csv').click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^export_product_\d{8}_\d{6}\.csv$/);
    const text = fs.readFileSync((await download.path())!, 'utf8');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const lines = text.slice(1).trim().split('\r\n');
    expect(lines[0]).toContain('PLU');
    expect(lines).toHaveLength(total + 1);
    for (const line of lines.slice(1)) expect(line.toLowerCase()).toContain('indomie');
  });
});
