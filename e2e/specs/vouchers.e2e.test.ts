import { describe, expect, it } from 'vitest';
import { newPage, shot } from '../support/browser.ts';
import { pick } from '../support/inputs.ts';
import { usePortal } from '../support/portal.ts';
import { signIn } from '../support/session.ts';

const LIST = '/admin/aphrodite/voucher-digital/voucher-management';

describe('voucher management', () => {
  const portal = usePortal();

  it('admin.cms creates a voucher product for one store, is told what is wrong first, finds it in capitals, edits it; a viewer only reads', { timeout: 120_000 }, async () => {
    const { page } = await newPage(portal.browser, portal.server.url);
    await signIn(page, 'admin.cms');
    await page.goto(LIST);
    await page.getByTestId('resource-table').getByText('EV100K').waitFor();
    await shot(page, 'voucher-products');

    await page.goto(`${LIST}/create`);
    await page.getByTestId('resource-form').waitFor();
    const code = `ev${Date.now() % 100_000}`;
    await page.getByTestId('field-voucher_code').fill(code);
    await page.getByTestId('field-name').fill('E-Voucher Uji Rp 150.000');
    await page.getByTestId('field-denomination').fill('150500');
    await page.getByTestId('field-validity_days').fill('60');
    await page.getByTestId('field-terms').fill('Tidak dapat diuangkan; berlaku di toko yang dipilih.');
    await pick(page, '#voucher-product_store_ids', 'Jakarta', 'Jakarta');
    // A denomination off the thousands is refused by the form before anything is sent.
    await page.getByTestId('form-submit').click();
    await page.locator('.ant-form-item-explain-error').filter({ hasText: 'whole thousands' }).waitFor();
    await page.getByTestId('field-denomination').fill('150000');
    const created = page.waitForResponse((r) => r.url().endsWith('/api/v1/voucher-products') && r.request().method() === 'POST');
    await page.getByTestId('form-submit').click();
    expect((await created).status()).toBe(200);
    await page.getByTestId('resource-table').getByText(code.toUpperCase()).first().waitFor();

    // Its detail names the store it is redeemed at; its edit keeps the store and changes the validity.
    await page.getByTestId('resource-table').getByRole('link', { name: 'E-Voucher Uji Rp 150.000' }).first().click();
    await page.getByText('Jakarta').first().waitFor();
    await shot(page, 'voucher-product-detail');
    const detailUrl = page.url();
    await page.goto(detailUrl.replace(/\/detail$/, '/edit'));
    await page.getByTestId('field-validity_days').fill('90');
    const saved = page.waitForResponse((r) => /\/api\/v1\/voucher-products\/\d+$/.test(r.url()) && r.request().method() === 'PUT');
    await page.getByTestId('form-submit').click();
    expect((await saved).status()).toBe(200);
    await page.getByText('Edit Data Successful').waitFor();

    // In Indonesian, the viewer sees the list without a way to create.
    const viewer = await newPage(portal.browser, portal.server.url);
    await viewer.page.addInitScript(() => localStorage.setItem('portal.lang', 'id'));
    await signIn(viewer.page, 'viewer');
    await viewer.page.goto(LIST);
    await viewer.page.getByTestId('resource-table').getByText(code.toUpperCase()).waitFor();
    await viewer.page.getByText('Kode Voucher').first().waitFor();
    expect(await viewer.page.getByTestId('create-button').count()).toBe(0);
    await shot(viewer.page, 'voucher-products-id');
  });
});
