import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { apiCall } from '../support/api.ts';
import { newPage, shot } from '../support/browser.ts';
import { pick, typeDate, dayText } from '../support/inputs.ts';
import { usePortal } from '../support/portal.ts';
import { passStepUp, signIn } from '../support/session.ts';


// The consumers seed numbers its i-th consumer 628 + a prefix + (i·7919 mod 10^8); the first five are demo app consumers.
const PREFIXES = ['12', '13', '21', '52', '57', '77', '78', '95', '96', '81'];
const demoPhone = (i: number) => `628${PREFIXES[i % 10]}${String((i * 7919) % 100_000_000).padStart(8, '0')}`;

describe('digital coupons', () => {
  const portal = usePortal();

  it('admin.cms creates a by-PLU coupon and generates its codes; a demo consumer claims one through the app; the claim shows in the coupon log and is exported', { timeout: 240_000 }, async () => {
    const name = 'Kupon Uji PLU E2E';
    const { page } = await newPage(portal.browser, portal.server.url);
    await signIn(page, 'admin.cms');
    await page.goto('/admin/aphrodite/coupon-setting/create');
    await page.getByTestId('resource-form').waitFor();
    await page.getByTestId('field-name').fill(name);
    await pick(page, '#coupon-setting_coupon_type', 'By PLU');
    await pick(page, '#coupon-setting_promo_type', 'Amount');
    await page.getByTestId('field-discount_value').fill('5000');
    await typeDate(page, '#coupon-setting_start_date', dayText(0));
    await typeDate(page, '#coupon-setting_end_date', dayText(10));
    await page.getByTestId('field-quota').fill('20');
    await page.getByTestId('field-limit_per_consumer').fill('1');
    await page.getByTestId('coupon-product-add').click();
    await page.locator('#coupon-setting_products_0_product').click();
    await page.keyboard.type('Beras');
    const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option').first();
    await option.waitFor();
    const product = (await option.textContent())!.trim();
    await option.click();
    await page.getByTestId('coupon-amount-0').fill('1000');
    await page.getByTestId('audience-estimate').waitFor();
    await shot(page, 'coupon-setting-create');

    const saved = page.waitForResponse((r) => r.url().endsWith('/api/v1/coupon-settings') && r.request().method() === 'POST');
    await page.getByTestId('form-submit').click();
    const created = await saved;
    expect(created.status(), await created.text()).toBe(200);
    const couponId = ((await created.json()) as { data: { id: number } }).data.id;
    // Saved, the form goes back to the list, where the new coupon is; its detail shows the product line.
    await page.locator('.resource-row').filter({ hasText: name }).first().waitFor();
    await page.goto(`/admin/aphrodite/coupon-setting/${couponId}/detail`);
    await page.getByTestId('detail-view').waitFor();
    await page.getByTestId('coupon-products-table').getByText(product.split(' · ')[1]!).waitFor();

    // Codes from a pattern, made by a background job whose progress the detail follows to the end.
    await page.getByTestId('coupon-codes-pattern').fill('E2E-####-XX');
    await page.getByTestId('coupon-codes-generate').click();
    await page.getByTestId('coupon-codes-made').getByText('20 of 20 codes').waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByTestId('coupon-codes-progress').getAttribute('aria-valuenow')).toBe('100');
    await shot(page, 'coupon-setting-detail');

    // A demo consumer sees the coupon in the app and claims it.
    const session = await apiCall<{ token: string; name: string }>(portal.server.url, 'POST', '/api/v1/app/auth/sign-in', undefined, { phone: demoPhone(1), password: 'Demo@12345' });
    const open = await apiCall<{ id: number }[]>(portal.server.url, 'GET', '/api/v1/app/coupons', session.token);
    expect(open.map((c) => c.id)).toContain(couponId);
    const claim = await apiCall<{ coupon_code: string }>(portal.server.url, 'POST', `/api/v1/app/coupons/${couponId}/claim`, session.token);
    expect(claim.coupon_code).toMatch(/^E2E-\d{4}-[A-Z]{2}$/);

    // The coupon log, filtered to this coupon by its URL, shows the claim; its export holds it.
    await page.goto(`/admin/aphrodite/coupon-log?coupon_id=${couponId}`);
    const row = page.locator('.resource-row').first();
    await row.getByText(claim.coupon_code).waitFor();
    await expect.poll(() => page.locator('.resource-row').count()).toBe(1);
    await row.getByText(session.name).waitFor();
    await shot(page, 'coupon-log');

    // admin.cms sees personal data: an unmasked file asks for a recent second factor first, then downloads by itself.
    await page.getByTestId('export-button').click();
    const downloading = page.waitForEvent('download');
    await page.getByTestId('export-csv').click();
    await passStepUp(page, portal.server.url, 'admin.cms@demo.local');
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^Export-coupon_log_\d{8}_\d{6}\.csv$/);
    const text = fs.readFileSync((await download.path())!, 'utf8');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const lines = text.slice(1).trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(claim.coupon_code);
    expect(lines[1]).toContain(name);
  });
});
