import { describe, expect, it } from 'vitest';
import { newPage, shot } from '../support/browser.ts';
import { usePortal } from '../support/portal.ts';
import { signIn, signInSuperAdmin } from '../support/session.ts';

describe('e-commerce and promos', () => {
  const portal = usePortal();

  it('saves a planogram, then syncs only the list that is non-empty and changed (spec section 5)', async () => {
    const { page } = await newPage(portal.browser, portal.server.url);
    await signIn(page, 'admin.cms');
    // The demo's weekly catalogue has synced sub categories and no products.
    await page.goto('/admin/aphrodite/planogram-management?search=Katalog');
    const row = page.locator('.resource-row').first();
    await row.waitFor();
    await row.locator('[data-testid^="row-edit-"]').click();
    await page.getByTestId('resource-form').waitFor();
    await expect.poll(() => page.getByTestId('field-title').inputValue()).toBe('Katalog Hemat Mingguan');

    const calls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/v1/planograms') && r.method() !== 'GET') calls.push(`${r.method()} ${new URL(r.url()).pathname.replace(/\/\d+/, '/:id')}`);
    });
    const picker = page.locator('#planogram_product_ids');
    await picker.click();
    await page.keyboard.type('Indomie');
    // The search's answer, not the options shown before it arrives (clicking one of those raced the list's refresh).
    const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'Indomie' }).first();
    await option.waitFor();
    const picked = (await option.textContent())!.trim();
    await option.click();
    await page.keyboard.press('Escape');
    await shot(page, 'planogram-edit');

    const synced = page.waitForResponse((r) => r.url().includes('/product-sync') && r.request().method() === 'POST');
    await page.getByTestId('form-submit').click();
    expect((await synced).status()).toBe(200);
    await page.getByTestId('detail-view').waitFor();
    await page.getByTestId('detail-section-products').getByText(picked).waitFor();
    // The sub categories did not change: no category sync was sent.
    expect(calls).toEqual(['PUT /api/v1/planograms/:id', 'POST /api/v1/planograms/:id/product-sync']);
    await shot(page, 'planogram-detail');
  });

  it('bulk-edits master promo prices in one save', async () => {
    const { page } = await newPage(portal.browser, portal.server.url);
    await signInSuperAdmin(page, portal.server.url);
    await page.goto('/admin/orion/master-promo');
    await page.getByTestId('bulk-edit-open').click();
    const price = page.locator('[data-testid^="bulk-price-"]').first();
    await price.waitFor();
    await price.fill('1000');
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/v1/master-promos/bulk') && r.request().method() === 'PUT');
    await page.getByTestId('bulk-save').click();
    const res = await saved;
    expect(res.status()).toBe(200);
    expect((await res.json()).data).toHaveLength(1);
    await page.getByText('Promo prices saved: 1').first().waitFor();
    await shot(page, 'master-promo-bulk');
  });
});
